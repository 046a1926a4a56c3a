import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';
import { documentNumber, parameterSchema } from '../../common/openapi-document';
import { qrScanUrl } from '../../common/public-urls';
import { ConcurrencyLimit } from '../../infrastructure/concurrency-limit';
import { imageLibrary } from '../../infrastructure/image-library';
import type { QrEntity } from './qr.entity';

const sizeSchema = parameterSchema('QrSize');
/** The sizes a PNG may be drawn at, as openapi.yaml says (parameter QrSize). */
export const QR_SIZE = {
  min: documentNumber(sizeSchema, 'minimum'),
  max: documentNumber(sizeSchema, 'maximum'),
  default: documentNumber(sizeSchema, 'default'),
};

const escapeWifi = (value: string): string => value.replace(/([\\;,:"])/g, '\\$1');
const escapeVcard = (value: string): string => value.replace(/([\\;,])/g, '\\$1').replace(/\n/g, '\\n');

/** The text a code holds: its content in the form phones and cameras understand. */
export function qrContent(qr: Pick<QrEntity, 'type' | 'data' | 'alias'>, publicUrl: string): string {
  const data = qr.data;
  const fields = (typeof data === 'object' ? data : {}) as Record<string, string | undefined>;
  const text = typeof data === 'string' ? data : '';
  switch (qr.type) {
    case 'link':
      return qrScanUrl(publicUrl, qr.alias);
    case 'text':
      return text;
    case 'phone':
      return `tel:${text}`;
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
          ? [
              `ADR;TYPE=WORK:;;${[fields.street, fields.city, fields.state, fields.zip, fields.country].map((part) => escapeVcard(part ?? '')).join(';')}`,
            ]
          : []),
        'END:VCARD',
      ].join('\r\n');
    }
  }
}

/** `rgb(R,G,B)` as its three channels; black when unreadable (stored colors are checked). */
function channels(rgb: string): [number, number, number] {
  const values = /^rgb\((\d+),(\d+),(\d+)\)$/.exec(rgb)?.slice(1).map(Number) ?? [0, 0, 0];
  return values.map((value) => Math.min(255, value)) as [number, number, number];
}

const hex = (rgb: [number, number, number]): string => `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

const MARGIN = 2;
/** Logos are drawn at most this big into a code; they are stored at this size (see logo-fetcher). */
export const LOGO_PIXELS = 2048 * 2048;

interface Matrix {
  /** Modules per side. */
  size: number;
  /** 1 for a dark module, row by row. */
  data: Uint8Array;
}

/**
 * Making the module matrix is the only part of a render that runs on the event loop (well under a
 * millisecond for a URL, a few for 2,000 characters of text), and it does not depend on size,
 * colors or format: one per content, kept.
 */
const matrices = new LRUCache<string, Matrix>({ max: 5000 });

function matrixOf(content: string, level: 'M' | 'H'): Matrix {
  const key = `${level}\n${content}`;
  let matrix = matrices.get(key);
  if (!matrix) {
    const modules = QRCode.create(content, { errorCorrectionLevel: level }).modules;
    matrix = { size: modules.size, data: Uint8Array.from(modules.data) };
    matrices.set(key, matrix);
  }
  return matrix;
}

/** Finished images, bounded by bytes; most codes are fetched at one or two sizes. */
const images = new LRUCache<string, Buffer | string>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (image) => (typeof image === 'string' ? image.length * 2 : image.byteLength) + 64,
});

/** PNG work (scaling, the logo, encoding) runs in libuv's threads, four at a time; a queue of 64 at most. */
const renders = new ConcurrencyLimit(4, 64);

/** The hash of a logo's bytes, once per loaded logo. */
const logoHashes = new WeakMap<Buffer, string>();
function logoHash(logo: Buffer): string {
  let hash = logoHashes.get(logo);
  if (!hash) {
    hash = createHash('sha1').update(logo).digest('hex');
    logoHashes.set(logo, hash);
  }
  return hash;
}

function svgOf(matrix: Matrix, size: number, dark: string, light: string, logo: { data: Buffer; type: string } | null): string {
  const side = matrix.size + 2 * MARGIN;
  let path = '';
  for (let row = 0; row < matrix.size; row += 1) {
    for (let column = 0; column < matrix.size; column += 1) {
      if (!matrix.data[row * matrix.size + column]) continue;
      let run = 1;
      while (column + run < matrix.size && matrix.data[row * matrix.size + column + run]) run += 1;
      path += `M${column + MARGIN} ${row + MARGIN}h${run}v1h-${run}z`;
      column += run - 1;
    }
  }
  const image = logo
    ? `<image href="data:${logo.type};base64,${logo.data.toString('base64')}" x="${side * 0.4}" y="${side * 0.4}" width="${side * 0.2}" height="${side * 0.2}" preserveAspectRatio="xMidYMid meet"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${size}" height="${size}" shape-rendering="crispEdges"><path fill="${light}" d="M0 0h${side}v${side}H0z"/><path fill="${dark}" d="${path}"/>${image}</svg>\n`;
}

async function pngOf(
  matrix: Matrix,
  size: number,
  dark: [number, number, number],
  light: [number, number, number],
  logo: Buffer | null,
): Promise<Buffer> {
  const sharp = await imageLibrary();
  const side = matrix.size + 2 * MARGIN;
  const raw = Buffer.alloc(side * side * 3);
  for (let index = 0; index < side * side; index += 1) raw.set(light, index * 3);
  for (let row = 0; row < matrix.size; row += 1) {
    for (let column = 0; column < matrix.size; column += 1) {
      if (matrix.data[row * matrix.size + column]) raw.set(dark, ((row + MARGIN) * side + column + MARGIN) * 3);
    }
  }
  const code = sharp(raw, { raw: { width: side, height: side, channels: 3 } }).resize(size, size, { kernel: 'nearest' });
  if (logo) {
    const logoSize = Math.round(size * 0.2);
    try {
      const fitted = await sharp(logo, { limitInputPixels: LOGO_PIXELS, failOn: 'error' })
        .resize(logoSize, logoSize, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
      code.composite([{ input: fitted, gravity: 'center' }]);
    } catch {
      // A logo stored before logos were checked, that cannot be drawn: the code without it.
    }
  }
  return code.png().toBuffer();
}

/**
 * The code as PNG (`size` pixels wide) or SVG, in its colors, with its logo in the middle (the
 * code then uses the highest error correction, so the covered modules do not matter). The event
 * loop only builds the matrix (cached) and the SVG text; PNG pixels are drawn by sharp in libuv's
 * threads. Throws Busy when too many PNG renders are waiting.
 */
export async function renderQr(
  qr: Pick<QrEntity, 'type' | 'data' | 'alias' | 'background' | 'foreground' | 'logo' | 'logoType'>,
  publicUrl: string,
  format: 'png' | 'svg',
  size: number,
  /** `keep: false`: a draft's image (a preview), not kept among the finished images. */
  options: { keep?: boolean } = {},
): Promise<Buffer | string> {
  const content = qrContent(qr, publicUrl);
  const logo = qr.logo && qr.logoType ? qr.logo : null;
  const key = [format, size, qr.background, qr.foreground, logo ? logoHash(logo) : '', content].join('\n');
  const cached = images.get(key);
  if (cached) return cached;

  const matrix = matrixOf(content, logo ? 'H' : 'M');
  const dark = channels(qr.foreground);
  const light = channels(qr.background);
  const image =
    format === 'svg'
      ? svgOf(matrix, size, hex(dark), hex(light), logo ? { data: logo, type: qr.logoType! } : null)
      : await renders.run(() => pngOf(matrix, size, dark, light, logo));
  if (options.keep !== false) images.set(key, image);
  return image;
}
