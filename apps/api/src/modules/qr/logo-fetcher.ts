import { badRequest } from '../../common/api-error';
import { imageLibrary } from '../../infrastructure/image-library';
import { OutboundError, outboundRequest, REFUSED_DESTINATION, type OutboundFailure } from '../../infrastructure/outbound-http';

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TIMEOUT_MS = 5000;

export interface Logo {
  data: Buffer;
  type: 'image/png' | 'image/jpeg';
}

/** What a logo that could not be fetched is refused with, by the reason. */
const REFUSALS: Record<OutboundFailure, (error: OutboundError, timeoutMs: number) => string> = {
  url: () => 'must be an http or https URL of a png or jpg image; server paths are not accepted.',
  scheme: () => 'must be an http or https URL of a png or jpg image.',
  credentials: () => 'the URL must not carry credentials.',
  // The same words whatever the reason (a private address, a name that does not resolve): no resolver oracle.
  refused: () => `${REFUSED_DESTINATION}; logos are fetched from public addresses only.`,
  timeout: (_error, timeoutMs) => `the image did not arrive within ${timeoutMs / 1000} seconds.`,
  'too-large': () => `the image is larger than ${LOGO_MAX_BYTES / 1024} KiB.`,
  connection: (error) => `the image could not be fetched (${error.code ?? 'connection failed'}).`,
  incomplete: () => 'the image could not be read.',
};

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
 * Fetches a QR logo once: an http(s) URL only (no server paths), public addresses only (the
 * webhooks' rule: the address checked when the connection is made, so a name cannot be re-pointed
 * at a private address in between; a name that does not resolve is refused the same way), no
 * redirects, at most 512 KiB, and one deadline (5 seconds) over all of it: name lookup,
 * connection, headers and body, however slowly the other side trickles them. The bytes must be a
 * PNG or JPEG that decodes whole and is at most 2048 pixels a side; what is stored is that image
 * made at most 256 pixels a side, as PNG, so drawing it into a code costs little and cannot fail.
 */
export async function fetchLogo(source: string, options: { allowPrivate: boolean; timeoutMs?: number }): Promise<Logo> {
  const timeoutMs = options.timeoutMs ?? LOGO_TIMEOUT_MS;
  const response = await outboundRequest({
    url: source,
    method: 'GET',
    headers: { accept: 'image/png, image/jpeg' },
    timeoutMs,
    maxBytes: LOGO_MAX_BYTES,
    allowPrivate: options.allowPrivate,
  }).catch((error: unknown) => {
    if (!(error instanceof OutboundError)) throw error;
    return refuse(REFUSALS[error.failure](error, timeoutMs));
  });
  if (response.status !== 200) refuse(`fetching the image answered HTTP ${response.status}.`);
  const data = response.body;
  if (!imageType(data)) refuse('the file is not a png or jpg image.');
  return { data: await storedForm(data), type: 'image/png' };
}

/** The logo decoded whole, within its size bound, at most LOGO_STORED_SIDE a side, as PNG. */
async function storedForm(data: Buffer): Promise<Buffer> {
  const sharp = await imageLibrary();
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
