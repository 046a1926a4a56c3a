import { describe, expect, it } from 'vitest';
import { filtersInForce, statsFiltersIn } from './stats-filters';

describe('the statistics filters kept in a page address', () => {
  it('keeps what the API takes, upper-cases a country and a variant, and drops the rest', () => {
    expect(statsFiltersIn({ country: 'fr', variant: 'b', kind: 'unknown', alias: 'sprnig', referrer: 'news.example' })).toEqual({
      country: 'FR',
      variant: 'B',
      kind: 'unknown',
      alias: 'sprnig',
      referrer: 'news.example',
    });
  });

  it('drops an unknown kind, a variant past J, a control character, an empty or too long value, and what is not text', () => {
    expect(
      statsFiltersIn({ kind: 'typo', variant: 'K', alias: 'a\u0007b', referrer: '', browser: 'x'.repeat(254), os: 3, device: ['mobile'] }),
    ).toEqual({});
  });

  it('lists the filters in force in one order, whatever the address', () => {
    expect(filtersInForce({ alias: '日本語', kind: 'root', country: 'GB' })).toEqual([
      ['country', 'GB'],
      ['kind', 'root'],
      ['alias', '日本語'],
    ]);
  });
});
