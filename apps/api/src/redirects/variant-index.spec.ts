import { visitorKey } from '../modules/clicks/visitor';
import { variantIndex } from './redirects.service';

/**
 * The A/B split's pick, with a fixed salt (the service's is random per installation): the same
 * 2,000 visitors every run, so the proportions below are exact and the bound is checked, not hoped.
 */
describe('variantIndex', () => {
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const visitors = Array.from({ length: 2000 }, (_, n) => visitorKey('a fixed salt', `198.51.${n >> 8}.${n & 255}`, FIREFOX));
  const variants = [
    { url: 'https://a.example', weight: 50 },
    { url: 'https://b.example', weight: 30 },
    { url: 'https://c.example', weight: 20 },
  ];

  it('shares 2,000 visitors out within 3 standard deviations of the weights', () => {
    const counts = [0, 0, 0];
    for (const visitor of visitors) counts[variantIndex(variants, 42, visitor)]! += 1;
    for (const [index, { weight }] of variants.entries()) {
      const p = weight / 100;
      expect(Math.abs(counts[index]! - 2000 * p)).toBeLessThan(3 * Math.sqrt(2000 * p * (1 - p)));
    }
  });

  it('gives a returning visitor the same variant, and splits each link on its own', () => {
    const first = visitors.map((visitor) => variantIndex(variants, 42, visitor));
    expect(visitors.map((visitor) => variantIndex(variants, 42, visitor))).toEqual(first);
    const other = visitors.map((visitor) => variantIndex(variants, 43, visitor));
    // Another link's split of the same visitors agrees only as often as chance does (about 38%).
    const same = other.filter((index, n) => index === first[n]).length / visitors.length;
    expect(same).toBeGreaterThan(0.3);
    expect(same).toBeLessThan(0.46);
  });

  it('never picks a variant of weight 0 and always one of 100', () => {
    const lopsided = [
      { url: 'https://a.example', weight: 0 },
      { url: 'https://b.example', weight: 100 },
    ];
    expect(new Set(visitors.map((visitor) => variantIndex(lopsided, 7, visitor)))).toEqual(new Set([1]));
  });
});
