import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { closeLoopbackConnections, startBuiltService, type BuiltService } from './support/built-service';

/**
 * Hostile bodies against the operations that take large ones (a bulk call, an import), sent to the
 * built service in a process of its own on the loopback (so that the sender's own work is not
 * counted against the service), with and without a key: the service answers each with a 4xx, answers a
 * caller it does not know (or one over its limit) before reading the body at all, and keeps
 * answering redirects and a cheap API call while the hostile bodies are in flight. The bound on the
 * probes' waits is generous: an unprotected parse froze every request for 3 to 7 s; protected, the
 * longest wait measured was 0.2 to 1.5 s on a 2-core machine where the sender, the service and its
 * import worker share the cores. This file is the only one that asserts a bound.
 */

const MIB = 1024 * 1024;
const PROBE_BOUND_MS = 2500;

// The bound is on time, which a busy machine can stretch once (seen once: a probe waited 2.8 s on
// a day this machine ran 2.5 times slower than on its good ones, in the full suite); a parse
// that freezes the service does it every time. A failed test is run once more, its errors printed.
jest.retryTimes(1, { logErrorsBeforeRetry: true });

/** An 8 MiB body of `{"<key>":[{},{},…]}`: millions of empty objects. */
const emptyObjects = (key: string) => `{"${key}":[${'{},'.repeat(Math.floor((8 * MIB - 20) / 3) - 1)}{}]}`;
/** A list nested four million levels deep: 8 MiB less `room` bytes. */
const deepList = (room = 0) => '['.repeat(4 * MIB - room) + ']'.repeat(4 * MIB - room);
/** A CSV whose header is eight million empty cells. */
const commaHeader = () => ','.repeat(8 * MIB - 2);

/** The status of an answer lost because the service closed the connection of a body it would not read. */
const CLOSED_UNREAD = 0;

interface Answer {
  status: number;
  body: string;
}

const ADMIN_KEY = 'lyk_abuse-admin-key-0123456789abcdefghijklmn';

describe('hostile bodies (abuse)', () => {
  let service: BuiltService;
  let port: number;
  let user: string;
  /** A second account: its import waits in turn with the first one's, not behind both of them. */
  let other: string;
  /**
   * The probes' account, with the highest limit an account may have: the probes run back to back for
   * as long as the hostile bodies are in flight (a thousand calls in well under a minute on a fast
   * run), and a 429 of their own would say nothing about the service's freedom to answer.
   */
  let prober: string;
  let alias: string;

  /** A new account's key, with room for the test's calls. */
  async function newAccount(ratelimit: number): Promise<string> {
    const name = `abuse${Math.random().toString(36).slice(2, 10)}`;
    const body = JSON.stringify({ username: name, email: `${name}@example.com`, password: 'a-long-password', ratelimit });
    const answer = await send('POST', '/l/api/user/add', { key: ADMIN_KEY, body });
    return (JSON.parse(answer.body) as { data: { apikey: string } }).data.apikey;
  }

  beforeAll(async () => {
    service = await startBuiltService({ DATA_DIR: 'memory://', ADMIN_API_KEY: ADMIN_KEY });
    port = service.port;
    user = await newAccount(1000);
    other = await newAccount(1000);
    prober = await newAccount(100_000);
    const added = await send('POST', '/l/api/url/add', { key: user, body: '{"url":"https://example.com/landing"}' });
    alias = new URL((JSON.parse(added.body) as { shorturl: string }).shorturl).pathname.slice(1);
  }, 90_000);
  afterAll(async () => {
    closeLoopbackConnections();
    await service?.stop();
  });

  /** One request over a socket of its own. */
  function send(
    method: string,
    path: string,
    options: { key?: string | null; body?: string | Buffer; type?: string } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      if (options.key) headers.authorization = `Bearer ${options.key}`;
      if (options.body !== undefined) headers['content-type'] = options.type ?? 'application/json';
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
      // The service answers a body it refuses unread and closes the connection: the rest of the body
      // then meets a closed socket (EPIPE, ECONNRESET), after the answer, or at times before it is read.
      let answered = false;
      req.on('response', () => (answered = true));
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
          if (!answered) resolve({ status: CLOSED_UNREAD, body: '' });
        } else reject(error);
      });
      req.end(options.body);
    });
  }

  /**
   * Sends the headers of a request announcing `length` bytes and only the first 64 kB of them, and
   * resolves with the status line of the answer, if one comes while the rest is never sent.
   */
  function answerToHalfSentBody(path: string, key: string | null, length = 8 * MIB): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no answer while the body was still being sent (got: ${JSON.stringify(received)})`));
      }, 5000);
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString();
        const end = received.indexOf('\r\n');
        if (end !== -1) {
          clearTimeout(timer);
          socket.destroy();
          resolve(received.slice(0, end));
        }
      });
      socket.on('error', () => undefined);
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n` +
          (key ? `Authorization: Bearer ${key}\r\n` : '') +
          '\r\n' +
          '{"urls":[' +
          '{},'.repeat(20_000),
      );
    });
  }

  describe('a caller not known, or over its limit, is answered before its body is read', () => {
    it.each([
      ['url/bulk', '/l/api/url/bulk'],
      ['urls/import', '/l/api/urls/import'],
      ['url/add', '/l/api/url/add'],
    ])('%s without a key: 401 while the body is still on its way', async (_name, path) => {
      expect(await answerToHalfSentBody(path, null, path === '/l/api/url/add' ? MIB - 1 : 8 * MIB)).toBe('HTTP/1.1 401 Unauthorized');
      expect(await answerToHalfSentBody(path, 'lyk_not-a-key-0123456789', path === '/l/api/url/add' ? MIB - 1 : 8 * MIB)).toBe(
        'HTTP/1.1 401 Unauthorized',
      );
    });

    it("over the account's limit: 429 while the body is still on its way", async () => {
      const limited = await newAccount(2);
      await send('GET', '/l/api/account', { key: limited });
      await send('GET', '/l/api/account', { key: limited });
      expect(await answerToHalfSentBody('/l/api/url/bulk', limited)).toBe('HTTP/1.1 429 Too Many Requests');
    });
  });

  it('answers redirects and a cheap API call while hostile bodies of each large operation are in flight, with and without a key', async () => {
    // The bodies are made before the clock starts: only the service's work is timed.
    const bodies = {
      emptyObjects: Buffer.from(emptyObjects('urls')),
      deep: Buffer.from(deepList()),
      deepInBulk: Buffer.from(`{"urls":${deepList(8)}}`),
      commas: Buffer.from(commaHeader()),
      manyObjects: Buffer.from(`[${'{},'.repeat(2_700_000)}{}]`),
    };
    const hostile: [string, Promise<Answer>][] = [
      ['bulk of empty objects, no key', send('POST', '/l/api/url/bulk', { body: bodies.emptyObjects })],
      ['bulk nested deep, no key', send('POST', '/l/api/url/bulk', { body: bodies.deep })],
      ['import of a comma header, no key', send('POST', '/l/api/urls/import', { body: bodies.commas, type: 'text/csv' })],
      ['bulk of empty objects', send('POST', '/l/api/url/bulk', { key: user, body: bodies.emptyObjects })],
      ['bulk nested deep', send('POST', '/l/api/url/bulk', { key: user, body: bodies.deepInBulk })],
      ['import of a comma header', send('POST', '/l/api/urls/import?from=yourls', { key: user, body: bodies.commas, type: 'text/csv' })],
      ['import of JSON nested deep', send('POST', '/l/api/urls/import?from=kutt', { key: user, body: bodies.deep })],
      ['import of empty objects', send('POST', '/l/api/urls/import', { key: other, body: bodies.manyObjects })],
    ];
    let settled = false;
    const done = Promise.allSettled(hostile.map(([, answer]) => answer)).then(() => (settled = true));

    // Probes, one after the other, for as long as the hostile bodies are in flight.
    const waits: number[] = [];
    const probes: Answer[] = [];
    let duringHostile = 0;
    while (!settled || probes.length < 4) {
      if (!settled) duringHostile += 1;
      for (const [method, path, key] of [
        ['GET', `/${alias}`, null],
        ['GET', '/l/api/account', prober],
      ] as const) {
        const started = performance.now();
        probes.push(await send(method, path, { key }));
        waits.push(performance.now() - started);
      }
    }
    await done;

    for (const [what, answer] of hostile) {
      // A 4xx (or the connection closed on a body refused unread), or for an import read to the end a
      // 200 whose every record failed: nothing was created.
      const { status, body } = await answer;
      const refused =
        status === CLOSED_UNREAD ||
        (status >= 400 && status < 500) ||
        (status === 200 && (JSON.parse(body) as { data: { created: number } }).data.created === 0);
      expect({ what, status, refused }).toEqual({ what, status, refused: true });
    }
    expect(probes.map((probe) => probe.status)).toEqual(probes.map((_, index) => (index % 2 === 0 ? 302 : 200)));
    expect(Math.max(...waits)).toBeLessThan(PROBE_BOUND_MS);
    // The probes went on between the hostile answers, not only before and after them.
    expect(duringHostile).toBeGreaterThan(10);
  }, 120_000);

  // Last: it trips the failed-key limit of 127.0.0.1 for the rest of the minute.
  it('past the failed-key limit of the address: 429 while the body is still on its way', async () => {
    for (let attempt = 0; attempt < 20; attempt++) await send('GET', '/l/api/account', { key: 'lyk_not-a-key-0123456789' });
    expect(await answerToHalfSentBody('/l/api/url/bulk', 'lyk_not-a-key-0123456789')).toBe('HTTP/1.1 429 Too Many Requests');
    // A valid key from that address still works, and its body is read.
    expect((await send('POST', '/l/api/url/bulk', { key: user, body: '{"urls":[{"url":"https://example.com/ok"}]}' })).status).toBe(200);
  });
});
