import { checkQrData, normalizeColor } from './qr-data';

describe('checkQrData', () => {
  it.each([
    ['text', 'Hello', 'Hello'],
    ['link', 'https://example.com/page', 'https://example.com/page'],
    ['phone', '+15551234567', '+15551234567'],
    ['email', 'ada@example.com', { email: 'ada@example.com' }],
    ['email', { email: 'ada@example.com', subject: 'Hi', junk: 'x' }, { email: 'ada@example.com', subject: 'Hi' }],
    ['sms', { phone: '5551234', message: 'Text me' }, { phone: '5551234', message: 'Text me' }],
    ['wifi', { ssid: 'Cafe', pass: 'secret', encryption: 'WPA' }, { ssid: 'Cafe', pass: 'secret', encryption: 'WPA' }],
    ['wifi', { ssid: 'Open', encryption: 'nopass' }, { ssid: 'Open', encryption: 'nopass' }],
    ['vcard', { fname: 'Ada', lname: 'Lovelace', email: 'ada@example.com' }, { fname: 'Ada', lname: 'Lovelace', email: 'ada@example.com' }],
    [
      'vcard',
      { lname: 'Lovelace', site: 'HTTPS://Example.com/~/日本' },
      { lname: 'Lovelace', site: 'https://example.com/~/%E6%97%A5%E6%9C%AC' },
    ],
  ] as const)('accepts a %s code with %j', (type, data, stored) => {
    expect(checkQrData(type, data)).toEqual(stored);
  });

  it.each([
    ['text', ''],
    ['text', 'x'.repeat(2001)],
    ['text', { text: 'Hello' }],
    ['link', 'javascript:alert(1)'],
    ['link', 'file:///etc/passwd'],
    ['phone', 'call me'],
    ['email', 'not an address'],
    ['email', ['ada@example.com']],
    ['sms', '5551234'],
    ['sms', { message: 'no number' }],
    ['wifi', { ssid: 'Cafe', encryption: 'WPA' }],
    ['wifi', { ssid: 'Cafe', pass: 'x', encryption: 'ROT13' }],
    ['vcard', { city: 'London' }],
    ['vcard', { fname: ['Ada'] }],
    ['vcard', { fname: 'Ada', site: 'javascript:alert(1)' }],
    ['vcard', { fname: 'Ada', phone: '1'.repeat(31) }],
    ['vcard', { fname: 'x'.repeat(101) }],
  ] as const)('refuses a %s code with %j', (type, data) => {
    expect(() => checkQrData(type, data)).toThrow(/Invalid field "data"/);
  });
});

describe('normalizeColor', () => {
  it('accepts rgb() with 0 to 255 and writes it without spaces', () => {
    expect(normalizeColor('rgb(255, 0, 10)')).toBe('rgb(255,0,10)');
    expect(normalizeColor('rgb(256,0,0)')).toBeNull();
    expect(normalizeColor('#ff0000')).toBeNull();
  });
});
