import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { QrEntity } from '../modules/qr/qr.entity';

export const QR_SIZE = { min: 100, max: 1000, default: 300 };
const CACHE_ENTRIES = 500;

/** `{PUBLIC_URL}/u/{alias}`: what a dynamic (`link`) code encodes, so scans are counted. */
export function scanUrl(publicUrl: string, alias: string): string {
  return `${publicUrl}/u/${alias}`;
}

const escapeWifi = (value: string): string => value.replace(/([\\;,:"])/g, '\\$1');
const escapeVcard = (value: string): string => value.replace(/([\\;,])/g, '\\$1').replace(/\n/g, '\\n');

/** The text a code holds: its content in the form phones and cameras understand. */
export function qrContent(qr: Pick<QrEntity, 'type' | 'data' | 'alias'>, publicUrl: string): string {
  const data = qr.data;
  const fields = (typeof data === 'object' ? data : {}) as Record<string, string | undefined>;
  switch (qr.type) {
    case 'link':
      return scanUrl(publicUrl, qr.alias);
    case 'text':
      return String(data);
    case 'phone':
      return `tel:${String(data)}`;
    case 'email': {
      const query = new URLSearchParams();
      if (fields.subject) query.set('subject', fields.subject);
      if (fields.body) query.set('body', fields.body);
      const suffix = query.toString();
      return `mailto:${fields.email ?? ''}${suffix ? `?${suffix.replace(/\+/g, '%20')}` : ''}`;
    }
    case 'sms':
      return `SMSTO:${fields.phone ?? ''}:${fields.message ?? ''}`;
    case 'wifi':
      return `WIFI:T:${fields.encryption ?? 'nopass'};S:${escapeWifi(fields.ssid ?? '')};${fields.pass ? `P:${escapeWifi(fields.pass)};` : ''};`;
    case 'vcard': {
      const line = (name: string, value: string | undefined) => (value ? [`${name}:${escapeVcard(value)}`] : []);
      const fullName = [fields.fname, fields.lname].filter(Boolean).join(' ');
      return [
        'BEGIN:VCARD',
        'VERSION:3.0',
        `N:${escapeVcard(fields.lname ?? '')};${escapeVcard(fields.fname ?? '')};;;`,
        `FN:${escapeVcard(fullName || fields.org || '')}`,
        ...line('ORG', fields.org),
        ...line('TEL;TYPE=WORK,VOICE', fields.phone),
        ...line('TEL;TYPE=CELL', fields.cell),
        ...line('TEL;TYPE=FAX', fields.fax),
        ...line('EMAIL', fields.email),
        ...line('URL', fields.site),
        ...(fields.street || fields.city || fields.state || fields.zip || fields.country
          ? [`ADR;TYPE=WORK:;;${[fields.street, fields.city, fields.state, fields.zip, fields.country].map((part) => escapeVcard(part ?? '')).join(';')}`]
          : []),
        'END:VCARD',
      ].join('\r\n');
    }
  }
}

function hexColour(rgb: string): string {
  const channels = /^rgb\((\d+),(\d+),(\d+)\)$/.exec(rgb)?.slice(1).map(Number) ?? [0, 0, 0];
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}ff`;
}

const cache = new Map<string, Buffer | string>();

/**
 * The code as PNG (`size` pixels wide) or SVG, in its colours, with its logo in the middle (the
 * code then uses the highest error correction, so the covered modules do not matter).
 */
export async function renderQr(
  qr: Pick<QrEntity, 'type' | 'data' | 'alias' | 'background' | 'foreground' | 'logo' | 'logoType'>,
  publicUrl: string,
  format: 'png' | 'svg',
  size: number,
): Promise<Buffer | string> {
  const content = qrContent(qr, publicUrl);
  const key = createHash('sha256')
    .update([content, qr.background, qr.foreground, format, size, qr.logo ? createHash('sha1').update(qr.logo).digest('hex') : ''].join('\n'))
    .digest('hex');
  const cached = cache.get(key);
  if (cached) return cached;

  const options = {
    errorCorrectionLevel: qr.logo ? 'H' : 'M',
    margin: 2,
    color: { dark: hexColour(qr.foreground), light: hexColour(qr.background) },
  } as const;
  let image: Buffer | string;
  if (format === 'svg') {
    image = await QRCode.toString(content, { ...options, type: 'svg', width: size });
    if (qr.logo && qr.logoType) {
      const logo = `<image href="data:${qr.logoType};base64,${qr.logo.toString('base64')}" x="40%" y="40%" width="20%" height="20%" preserveAspectRatio="xMidYMid meet"/>`;
      image = image.replace(/<\/svg>\s*$/, `${logo}</svg>`);
    }
  } else {
    image = await QRCode.toBuffer(content, { ...options, type: 'png', width: size });
    if (qr.logo) {
      const logoSize = Math.round(size * 0.2);
      const logo = await sharp(qr.logo).resize(logoSize, logoSize, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
      image = await sharp(image).composite([{ input: logo, gravity: 'center' }]).png().toBuffer();
    }
  }
  if (cache.size >= CACHE_ENTRIES) cache.clear();
  cache.set(key, image);
  return image;
}
