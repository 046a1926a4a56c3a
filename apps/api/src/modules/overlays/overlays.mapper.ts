import type { Ok } from '../../common/contract';
import { formatDateTime } from '../../common/dates';
import { overlayContent } from './overlay-content';
import type { OverlayEntity } from './overlay.entity';

type OverlayRecord = Ok<'listOverlays'>['data']['cta'][number];
type Overlay = Ok<'getOverlay'>['data'];

/** The list record of the spec: id, type, name, date. */
export function toOverlayRecord(overlay: OverlayEntity): OverlayRecord {
  return { id: overlay.id, type: overlay.type, name: overlay.name, date: formatDateTime(overlay.createdAt) };
}

export function toOverlay(overlay: OverlayEntity): Overlay {
  return {
    ...toOverlayRecord(overlay),
    ...overlayContent(overlay),
  };
}
