import { describe, expect, it } from 'vitest';
import { endsTag, inQuotes, tagsOf } from './Tags';

describe('tags typed in a form', () => {
  it('cuts at commas, trims, lower-cases and keeps each once', () => {
    expect(tagsOf(' Spring, sale ,,SALE, 日本 ')).toEqual(['spring', 'sale', '日本']);
  });

  it('keeps a tag in double quotes whole, its commas included, and a quote elsewhere as typed', () => {
    expect(tagsOf('"Paris, France", promo')).toEqual(['paris, france', 'promo']);
    expect(tagsOf('say "hi"')).toEqual(['say "hi"']);
    expect(tagsOf('""')).toEqual([]);
  });

  it('ends a tag at a comma typed outside quotes only', () => {
    expect(endsTag('sale,')).toBe(true);
    expect(endsTag('"Paris,')).toBe(false);
    expect(inQuotes('"Paris')).toBe(true);
    expect(endsTag('"Paris, France",')).toBe(true);
    expect(inQuotes('"Paris, France"')).toBe(false);
  });
});
