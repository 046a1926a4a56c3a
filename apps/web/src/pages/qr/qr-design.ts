import type { Schemas } from '../../api';

export type QrType = Schemas['QrType'];
export type QrData = Schemas['QrData'];
/** The designer's fields, as text, by name. */
export type ContentForm = Record<string, string>;

export const TYPES: Record<QrType, string> = {
  link: 'Web address (dynamic: scans counted, target can change)',
  text: 'Text',
  email: 'E-mail',
  phone: 'Phone call',
  sms: 'Text message (SMS)',
  wifi: 'Wi-Fi network',
  vcard: 'Contact card (vCard)',
};

export const FIELDS: Record<QrType, { key: string; label: string; type?: string; long?: boolean; options?: string[] }[]> = {
  link: [{ key: 'url', label: 'Web address', type: 'url' }],
  text: [{ key: 'text', label: 'Text', long: true }],
  phone: [{ key: 'phone', label: 'Phone number', type: 'tel' }],
  email: [
    { key: 'email', label: 'E-mail address', type: 'email' },
    { key: 'subject', label: 'Subject' },
    { key: 'body', label: 'Message', long: true },
  ],
  sms: [
    { key: 'phone', label: 'Phone number', type: 'tel' },
    { key: 'message', label: 'Message', long: true },
  ],
  wifi: [
    { key: 'ssid', label: 'Network name (SSID)' },
    { key: 'encryption', label: 'Security', options: ['WPA', 'WEP', 'nopass'] },
    { key: 'pass', label: 'Password' },
  ],
  vcard: [
    { key: 'fname', label: 'First name' },
    { key: 'lname', label: 'Last name' },
    { key: 'org', label: 'Organisation' },
    { key: 'phone', label: 'Phone', type: 'tel' },
    { key: 'cell', label: 'Mobile', type: 'tel' },
    { key: 'email', label: 'E-mail', type: 'email' },
    { key: 'site', label: 'Website', type: 'url' },
    { key: 'street', label: 'Street' },
    { key: 'city', label: 'City' },
    { key: 'state', label: 'State or region' },
    { key: 'zip', label: 'Postcode' },
    { key: 'country', label: 'Country' },
  ],
};

/** The field of each type that must be filled before there is anything to draw (a vCard needs any one). */
export const MAIN_FIELD: Record<QrType, string | null> = {
  link: 'url',
  text: 'text',
  phone: 'phone',
  email: 'email',
  sms: 'phone',
  wifi: 'ssid',
  vcard: null,
};

/** The content the API takes, from the designer's fields. */
export function dataOf(type: QrType, form: ContentForm): QrData {
  const pick = (...keys: string[]) => Object.fromEntries(keys.filter((key) => form[key]).map((key) => [key, form[key]!]));
  switch (type) {
    case 'link':
      return form.url ?? '';
    case 'text':
      return form.text ?? '';
    case 'phone':
      return form.phone ?? '';
    case 'email':
      return { email: form.email ?? '', ...pick('subject', 'body') };
    case 'sms':
      return { phone: form.phone ?? '', ...pick('message') };
    case 'wifi':
      return { ssid: form.ssid ?? '', encryption: (form.encryption as 'WPA' | 'WEP' | 'nopass') || 'WPA', ...pick('pass') };
    case 'vcard':
      return pick('fname', 'lname', 'org', 'phone', 'cell', 'email', 'site', 'street', 'city', 'state', 'zip', 'country');
  }
}

/** The designer's fields for a stored content (the inverse of dataOf), so a code is redesigned without typing it again. */
export function formOf(type: QrType, data: QrData): ContentForm {
  if (typeof data === 'string') return { [MAIN_FIELD[type] ?? 'text']: data };
  const form: ContentForm = { encryption: 'WPA' };
  for (const [key, value] of Object.entries(data)) if (typeof value === 'string') form[key] = value;
  return form;
}

/** Whether the content has what its type needs to be drawn. */
export function filledIn(type: QrType, form: ContentForm): boolean {
  const main = MAIN_FIELD[type];
  return main === null ? Object.keys(dataOf(type, form) as object).length > 0 : (form[main] ?? '').trim() !== '';
}

/** What a stored code holds, in a few words for its page ("https://…", "Wi-Fi network Office"). */
export function describeContent(type: QrType, data: QrData): string {
  if (typeof data === 'string') return data;
  const values = data as Record<string, string>;
  switch (type) {
    case 'email':
      return [values.email, values.subject].filter(Boolean).join(' — ');
    case 'sms':
      return [values.phone, values.message].filter(Boolean).join(' — ');
    case 'wifi':
      return `Wi-Fi network ${values.ssid ?? ''}`;
    default:
      return Object.values(values).filter(Boolean).join(', ');
  }
}

/** `#1d4ed8` as the API's `rgb(29,78,216)`. */
export const toRgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(',')})`;

/** The API's `rgb(29,78,216)` as `#1d4ed8` (a colour input's value); black for anything else. */
export function toHex(rgb: string): string {
  const match = /^rgb\((\d{1,3}),(\d{1,3}),(\d{1,3})\)$/.exec(rgb.replace(/\s+/g, ''));
  if (!match) return '#000000';
  return `#${match
    .slice(1)
    .map((part) => Math.min(255, Number(part)).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** A short name of a long text (a draft with a logo file is hundreds of kilobytes): its length and FNV-1a hash. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return `${text.length}:${(hash >>> 0).toString(36)}`;
}
