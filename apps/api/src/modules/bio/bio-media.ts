import type { BioMediaEntity } from './bio.entity';

/** An image's file name under its page's address: `<id>-<hash>.webp` (or `.jpg`). */
export function mediaFile(media: Pick<BioMediaEntity, 'id' | 'hash' | 'type'>): string {
  return `${media.id}-${media.hash}.${media.type === 'image/jpeg' ? 'jpg' : 'webp'}`;
}
