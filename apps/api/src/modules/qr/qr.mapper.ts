import type { Ok } from '../../common/contract';
import { formatDateTime } from '../../common/dates';
import { qrUrl } from '../../common/public-urls';
import type { QrEntity } from './qr.entity';

type QrRecord = Ok<'listQrs'>['data']['qrs'][number];

export function toQrRecord(qr: QrEntity, publicUrl: string): QrRecord {
  return { id: qr.id, link: qrUrl(publicUrl, qr.alias), scans: qr.scans, name: qr.name, date: formatDateTime(qr.createdAt) };
}

type QrDetails = Ok<'getQr'>['details'];

/** A code with its design (its content, colours and logo), for its own page and its redesign. */
export function toQrDetails(qr: QrEntity, publicUrl: string): QrDetails {
  return {
    ...toQrRecord(qr, publicUrl),
    type: qr.type,
    data: qr.data,
    foreground: qr.foreground,
    background: qr.background,
    logo: qr.logoUrl,
    logoUploaded: qr.logoType !== null && qr.logoUrl === '',
  };
}
