import { ApiError, badRequest } from '../../common/api-error';
import { Busy } from '../../infrastructure/concurrency-limit';
import { FairLimit } from '../../infrastructure/fair-limit';
import { imageLibrary } from '../../infrastructure/image-library';
import { uploadBytes } from '../../common/uploads';
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE, LOGO_STORED_SIDE, type Logo } from './logo-fetcher';

const FIELD = 'logoFile';
const READABLE = new Set(['png', 'jpeg', 'webp', 'gif']);

/**
 * Re-encoding runs in libuv's threads, two at a time, one per account, accounts served in turn;
 * an account may have 4 more waiting (a designer's previews), then its next is a 429.
 */
const encodings = new FairLimit(2, 1, 4);

const refuse = (reason: string): never => {
  throw badRequest(`Invalid field "${FIELD}": ${reason}`, FIELD);
};

/**
 * A logo uploaded in the body (`logoFile`): base64 or a data URL of a PNG, JPEG, WebP or GIF (an
 * animation's first frame) of at most 512 KiB and 2048 pixels a side, decoded whole and made into
 * what a fetched logo becomes: at most 256 pixels a side, as PNG, without any of the file's
 * metadata. Anything else is a 400 naming the field; too many of the account's at once, a 429.
 */
export async function uploadedLogo(account: number, value: string): Promise<Logo> {
  const input = uploadBytes(value, FIELD);
  if (input.length > LOGO_MAX_BYTES) refuse(`the image is larger than ${LOGO_MAX_BYTES / 1024} KiB.`);
  const sharp = await imageLibrary();
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    ({ format, width = 0, height = 0 } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    return refuse('is not an image that can be read (PNG, JPEG, WebP or GIF).');
  }
  if (!format || !READABLE.has(format)) return refuse(`is ${format ? `a ${format} file` : 'no image'}; send a PNG, JPEG, WebP or GIF.`);
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) {
    refuse(`the image is ${width}×${height} pixels; logos are at most ${LOGO_MAX_SIDE}×${LOGO_MAX_SIDE}.`);
  }
  try {
    const data = await encodings.run(account, () =>
      sharp(input, { failOn: 'error', limitInputPixels: LOGO_MAX_SIDE * LOGO_MAX_SIDE, animated: false })
        .rotate()
        .resize(LOGO_STORED_SIDE, LOGO_STORED_SIDE, { fit: 'inside', withoutEnlargement: true })
        .png()
        .timeout({ seconds: 10 })
        .toBuffer(),
    );
    return { data, type: 'image/png' };
  } catch (error) {
    if (error instanceof Busy)
      throw new ApiError(429, 'Too many logos of this account are being read right now; try again in a moment.', { 'Retry-After': '1' });
    return refuse('the image is damaged: it cannot be decoded.');
  }
}
