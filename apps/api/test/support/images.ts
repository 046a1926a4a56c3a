import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG whose header claims these dimensions, with a few bytes of pixels behind it. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = chunk('IDAT', deflateSync(Buffer.alloc(64)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    pixels,
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** PNG magic bytes, then garbage. */
export const DAMAGED_PNG = Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.from('not an image at all'.repeat(20))]);

/** A server on 127.0.0.1 answering logos good and bad; `urls` lists them. */
export async function startLogoServer(): Promise<{ urls: string[]; close(): void }> {
  const files: Record<string, Buffer> = {
    '/logo.png': TINY_PNG,
    '/damaged.png': DAMAGED_PNG,
    '/huge.png': pngClaiming(16000, 16000),
    '/text.png': Buffer.from('hello'),
  };
  const server: Server = createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (file) response.writeHead(200, { 'content-type': 'image/png' }).end(file);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    urls: [...Object.keys(files).map((path) => base + path), `${base}/missing.png`],
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
