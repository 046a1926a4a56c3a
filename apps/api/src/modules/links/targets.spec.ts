import { countryCode } from '../../common/countries';
import { normalizeDeviceTargets, normalizeLanguageTargets } from './targets';

describe('link targets', () => {
  it.each([
    ['Canada', 'CA'],
    ['united states', 'US'],
    ['gb', 'GB'],
    ['United Kingdom', 'GB'],
    ['UK', null],
    ['DE', 'DE'],
    ['Atlantis', null],
    ['EU', null],
    ['ZZ', null],
  ])('reads the location %s as %s', (location, code) => {
    expect(countryCode(location)).toBe(code);
  });

  it('writes devices back in their usual spelling', () => {
    expect(
      normalizeDeviceTargets([
        { device: 'IPHONE', link: 'https://a.example' },
        { device: 'macos', link: 'https://b.example' },
      ]),
    ).toEqual([
      { device: 'iPhone', link: 'https://a.example' },
      { device: 'macOS', link: 'https://b.example' },
    ]);
    expect(() => normalizeDeviceTargets([{ device: 'Toaster', link: 'https://a.example' }])).toThrow(/devicetarget\.0\.device/);
  });

  it('accepts ISO 639-1 codes only', () => {
    expect(normalizeLanguageTargets([{ language: 'FR', link: 'https://a.example' }])).toEqual([
      { language: 'fr', link: 'https://a.example' },
    ]);
    expect(() => normalizeLanguageTargets([{ language: 'zz', link: 'https://a.example' }])).toThrow(/languagetarget\.0\.language/);
    expect(() => normalizeLanguageTargets([{ language: 'eng', link: 'https://a.example' }])).toThrow(/languagetarget/);
  });
});
