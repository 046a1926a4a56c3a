import { createHash } from 'node:crypto';
import { ApiError } from '../../common/api-error';
import { Busy } from '../../infrastructure/concurrency-limit';
import { FairLimit } from '../../infrastructure/fair-limit';
import { imageLibrary } from '../../infrastructure/image-library';
import { refuse, uploadBytes } from '../../common/uploads';

/** An image as the service keeps and serves it. */
export interface StoredImage {
  type: 'image/webp' | 'image/jpeg';
  data: Buffer;
  width: number;
  height: number;
  /** The first 16 hex digits of the SHA-256 of `data`: part of the image's file name. */
  hash: string;
}

/** What an upload becomes: the avatar, a picture of an image block, the preview image of links to the page. */
export type ImageKind = 'avatar' | 'image' | 'preview';

/** How each kind is made: its box, how the picture fills it, its format. */
const KINDS: Record<ImageKind, { width: number; height: number; fit: 'cover' | 'inside'; format: 'webp' | 'jpeg' }> = {
  avatar: { width: 400, height: 400, fit: 'cover', format: 'webp' },
  image: { width: 1200, height: 1600, fit: 'inside', format: 'webp' },
  // Link previews (Open Graph) are read by crawlers that do not all read WebP.
  preview: { width: 1200, height: 630, fit: 'cover', format: 'jpeg' },
};

/** An upload decoding to more pixels than this is refused before its pixels are decoded. */
export const MAX_INPUT_PIXELS = 25_000_000;
const READABLE = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Re-encoding runs in libuv's threads, two at a time, one per account, accounts served in turn;
 * an account may have 4 more waiting, then its next upload is a 429: one account's many uploads
 * never keep another's waiting behind them.
 */
const encodings = new FairLimit(2, 1, 4);

/**
 * An upload made into a stored image: decoded whole (a PNG, JPEG, WebP or GIF of at most
 * MAX_INPUT_PIXELS; an animation's first frame), turned upright, fitted to its kind's box without
 * being enlarged, and written again as WebP or JPEG, which carries none of the original's
 * metadata (sharp keeps none unless asked). Anything else is a 400 naming the field; when the
 * account has too many images being made, a 429.
 */
export async function storeImage(account: number, value: string, kind: ImageKind, field: string): Promise<StoredImage> {
  const input = uploadBytes(value, field);
  const sharp = await imageLibrary();
  let format: string | undefined;
  let pixels = 0;
  try {
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    return refuse(field, 'is not an image that can be read (PNG, JPEG, WebP or GIF).');
  }
  if (!format || !READABLE.has(format))
    return refuse(field, `is ${format ? `a ${format} file` : 'no image'}; send a PNG, JPEG, WebP or GIF.`);
  if (pixels > MAX_INPUT_PIXELS) return refuse(field, `has ${pixels} pixels; images of at most ${MAX_INPUT_PIXELS} are accepted.`);
  const spec = KINDS[kind];
  try {
    const { data, info } = await encodings.run(account, () => {
      let image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
        .rotate()
        .resize({ width: spec.width, height: spec.height, fit: spec.fit, withoutEnlargement: spec.fit === 'inside' })
        .timeout({ seconds: 10 });
      image =
        spec.format === 'webp'
          ? image.webp({ quality: 82 })
          : image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
      return image.toBuffer({ resolveWithObject: true });
    });
    return {
      type: spec.format === 'webp' ? 'image/webp' : 'image/jpeg',
      data,
      width: info.width,
      height: info.height,
      hash: createHash('sha256').update(data).digest('hex').slice(0, 16),
    };
  } catch (error) {
    if (error instanceof Busy)
      throw new ApiError(429, 'Too many images of this account are being made right now; try again in a moment.', { 'Retry-After': '1' });
    return refuse(field, 'is not an image that can be read whole (PNG, JPEG, WebP or GIF).');
  }
}
