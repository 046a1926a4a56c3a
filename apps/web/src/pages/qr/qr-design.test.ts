import { describe, expect, it } from 'vitest';
import { dataOf, describeContent, filledIn, fingerprint, formOf, toHex, toRgb, type QrType } from './qr-design';

describe("a QR code's design", () => {
  it('turns a stored content back into the fields it was made from, for every type', () => {
    const forms: [QrType, Record<string, string>][] = [
      ['link', { url: 'https://example.com/menu' }],
      ['text', { text: 'Table 12' }],
      ['phone', { phone: '+441234567' }],
      ['email', { email: 'ada@example.com', subject: 'Hi', body: 'Hello' }],
      ['sms', { phone: '+441234567', message: 'Yes' }],
      ['wifi', { ssid: 'Office', encryption: 'WEP', pass: 'secret' }],
      ['vcard', { fname: 'Ada', org: 'Engines', email: 'ada@example.com' }],
    ];
    for (const [type, form] of forms) expect(dataOf(type, formOf(type, dataOf(type, form)))).toEqual(dataOf(type, form));
  });

  it('needs its main field, or any field of a vCard', () => {
    expect(filledIn('link', { url: ' ' })).toBe(false);
    expect(filledIn('link', { url: 'https://example.com' })).toBe(true);
    expect(filledIn('vcard', {})).toBe(false);
    expect(filledIn('vcard', { org: 'Engines' })).toBe(true);
  });

  it('says what a code holds in a few words', () => {
    expect(describeContent('link', 'https://example.com/menu')).toBe('https://example.com/menu');
    expect(describeContent('wifi', { ssid: 'Office', encryption: 'WPA' })).toBe('Wi-Fi network Office');
    expect(describeContent('email', { email: 'ada@example.com', subject: 'Hi' })).toBe('ada@example.com — Hi');
  });

  it("turns colours both ways between an input's value and the API's", () => {
    expect(toRgb('#1d4ed8')).toBe('rgb(29,78,216)');
    expect(toHex('rgb(29,78,216)')).toBe('#1d4ed8');
    expect(toHex(toRgb('#000000'))).toBe('#000000');
    expect(toHex('not a colour')).toBe('#000000');
  });

  it('names a long draft by its length and hash', () => {
    expect(fingerprint('abc')).toBe(fingerprint('abc'));
    expect(fingerprint('abc')).not.toBe(fingerprint('abd'));
  });
});
