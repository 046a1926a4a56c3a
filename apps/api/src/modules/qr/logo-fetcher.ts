import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import sharp from 'sharp';
import { badRequest } from '../../common/api-error';

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TIMEOUT_MS = 5000;

export interface Logo {
  data: Buffer;
  type: 'image/png' | 'image/jpeg';
}

/** Addresses a logo is never fetched from: loopback, private, link-local, shared, reserved. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
// NAT64 (64:ff9b::/96, 64:ff9b:1::/48) and 6to4 (2002::/16) can carry any IPv4 address, private ones included.
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['100::', 64],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

const refuse = (reason: string): never => {
  throw badRequest(`Invalid field "logo": ${reason}`);
};

function imageType(data: Buffer): Logo['type'] | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return null;
}

/** Logos are stored at most this many pixels wide and high (a fifth of the largest code). */
export const LOGO_STORED_SIDE = 256;
/** A logo of more pixels than this is refused (decoding it would cost more than a whole code). */
export const LOGO_MAX_SIDE = 2048;

/**
 * Fetches a QR logo once: an http(s) URL only (no server paths), the address checked when the
 * connection is made (so a name cannot be re-pointed at a private address in between), no
 * redirects, at most 512 KiB, and one deadline (5 seconds) over all of it: name lookup,
 * connection, headers and body, however slowly the other side trickles them. The bytes must be a
 * PNG or JPEG that decodes whole and is at most 2048 pixels a side; what is stored is that image
 * made at most 256 pixels a side, as PNG, so drawing it into a code costs little and cannot fail.
 */
export async function fetchLogo(source: string, options: { allowPrivate: boolean; timeoutMs?: number }): Promise<Logo> {
  const timeoutMs = options.timeoutMs ?? LOGO_TIMEOUT_MS;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return refuse('must be an http or https URL of a png or jpg image; server paths are not accepted.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') refuse('must be an http or https URL of a png or jpg image.');
  if (url.username || url.password) refuse('the URL must not carry credentials.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) refuse('private and loopback addresses are not fetched.');

  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses;
      const allowed = options.allowPrivate ? list : list.filter((entry) => !isPrivateAddress(entry.address));
      const first = allowed[0];
      if (!first) return callback(Object.assign(new Error('private address'), { code: 'LINKYARD_PRIVATE' }), '', 4);
      if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, first.address, first.family);
    });
  };

  // One deadline for everything; aborting it ends the request and the response stream alike.
  const deadline = AbortSignal.timeout(timeoutMs);
  const late = `the image did not arrive within ${timeoutMs / 1000} seconds.`;
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method: 'GET', lookup, signal: deadline, headers: { accept: 'image/png, image/jpeg' } }, resolve);
    request.on('error', reject);
    request.end();
  }).catch((error: { code?: string }) => {
    if (error.code === 'LINKYARD_PRIVATE') return refuse('private and loopback addresses are not fetched.');
    if (deadline.aborted) return refuse(late);
    return refuse(`the image could not be fetched (${error.code ?? 'connection failed'}).`);
  });

  if (response.statusCode !== 200) {
    response.destroy();
    refuse(`fetching the image answered HTTP ${response.statusCode}.`);
  }
  const declared = Number(response.headers['content-length']);
  if (declared > LOGO_MAX_BYTES) {
    response.destroy();
    refuse(`the image is larger than ${LOGO_MAX_BYTES / 1024} KiB.`);
  }
  const data = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > LOGO_MAX_BYTES) response.destroy(Object.assign(new Error('too large'), { code: 'LINKYARD_TOO_LARGE' }));
      else chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', reject);
    response.on('close', () => {
      if (!response.complete) reject(Object.assign(new Error('aborted'), { code: 'LINKYARD_ABORTED' }));
    });
  }).catch((error: { code?: string }) => {
    if (error.code === 'LINKYARD_TOO_LARGE') return refuse(`the image is larger than ${LOGO_MAX_BYTES / 1024} KiB.`);
    if (deadline.aborted) return refuse(late);
    return refuse('the image could not be read.');
  });

  if (!imageType(data)) refuse('the file is not a png or jpg image.');
  return { data: await storedForm(data), type: 'image/png' };
}

/** The logo decoded whole, within its size bound, at most LOGO_STORED_SIDE a side, as PNG. */
async function storedForm(data: Buffer): Promise<Buffer> {
  let width = 0;
  let height = 0;
  try {
    ({ width = 0, height = 0 } = await sharp(data).metadata());
  } catch {
    return refuse('the image cannot be read as a png or jpg.');
  }
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) {
    refuse(`the image is ${width}×${height} pixels; logos are at most ${LOGO_MAX_SIDE}×${LOGO_MAX_SIDE}.`);
  }
  try {
    return await sharp(data, { failOn: 'error', limitInputPixels: LOGO_MAX_SIDE * LOGO_MAX_SIDE })
      .resize(LOGO_STORED_SIDE, LOGO_STORED_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return refuse('the image is damaged: it cannot be decoded.');
  }
}
