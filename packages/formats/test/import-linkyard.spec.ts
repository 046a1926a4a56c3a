import { readImport } from '../src';
import { errorOn, fixture, linksByLine } from './support';

const SPRING = {
  longurl: 'https://shop.example.com/spring',
  alias: 'spring',
  title: 'Spring sale',
  status: 'public',
  expiry: '2025-06-30 23:59:59',
  geotarget: [{ location: 'Germany', link: 'https://shop.example.de/spring' }],
  type: 'direct',
  tags: ['spring', 'Sale 2025'],
  date: '2024-03-01 10:00:00',
  clicks: 120,
};

const NUIT = {
  longurl: 'https://shop.example.org/nuit?a=1&b=2',
  alias: 'nuit',
  domain: 'go.example.org',
  title: 'Ночная распродажа, часть 2\r\nтолько сегодня',
  description: '=HYPERLINK("https://example.com","x")',
  metadescription: 'Распродажа',
  metaimage: 'https://img.example.org/nuit.png',
  status: 'private',
  devicetarget: [{ device: 'iPhone', link: 'https://m.example.org/nuit' }],
  languagetarget: [{ language: 'fr', link: 'https://shop.example.org/fr/nuit' }],
  deeplink: { auto: true, apple: 'https://apps.example.com/ios', google: 'https://apps.example.com/android' },
  parameters: [{ name: 'utm_source', value: 'newsletter' }],
  // A formula, a comma, quotes and other scripts, as written; the blank tags are left out.
  tags: ['=SUM(A1)', 'ночь, распродажа', '夜市 "x"'],
  type: 'overlay-4',
  date: '2024-03-02 11:12:13',
  clicks: 5,
};

describe('Linkyard CSV export', () => {
  const records = readImport('linkyard', fixture('linkyard.csv'));

  it('reads the good records, keeping what an import can fill (the type as written) and dropping ids and unique clicks', () => {
    const links = linksByLine(records);
    expect(links.get(2)).toEqual(SPRING);
    expect(links.get(3)).toEqual(NUIT);
    expect(links.size).toBe(2);
  });

  it('numbers records by the line they start on (record 2 spans lines 3 and 4)', () => {
    expect(records.map((record) => record.line)).toEqual([2, 3, 5, 6, 7]);
  });

  it('turns a record without a long URL into an error naming the field', () => {
    expect(errorOn(records, 5)).toMatch(/longurl is empty/);
  });

  it('refuses a password-protected link rather than import it without its password', () => {
    expect(errorOn(records, 6)).toMatch(/^password: the link is password-protected/);
  });

  it('names every unusable value of a record: an impossible expiry, a tag that is not text, clicks that are not a number', () => {
    const error = errorOn(records, 7);
    expect(error).toMatch(/expiry is not a date and time/);
    expect(error).toMatch(/tags\[1\] must be text, not a number/);
    expect(error).toMatch(/clicks must be a whole number/);
    expect(error).not.toMatch(/title|description/);
  });

  it('refuses a CSV whose header has no longurl column', () => {
    expect(() => readImport('linkyard', 'id,alias,url\r\n1,a,https://example.com\r\n')).toThrow(
      'not a Linkyard export: the header has no longurl column',
    );
  });
});

describe('Linkyard NDJSON export', () => {
  const records = readImport('linkyard', fixture('linkyard.ndjson'));

  it('reads the same links as the CSV, numbered by line, skipping the blank line', () => {
    const links = linksByLine(records);
    expect(links.get(1)).toEqual(SPRING);
    expect(links.get(2)).toEqual(NUIT);
    expect(records.map((record) => record.line)).toEqual([1, 2, 4, 5, 6]);
  });

  it('keeps reading after a line without a long URL and a line that is not JSON', () => {
    expect(errorOn(records, 4)).toMatch(/longurl is empty/);
    expect(errorOn(records, 5)).toBe('the line is not valid JSON');
  });

  it('names each value of the wrong type', () => {
    const error = errorOn(records, 6);
    expect(error).toMatch(/title must be text, not a number/);
    expect(error).toMatch(/status must be "public" or "private"/);
    expect(error).toMatch(/geotarget must be a list of \{location, link\}, not an object/);
    expect(error).toMatch(/tags must be a list of text, not text/);
    expect(error).toMatch(/clicks must be a whole number/);
  });

  it('reads CRLF line ends like LF ones', () => {
    const crlf = fixture('linkyard.ndjson').replace(/\n/g, '\r\n');
    expect(readImport('linkyard', crlf)).toEqual(records);
  });

  it('refuses NDJSON whose first record has none of the export fields', () => {
    expect(() => readImport('linkyard', '{"url":"https://example.com"}\n')).toThrow(/not a Linkyard export: the first record has none/);
  });
});

describe('Linkyard exports from before tags', () => {
  const withoutTags = (link: object): object => {
    const { tags: _tags, ...rest } = link as { tags?: unknown };
    return rest;
  };

  it.each(['linkyard-before-tags.csv', 'linkyard-before-tags.ndjson'])('%s: reads the same links, without tags', (name) => {
    const links = linksByLine(readImport('linkyard', fixture(name)));
    const [first, second] = name.endsWith('.csv') ? [2, 3] : [1, 2];
    expect(links.get(first)).toEqual(withoutTags(SPRING));
    expect(links.get(second)).toEqual(withoutTags(NUIT));
  });

  it('reads an empty tags cell, an empty list and a list of blanks as no tags', () => {
    const csv =
      'longurl,alias,tags\r\nhttps://example.com/a,a,\r\nhttps://example.com/b,b,[]\r\nhttps://example.com/c,c,"[""  "",""""]"\r\n';
    expect(readImport('linkyard', csv)).toEqual([
      { line: 2, link: { longurl: 'https://example.com/a', alias: 'a' } },
      { line: 3, link: { longurl: 'https://example.com/b', alias: 'b' } },
      { line: 4, link: { longurl: 'https://example.com/c', alias: 'c' } },
    ]);
  });

  it('names a tags cell that is not JSON', () => {
    expect(readImport('linkyard', 'longurl,tags\nhttps://example.com/a,spring\n')).toEqual([{ line: 2, error: 'tags is not valid JSON' }]);
  });
});
