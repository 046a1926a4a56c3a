import { describe, expect, it } from 'vitest';
import { LIMITS, type FieldLimits } from '@linkyard/spec/limits';
import { htmlPattern, inputRules, lengthHelp } from './limits';

/** Every pattern the document gives a field, nested ones (list items) included. */
function patterns(): string[] {
  const found: string[] = [];
  const visit = (limits: FieldLimits) => {
    if (limits.pattern) found.push(limits.pattern);
    if (limits.items) visit(limits.items);
  };
  for (const fields of Object.values(LIMITS)) for (const limits of Object.values(fields as Record<string, FieldLimits>)) visit(limits);
  return found;
}

describe('htmlPattern', () => {
  it("turns every pattern of the document into one a browser reads with the v flag, accepting and refusing what the service's does", () => {
    const samples = [
      'abc',
      'A-b_9',
      'ab',
      'x'.repeat(51),
      'spring-sale',
      'https://example.com',
      '2026-01-01 10:00:00',
      '#1d4ed8',
      'GTM-ABC123',
      '',
      'é',
      '-',
    ];
    const all = patterns();
    expect(all.length).toBeGreaterThan(10);
    for (const pattern of all) {
      const browser = new RegExp(`^(?:${htmlPattern(pattern)})$`, 'v');
      const service = new RegExp(pattern.startsWith('^') && pattern.endsWith('$') ? pattern : `^(?:${pattern})$`, 'u');
      for (const sample of samples) expect([pattern, sample, browser.test(sample)]).toEqual([pattern, sample, service.test(sample)]);
    }
  });

  it('escapes a dash at either end of a class, and keeps ranges and escapes', () => {
    expect(htmlPattern('^[A-Za-z0-9_-]{3,50}$')).toBe('[A-Za-z0-9_\\-]{3,50}');
    expect(htmlPattern('^[-a-z]+$')).toBe('[\\-a-z]+');
    expect(htmlPattern('^[^-]+$')).toBe('[^\\-]+');
    expect(htmlPattern('^\\d{4}-\\d{2}$')).toBe('\\d{4}-\\d{2}');
  });
});

describe('inputRules', () => {
  it("gives an input the lengths and pattern of the document's field", () => {
    expect(inputRules('LinkUpdate', 'custom')).toEqual({ pattern: '[A-Za-z0-9_\\-]{3,50}' });
    expect(inputRules('LinkUpdate', 'metatitle')).toEqual({ maxLength: 200 });
    expect(lengthHelp('LinkUpdate', 'description')).toBe('Up to 500 characters');
  });
});
