import type { Click } from '../click';
import { CLICKHOUSE_BATCH } from '../click-recorder';
import { CLICK_COLUMNS, clickLine, clickRow } from './clickhouse-reads';
import { schemaVersions } from './clickhouse-schema';
import { idSet, identifier, int, str, tsvLines, tsvValue } from './clickhouse-sql';

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

  it("writes rows' values so that no text ends a value or a row, and NULL apart from the text \\N", () => {
    expect(tsvValue('a\tb\nc\rd\u0000e\\f')).toBe('a\\tb\\nc\\rd\\0e\\\\f');
    // Each alone too: a value holding just one of them is still escaped.
    const escapes: [string, string][] = [
      ['\t', '\\t'],
      ['\n', '\\n'],
      ['\r', '\\r'],
      ['\u0000', '\\0'],
      ['\\', '\\\\'],
    ];
    for (const [raw, written] of escapes) expect(tsvValue(`a${raw}b`)).toBe(`a${written}b`);
    expect(tsvValue('\\N')).toBe('\\\\N');
    expect(tsvValue(null)).toBe('\\N');
    expect(tsvValue('Zürich 東京 😀 javascript:alert(1) \u0007')).toBe('Zürich 東京 😀 javascript:alert(1) \u0007');
    expect([tsvValue(true), tsvValue(false), tsvValue(0), tsvValue(1_764_000_000_123_456)]).toEqual(['1', '0', '0', '1764000000123456']);
    for (const bad of [1.5, NaN, Infinity]) expect(() => tsvValue(bad)).toThrow(RangeError);
    const long = 'x\t'.repeat(50_000);
    expect(tsvValue(long)).toHaveLength(150_000);
  });

  it('writes rows as lines of their columns in order, a field left out as NULL, and refuses objects', () => {
    const rows = [
      { a: 'x\ty', b: 1, c: null },
      { c: 'z', b: 2, a: '' },
      { a: 'w', b: 3, c: false },
    ];
    expect(tsvLines(rows, ['a', 'b', 'c'], 0, 2)).toBe('x\\ty\t1\t\\N\n\t2\tz\n');
    expect(tsvLines(rows, ['a', 'b', 'c'], 2, 3)).toBe('w\t3\t0\n');
    expect(tsvLines([{ a: 'x' }], ['a', 'b'], 0, 1)).toBe('x\t\\N\n');
    expect(() => tsvLines([{ a: { nested: 1 } }], ['a'], 0, 1)).toThrow(TypeError);
  });
});

describe("A click's line of an insert", () => {
  const click: Click = {
    linkId: null,
    qrId: 7,
    bioId: null,
    blockId: null,
    domainId: 3,
    at: new Date('2026-03-29T01:59:59.987Z'),
    country: 'JP',
    referrer: "https://例え.jp/a'b\\c\td\ne\rf\u0000g javascript:alert(1)",
    browser: null,
    os: 'iOS',
    device: 'mobile',
    social: null,
    bot: false,
    visitor: 'v\\N',
    utmSource: 'x'.repeat(100_000),
    utmMedium: '\u0007',
    utmCampaign: 'Zürich 😀',
    variant: 'B',
    orphan: null,
    alias: '',
  };

  it('is the text its row is written as, in the same columns, hostile text and all', () => {
    const row = clickRow(click, 'batch\t1', 41);
    expect(Object.keys(row)).toEqual(CLICK_COLUMNS);
    expect(clickLine(click, 'qr', 7, tsvValue('batch\t1'), 41)).toBe(tsvLines([row], CLICK_COLUMNS, 0, 1));
    expect(clickLine({ ...click, bot: true }, 'qr', 7, 'b', 0)).toBe(
      tsvLines([clickRow({ ...click, bot: true }, 'b', 0)], CLICK_COLUMNS, 0, 1),
    );
  });

  it('refuses a time or an id that is not an integer', () => {
    expect(() => clickLine({ ...click, at: new Date(Number.NaN) }, 'qr', 7, 'b', 0)).toThrow(RangeError);
    expect(() => clickLine(click, 'qr', 1.5, 'b', 0)).toThrow(RangeError);
  });

  it("numbers a full batch's clicks within the width of the clicks table's seq", () => {
    const width = /\bseq UInt(\d+)/.exec(schemaVersions('db')[0]!.join('\n'))?.[1];
    expect(width).toBeDefined();
    // Past it a click's number in its batch would not fit the column.
    expect(CLICKHOUSE_BATCH - 1).toBeLessThan(2 ** Number(width));
  });
});
