import { ImportFormatError, readImport } from '../src';
import { errorOn, fixture, linksByLine } from './support';

describe('Bitly API list of links', () => {
  const records = readImport('bitly', fixture('bitly-api.json'));

  it('reads each link: long URL, alias and domain from the short link, title, creation date in UTC, tags', () => {
    const links = linksByLine(records);
    expect(links.get(1)).toEqual({
      longurl: 'https://example.com/blog/launch',
      alias: '3xAbCdE',
      domain: 'bit.ly',
      title: 'Launch notes',
      date: '2023-03-14 09:26:53',
      tags: ['blog'],
    });
    expect(links.get(4)).toEqual({
      longurl: 'https://example.org/ar/news',
      alias: '5wXyZaB',
      domain: 'bit.ly',
      title: 'مرحبا بالعالم، "أخبار"',
      date: '2024-06-02 08:00:00',
    });
  });

  it('prefers the custom back-half on a branded domain to the generated link', () => {
    expect(linksByLine(records).get(2)).toEqual({
      longurl: 'https://shop.example.com/sale?utm_source=bitly&utm_medium=link',
      alias: 'spring-sale',
      domain: 'go.example.org',
      title: '春のセール — 最大50%オフ',
      date: '2024-04-01 00:00:00',
      tags: ['sale', 'spring'],
    });
  });

  it('turns the link without a long URL into an error and keeps the others', () => {
    expect(errorOn(records, 3)).toMatch(/^long_url is empty/);
    expect(records).toHaveLength(4);
  });

  it('passes tags on as Bitly gives them, trimmed, without the empty ones; a list of anything else is an error', () => {
    const links = [
      { long_url: 'https://example.com/a', link: 'https://bit.ly/a', tags: ['  =SUM(A1) ', 'a, b', '"q"', '', '   ', 'Привет', '標籤'] },
      { long_url: 'https://example.com/b', link: 'https://bit.ly/b', tags: 'sale' },
      { long_url: 'https://example.com/c', link: 'https://bit.ly/c', tags: ['ok', { name: 'x' }] },
      { long_url: 'https://example.com/d', link: 'https://bit.ly/d', tags: null },
    ];
    expect(readImport('bitly', JSON.stringify({ links }))).toEqual([
      {
        line: 1,
        link: { longurl: 'https://example.com/a', alias: 'a', domain: 'bit.ly', tags: ['=SUM(A1)', 'a, b', '"q"', 'Привет', '標籤'] },
      },
      { line: 2, error: 'tags must be a list of text, not text' },
      { line: 3, error: 'tags[1] must be text, not an object' },
      { line: 4, link: { longurl: 'https://example.com/d', alias: 'd', domain: 'bit.ly' } },
    ]);
  });

  it('reads a bare list of links the same way', () => {
    const bare = JSON.stringify((JSON.parse(fixture('bitly-api.json')) as { links: unknown[] }).links);
    expect(readImport('bitly', bare)).toEqual(records);
  });

  it('refuses JSON of another shape', () => {
    expect(() => readImport('bitly', '{"data": []}')).toThrow(ImportFormatError);
    expect(() => readImport('bitly', '{"data": []}')).toThrow(/not a Bitly export: expected the API's list of links/);
  });
});

describe('Bitly CSV export', () => {
  const records = readImport('bitly', fixture('bitly.csv'));

  it('reads each row, with or without a scheme on the short link', () => {
    const links = linksByLine(records);
    expect(links.get(2)).toEqual({ longurl: 'https://example.com/blog/launch', alias: '3xAbCdE', domain: 'bit.ly', title: 'Launch notes' });
    expect(links.get(3)).toEqual({
      longurl: 'https://shop.example.com/sale?utm_source=bitly&utm_medium=link',
      alias: 'spring-sale',
      domain: 'go.example.org',
      title: '春のセール',
    });
    expect(links.get(7)).toEqual({
      longurl: 'https://example.org/el/news',
      alias: '5wXyZaB',
      domain: 'bit.ly',
      title: 'Νέα και ανακοινώσεις',
    });
  });

  it('keeps a quoted title with a comma and a line end, and numbers the next row after it', () => {
    expect(linksByLine(records).get(4)).toEqual({
      longurl: 'https://example.com/reports/q3',
      alias: '3QrStUv',
      domain: 'bit.ly',
      title: 'Quarterly report, Q3\r\n(draft)',
    });
    expect(errorOn(records, 6)).toMatch(/^Destination URL is empty/);
  });

  it('reads a Tags column, where there is one, as tags separated by commas', () => {
    const csv = 'Link,Destination URL,Tags\nbit.ly/a,https://example.com/a,"spring, Sale ,,"\nbit.ly/b,https://example.com/b,\n';
    expect(readImport('bitly', csv)).toEqual([
      { line: 2, link: { longurl: 'https://example.com/a', alias: 'a', domain: 'bit.ly', tags: ['spring', 'Sale'] } },
      { line: 3, link: { longurl: 'https://example.com/b', alias: 'b', domain: 'bit.ly' } },
    ]);
  });

  it('uses the generated link when the custom link cell holds no link (a bare word)', () => {
    const records = readImport('bitly', 'Link,Custom Link,Destination URL\nbit.ly/abc,launch,https://example.com/x\n');
    expect(records).toEqual([{ line: 2, link: { longurl: 'https://example.com/x', alias: 'abc', domain: 'bit.ly' } }]);
  });

  it('refuses a CSV without a long URL column, saying which names it looked for', () => {
    expect(() => readImport('bitly', 'Link,Title\nbit.ly/abc,Hello\n')).toThrow(
      'not a Bitly export: the header has no long URL column (Destination URL, Long URL, long_url)',
    );
  });
});
