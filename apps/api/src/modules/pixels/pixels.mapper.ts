import type { Ok } from '../../common/contract';
import { formatDateTime } from '../../common/dates';
import type { PixelEntity } from './pixel.entity';

type Pixel = Ok<'listPixels'>['data']['pixels'][number];

export function toPixel(pixel: PixelEntity): Pixel {
  return { id: pixel.id, type: pixel.type as Pixel['type'], name: pixel.name, tag: pixel.tag, date: formatDateTime(pixel.createdAt) };
}
