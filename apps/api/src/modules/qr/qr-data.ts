import { badRequest } from '../../common/api-error';
import { openApiDocument } from '../../common/openapi-document';
import { PHONE, httpUrl, isEmailAddress } from '../../common/validators';
import type { QrType } from './qr.entity';

export const QR_TYPES: readonly QrType[] = ['text', 'vcard', 'link', 'email', 'phone', 'sms', 'wifi'];

const VCARD_FIELDS = ['fname', 'lname', 'org', 'phone', 'cell', 'fax', 'email', 'site', 'street', 'city', 'state', 'zip', 'country'];

/** The longest each contact field may be: the document's `QrVcardData` (a fax, not in it, as a phone). */
const VCARD_LENGTHS: Record<string, number> = (() => {
  const schemas = (
    openApiDocument.components as unknown as { schemas: Record<string, { properties: Record<string, { maxLength?: number }> }> }
  ).schemas;
  const lengths = Object.fromEntries(
    Object.entries(schemas.QrVcardData!.properties).flatMap(([name, rule]) =>
      rule.maxLength === undefined ? [] : [[name, rule.maxLength]],
    ),
  );
  return { ...lengths, fax: lengths.phone! };
})();

type Fields = Record<string, string>;

const problem = (text: string): never => {
  throw badRequest(`Invalid field "data": ${text}`);
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the listed string fields of an object (others are ignored), each at most `max` long. */
function fields(value: unknown, names: readonly string[], max: Record<string, number>, shape: string): Fields {
  if (!isObject(value)) problem(`for this type it must be an object ${shape}.`);
  const result: Fields = {};
  for (const name of names) {
    const field = (value as Record<string, unknown>)[name];
    if (field === undefined) continue;
    if (typeof field !== 'string') problem(`"${name}" must be a string.`);
    const text = field as string;
    if (text.length > (max[name] ?? 200)) problem(`"${name}" must be at most ${max[name] ?? 200} characters.`);
    if (text !== '') result[name] = text;
  }
  return result;
}

/**
 * Checks `data` against the QR type (the `QrData` rules of openapi.yaml) and returns what is stored: a string, or an
 * object of the fields the type knows.
 */
export function checkQrData(type: QrType, data: unknown): string | Fields {
  switch (type) {
    case 'text':
      if (typeof data !== 'string' || data.length === 0 || data.length > 2000)
        problem('a text code takes a string of 1 to 2000 characters.');
      return data as string;
    case 'link': {
      // Stored in normal form: a scan redirects to it (see common/urls).
      const url = typeof data === 'string' ? httpUrl(data) : null;
      if (url === null) problem('a link code takes an http or https URL of at most 2000 characters once encoded.');
      return url!;
    }
    case 'phone':
      if (typeof data !== 'string' || !PHONE.test(data)) problem('a phone code takes 3 to 20 digits with an optional leading +.');
      return data as string;
    case 'email': {
      const message =
        typeof data === 'string' ? { email: data } : fields(data, ['email', 'subject', 'body'], { body: 2000 }, '{email, subject, body}');
      if (!message.email || !isEmailAddress(message.email)) problem('an email code takes an e-mail address, or {email, subject, body}.');
      return message;
    }
    case 'sms': {
      const sms = fields(data, ['phone', 'message'], { message: 500 }, '{phone, message}');
      if (!sms.phone || !PHONE.test(sms.phone)) problem('"phone" must be 3 to 20 digits with an optional leading +.');
      return sms;
    }
    case 'wifi': {
      const wifi = fields(data, ['ssid', 'pass', 'encryption'], { ssid: 32, pass: 63 }, '{ssid, pass, encryption}');
      if (!wifi.ssid) problem('"ssid" is required.');
      if (!['WPA', 'WEP', 'nopass'].includes(wifi.encryption ?? '')) problem('"encryption" must be WPA, WEP or nopass.');
      if (wifi.encryption !== 'nopass' && !wifi.pass) problem('"pass" is required unless "encryption" is nopass.');
      return wifi;
    }
    case 'vcard': {
      const card = fields(data, VCARD_FIELDS, VCARD_LENGTHS, `of contact fields (${VCARD_FIELDS.join(', ')})`);
      if (!card.fname && !card.lname && !card.org) problem('a vcard needs at least one of "fname", "lname" and "org".');
      if (card.email && !isEmailAddress(card.email)) problem('"email" must be an e-mail address.');
      if (card.site !== undefined) {
        // Stored in normal form, as every URL of the API (HttpUrl).
        const site = httpUrl(card.site);
        if (site === null) problem('"site" must be an http or https URL of at most 2000 characters once encoded.');
        card.site = site!;
      }
      return card;
    }
  }
}

const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/;

/** `rgb(R,G,B)` with 0 to 255 each, written back without spaces; null when it is not one. */
export function normalizeColor(value: string): string | null {
  const match = RGB.exec(value);
  if (!match) return null;
  const channels = match.slice(1).map(Number);
  return channels.every((channel) => channel <= 255) ? `rgb(${channels.join(',')})` : null;
}
