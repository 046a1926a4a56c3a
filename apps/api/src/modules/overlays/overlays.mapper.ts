import type { Ok } from '../../common/contract';
import { formatDateTime } from '../../common/dates';
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
    message: overlay.message,
    label: overlay.label,
    link: overlay.link,
    position: overlay.position,
    color: overlay.color,
    bg: overlay.bg,
    email: overlay.email,
    phone: overlay.phone,
  };
}
