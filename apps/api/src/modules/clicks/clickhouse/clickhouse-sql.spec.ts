import { idSet, identifier, int, str } from './clickhouse-sql';

describe('ClickHouse literals', () => {
  it('quotes strings so that quotes and backslashes stay text', () => {
    expect(str(`it's`)).toBe(`'it\\'s'`);
    expect(str('a\\b')).toBe(`'a\\\\b'`);
    expect(str(`\\'`)).toBe(`'\\\\\\''`);
    expect(str('')).toBe(`''`);
  });

  it('leaves other characters as they are, control characters and non-Latin text included', () => {
    const text = 'Zürich 東京 \u0000\u0007\n\t\r 😀 javascript:alert(1)';
    expect(str(text)).toBe(`'${text}'`);
    const long = `x'`.repeat(50_000);
    expect(str(long)).toHaveLength(long.length + 50_000 + 2);
  });

  it('refuses what is not an integer', () => {
    expect(int(42)).toBe('42');
    for (const bad of [1.5, NaN, Infinity, 2 ** 53]) expect(() => int(bad)).toThrow(RangeError);
  });

  it('refuses names that are not plain identifiers', () => {
    expect(identifier('linkyard_1')).toBe('linkyard_1');
    for (const bad of ['', '1db', 'a-b', 'a.b', 'a b', "a'", 'x'.repeat(65)]) expect(() => identifier(bad)).toThrow(RangeError);
  });

  it('writes a set of ids as one literal, and an empty set that matches nothing', () => {
    expect(idSet([1, 22, 333])).toBe(`(SELECT toUInt32(arrayJoin(splitByChar(',', '1,22,333'))))`);
    expect(idSet([])).toBe('(SELECT toUInt32(0) WHERE 0)');
    expect(() => idSet([1, 0.5])).toThrow(RangeError);
  });
});
