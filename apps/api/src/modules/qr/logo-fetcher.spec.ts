import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer } from 'node:net';
import sharp from 'sharp';
import { pngClaiming } from '../../../test/support/images';
import { fetchLogo, LOGO_STORED_SIDE } from './logo-fetcher';

describe('fetchLogo', () => {
  let server: Server;
  let base: string;
  const routes = new Map<string, (response: ServerResponse) => void>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      const route = routes.get(request.url ?? '');
      if (route) route(response);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const fetch = (path: string) => fetchLogo(`${base}${path}`, { allowPrivate: true, timeoutMs: 600 });

  it('stores a real image as a PNG of at most 256 pixels a side', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    routes.set('/big.jpg', (response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg));
    const logo = await fetch('/big.jpg');
    expect(logo.type).toBe('image/png');
    const { width, height, format } = await sharp(logo.data).metadata();
    expect({ width, height, format }).toEqual({ width: LOGO_STORED_SIDE, height: LOGO_STORED_SIDE / 2, format: 'png' });
  });

  it('refuses an image that claims 16000×16000 pixels, before decoding it', async () => {
    routes.set('/huge.png', (response) => response.writeHead(200).end(pngClaiming(16000, 16000)));
    await expect(fetch('/huge.png')).rejects.toThrow(/16000×16000 pixels; logos are at most 2048×2048/);
  });

  it('refuses PNG magic bytes followed by garbage', async () => {
    const garbage = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('not an image at all'.repeat(20)),
    ]);
    routes.set('/garbage.png', (response) => response.writeHead(200).end(garbage));
    await expect(fetch('/garbage.png')).rejects.toThrow(/Invalid field "logo"/);
  });

  it('gives up at the deadline however slowly the headers trickle', async () => {
    // A raw server: one header line every 100 ms, never the end of the headers.
    const trickle = createTcpServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\n');
      const timer = setInterval(() => socket.write('X-Slow: 1\r\n'), 100);
      socket.on('close', () => clearInterval(timer));
      socket.on('error', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      await expect(
        fetchLogo(`http://127.0.0.1:${(trickle.address() as AddressInfo).port}/`, { allowPrivate: true, timeoutMs: 600 }),
      ).rejects.toThrow(/did not arrive within 0.6 seconds/);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      trickle.close();
    }
  });

  it('gives up at the deadline however slowly the body trickles', async () => {
    routes.set('/slow-body', (response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      const timer = setInterval(() => response.write(Buffer.from([0x89])), 100);
      response.on('close', () => clearInterval(timer));
    });
    await expect(fetch('/slow-body')).rejects.toThrow(/did not arrive within 0.6 seconds/);
  });

  it('refuses loopback addresses unless allowed, and a name that does not resolve in the same words', async () => {
    const port = new URL(base).port;
    const messages = [];
    for (const url of [`${base}/big.jpg`, `http://localhost:${port}/big.jpg`, `http://no-such-logo-host.invalid:${port}/big.jpg`]) {
      messages.push(await fetchLogo(url, { allowPrivate: false }).catch((error: Error) => error.message));
    }
    expect(messages).toEqual(
      Array(3).fill(
        'Invalid field "logo": the host is not a public address or a name that resolves to one; logos are fetched from public addresses only.',
      ),
    );
  });
});
