import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  checkOutboundDestination,
  closeIdleConnections,
  isPublicAddress,
  type OutboundError,
  outboundRequest,
  REFUSED_DESTINATION,
} from './outbound-http';

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '93.184.215.14',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    // IPv4 carried in IPv6 is judged as that IPv4 address.
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback', '127.255.0.9'],
    ['unspecified', '0.0.0.0'],
    ['private', '10.0.0.8'],
    ['private', '172.16.5.4'],
    ['private', '192.168.1.1'],
    ['shared (CGNAT)', '100.64.0.1'],
    ['link-local', '169.254.169.254'],
    ['TEST-NET-1', '192.0.2.10'],
    ['TEST-NET-2', '198.51.100.7'],
    ['TEST-NET-3', '203.0.113.9'],
    ['benchmarking', '198.18.0.1'],
    ['IETF protocol assignments', '192.0.0.8'],
    ['multicast', '224.0.0.251'],
    ['reserved', '240.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv4-compatible loopback (::127.0.0.1)', '::7f00:1'],
    ['IPv4-compatible public address', '::808:808'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-translated loopback', '::ffff:0:7f00:1'],
    ['NAT64 of a private address', '64:ff9b::a00:1'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['local-use NAT64', '64:ff9b:1::808:808'],
    ['site-local', 'fec0::1'],
    ['unique-local', 'fd12:3456::1'],
    ['link-local', 'fe80::1'],
    ['link-local with a zone', 'fe80::1%eth0'],
    ['multicast', 'ff02::1'],
    ['documentation', '2001:db8::1'],
    ['Teredo', '2001:0:4136:e378::1'],
    ['6to4', '2002:7f00:1::1'],
    ['discard', '100::1'],
    ['unassigned (outside 2000::/3)', '4000::1'],
    ['not an address', 'localhost'],
  ])('refuses %s (%s)', (_kind, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('checkOutboundDestination', () => {
  const names: Record<string, string[]> = {
    'public.test': ['93.184.215.14'],
    'mixed.test': ['10.0.0.1', '93.184.215.14'],
    'loopback.test': ['127.0.0.1', '::1'],
    'private.test': ['192.168.0.10'],
  };
  const lookup = (host: string) => Promise.resolve(names[host] ?? []);
  const refusal = (url: string, allowPrivate = false) =>
    checkOutboundDestination(url, allowPrivate, lookup).then(
      () => null,
      (error: OutboundError) => [error.failure, error.message],
    );

  it('allows a name that resolves to a public address, and an address that is one', async () => {
    expect(await refusal('https://public.test/hook')).toBeNull();
    expect(await refusal('https://mixed.test/hook')).toBeNull();
    expect(await refusal('https://93.184.215.14/hook')).toBeNull();
  });

  it('refuses every other destination with the same words, whether its name resolves or not', async () => {
    for (const url of [
      'http://loopback.test/hook',
      'http://private.test/hook',
      'http://missing.test/hook',
      'http://127.0.0.1:9999/hook',
      'http://[::127.0.0.1]:4001/',
      'http://[::ffff:0:7f00:1]/',
      'http://[fec0::1]/',
      'http://203.0.113.9/',
    ]) {
      expect(await refusal(url)).toEqual(['refused', REFUSED_DESTINATION]);
    }
  });

  it('resolves nothing when the setting allows private addresses', async () => {
    expect(await refusal('http://missing.test/hook', true)).toBeNull();
    expect(await refusal('http://127.0.0.1:9999/hook', true)).toBeNull();
  });

  it('resolves localhost with the system resolver as a connection does', async () => {
    expect(await checkOutboundDestination('http://localhost:9999/hook', false).catch((error: OutboundError) => error.failure)).toBe(
      'refused',
    );
  });
});

/** The outbound rules, against a server on loopback (the only address these tests contact). */
describe('outboundRequest', () => {
  let server: Server;
  let port: number;
  /** What /echo got: its declared length and its bytes. */
  let echoed: { length: string | undefined; body: Buffer } | null = null;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/echo') {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          echoed = { length: request.headers['content-length'], body: Buffer.concat(chunks) };
          response.writeHead(204).end();
        });
      } else if (request.url === '/redirect') response.writeHead(302, { location: 'http://127.0.0.1:1/' }).end();
      else if (request.url === '/big') response.end(Buffer.alloc(2048));
      else response.writeHead(201).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const send = (url: string, allowPrivate: boolean, maxBytes = 1024) =>
    outboundRequest({ url, method: 'POST', body: '{}', timeoutMs: 2000, maxBytes, allowPrivate });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error as OutboundError).failure,
    );

  it('never calls a loopback address, named or not, unless allowed', async () => {
    expect(await failure(send(`http://127.0.0.1:${port}/`, false))).toBe('refused');
    // A name is checked on the address it resolves to, when the connection is made.
    expect(await failure(send(`http://localhost:${port}/`, false))).toBe('refused');
    expect(await failure(send(`http://[::ffff:127.0.0.1]:${port}/`, false))).toBe('refused');
    expect(await failure(send(`http://[::127.0.0.1]:${port}/`, false))).toBe('refused');
    // A name that does not resolve is refused in the same words as one that resolves to loopback.
    const missing = await send(`http://no-such-host.invalid:${port}/`, false).catch((error: OutboundError) => error);
    const loopback = await send(`http://localhost:${port}/`, false).catch((error: OutboundError) => error);
    expect([(missing as OutboundError).failure, (missing as OutboundError).message]).toEqual(['refused', REFUSED_DESTINATION]);
    expect([(loopback as OutboundError).failure, (loopback as OutboundError).message]).toEqual(['refused', REFUSED_DESTINATION]);
    expect((await send(`http://127.0.0.1:${port}/`, true)).status).toBe(201);
  });

  it('follows no redirect, bounds the answer, and refuses other schemes and credentials', async () => {
    expect((await send(`http://127.0.0.1:${port}/redirect`, true)).status).toBe(302);
    expect(await failure(send(`http://127.0.0.1:${port}/big`, true))).toBe('too-large');
    expect((await send(`http://127.0.0.1:${port}/big`, true, 0)).body.length).toBe(0);
    expect(await failure(send('file:///etc/passwd', true))).toBe('scheme');
    expect(await failure(send(`http://user:pass@127.0.0.1:${port}/`, true))).toBe('credentials');
    expect(await failure(send('not a url', true))).toBe('url');
  });

  it('sends a body of text or of bytes as it is, with its length in bytes', async () => {
    const text = '{"alias":"ünïcode-链接","emoji":"🔗"}';
    for (const body of [text, Buffer.from(text)]) {
      echoed = null;
      const answer = await outboundRequest({
        url: `http://127.0.0.1:${port}/echo`,
        method: 'POST',
        body,
        timeoutMs: 2000,
        maxBytes: 0,
        allowPrivate: true,
      });
      expect(answer.status).toBe(204);
      expect(echoed).toEqual({ length: String(Buffer.byteLength(text)), body: Buffer.from(text) });
    }
  });

  describe('kept connections', () => {
    let keeper: Server;
    let keeperPort: number;
    /** Connections the server accepted, and the requests each served. */
    let connections: number[];
    /** The server's ends of the connections still open. */
    const open = new Set<Socket>();
    /** Close a connection as its second request comes (a server that dropped an idle connection). */
    let dropSecond = false;
    beforeAll(async () => {
      keeper = createServer((request, response) => {
        const index = (request.socket as { index?: number } & typeof request.socket).index!;
        connections[index]! += 1;
        if (dropSecond && connections[index] === 2) return request.socket.destroy();
        if (request.url === '/long') return response.end(Buffer.alloc(100 * 1024));
        if (request.url === '/slow') return void setTimeout(() => response.end('late'), 4500);
        if (request.url === '/trickle') {
          // Headers at once, then a byte a second that never ends.
          response.writeHead(200, { 'content-type': 'text/plain' });
          const drip = setInterval(() => response.write('.'), 1000);
          response.on('close', () => clearInterval(drip));
          return;
        }
        if (request.url === '/chatty') {
          // Answers, then keeps writing to the idle connection (which an agent's own timeout forgives).
          response.end('ok');
          const drip = setInterval(() => request.socket.write('x'), 500);
          request.socket.on('close', () => clearInterval(drip));
          return;
        }
        response.end('ok');
      });
      keeper.on('connection', (socket: Socket & { index?: number }) => {
        socket.index = connections.push(0) - 1;
        open.add(socket);
        socket.on('close', () => open.delete(socket));
      });
      await new Promise<void>((resolve) => keeper.listen(0, '127.0.0.1', resolve));
      keeperPort = (keeper.address() as AddressInfo).port;
    });
    beforeEach(async () => {
      // Each test starts with no kept connection.
      keeper.closeAllConnections();
      await new Promise((resolve) => setTimeout(resolve, 20));
      connections = [];
      dropSecond = false;
    });
    afterAll(() => {
      keeper.closeAllConnections();
      return new Promise((resolve) => keeper.close(resolve));
    });
    const call = (path: string, options: { timeoutMs?: number; maxBytes?: number; host?: string; allowPrivate?: boolean } = {}) =>
      outboundRequest({
        url: `http://${options.host ?? '127.0.0.1'}:${keeperPort}${path}`,
        method: 'POST',
        body: 'event',
        timeoutMs: options.timeoutMs ?? 2000,
        maxBytes: options.maxBytes ?? 0,
        allowPrivate: options.allowPrivate ?? true,
      });
    const idle = () => new Promise((resolve) => setTimeout(resolve, 50));

    it('sends one request after another over one connection, after a deadline has passed too', async () => {
      // Each request's deadline (300 ms, ample for an answer on loopback however loaded the machine)
      // passes while its connection is idle: it must not cost the connection.
      for (let index = 0; index < 3; index += 1) {
        expect((await call('/', { timeoutMs: 300 })).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      expect((await call('/', { maxBytes: 100 })).body.toString()).toBe('ok');
      expect(connections).toEqual([4]);
    });

    it('sends a request again, on a new connection, when the kept one was closed as it was reused', async () => {
      dropSecond = true;
      expect((await call('/')).status).toBe(200);
      await idle();
      expect((await call('/')).status).toBe(200);
      expect(connections).toEqual([2, 1]);
    });

    it('closes a connection whose answer it would have to read past 64 kB to drop', async () => {
      expect((await call('/long')).status).toBe(200);
      await idle();
      expect((await call('/')).status).toBe(200);
      expect(connections).toEqual([1, 1]);
    });

    it('waits for an answer slower than an idle connection is kept, within the deadline', async () => {
      expect((await call('/slow', { timeoutMs: 8000, maxBytes: 100 })).body.toString()).toBe('late');
    });

    it('stops reading a body it only drops after a second, long before the deadline', async () => {
      expect((await call('/trickle', { timeoutMs: 120_000 })).status).toBe(200);
      await new Promise((resolve) => [...open][0]!.once('close', resolve));
    }, 10_000);

    it('closes an idle connection after 4 s even when the other side keeps writing to it', async () => {
      expect((await call('/chatty')).status).toBe(200);
      await new Promise((resolve) => [...open][0]!.once('close', resolve));
    }, 10_000);

    it('lets its idle connections go when asked (at a stop)', async () => {
      expect((await call('/')).status).toBe(200);
      await idle();
      const closed = new Promise((resolve) => [...open][0]!.once('close', resolve));
      closeIdleConnections();
      await closed;
      expect((await call('/')).status).toBe(200);
      expect(connections).toEqual([1, 1]);
    });

    it('never lends a connection to a private address to a request that may not reach one', async () => {
      expect((await call('/', { host: 'localhost', allowPrivate: true })).status).toBe(200);
      await idle();
      expect(await failure(call('/', { host: 'localhost', allowPrivate: false }))).toBe('refused');
      expect(connections).toEqual([1]);
    });
  });
});
