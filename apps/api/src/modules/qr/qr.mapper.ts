import type { Ok } from '../../common/contract';
import { formatDateTime } from '../../common/dates';
import { qrUrl } from '../../common/public-urls';
import type { QrEntity } from './qr.entity';

type QrRecord = Ok<'listQrs'>['data']['qrs'][number];

export function toQrRecord(qr: QrEntity, publicUrl: string): QrRecord {
  return { id: qr.id, link: qrUrl(publicUrl, qr.alias), scans: qr.scans, name: qr.name, date: formatDateTime(qr.createdAt) };
}
