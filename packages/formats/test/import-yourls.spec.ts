import { readImport } from '../src';
import { errorOn, fixture, linksByLine } from './support';

describe('YOURLS API stats answer', () => {
  const records = readImport('yourls', fixture('yourls-api.json'));

  it('reads each link: alias and domain from the short URL, clicks given as text', () => {
    const links = linksByLine(records);
    expect(links.get(1)).toEqual({
      longurl: 'https://example.org/about',
      alias: 'ozh',
      domain: 'sho.example.net',
      title: 'About us',
      date: '2023-01-15 08:30:00',
      clicks: 12,
    });
    expect(links.get(2)).toEqual({
      longurl: 'https://example.org/hi?lang=hi&x=1',
      alias: 'hi',
      domain: 'sho.example.net',
      title: 'नमस्ते दुनिया',
      date: '2023-02-01 12:00:00',
      clicks: 45,
    });
  });

  it('turns the link without a URL into an error', () => {
    expect(errorOn(records, 3)).toMatch(/^url is empty/);
  });

  it('reads an answer with no links (YOURLS then leaves "links" out) as no records', () => {
    expect(readImport('yourls', '{"stats":{"total_links":"0","total_clicks":"0"},"statusCode":200,"message":"success"}')).toEqual([]);
  });

  it('refuses JSON of another shape', () => {
    expect(() => readImport('yourls', '[{"url": "https://example.com"}]')).toThrow(/not a YOURLS export/);
  });
});

describe('YOURLS table as phpMyAdmin CSV', () => {
  const records = readImport('yourls', fixture('yourls.csv'));

  it('reads each row: keyword as alias, timestamp as the date, clicks', () => {
    const links = linksByLine(records);
    expect(links.get(2)).toEqual({
      longurl: 'https://example.org/about',
      alias: 'ozh',
      title: 'About us',
      date: '2023-01-15 08:30:00',
      clicks: 12,
    });
    expect(links.get(3)).toEqual({
      longurl: 'https://example.org/news?id=1&lang=el',
      alias: 'news',
      title: 'Νέα, ανακοινώσεις\nκαι εκδηλώσεις',
      date: '2023-02-01 12:00:00',
      clicks: 3,
    });
  });

  it('reads a bare NULL as no title but a quoted "NULL" as the text', () => {
    const links = linksByLine(records);
    expect(links.get(5)).toEqual({ longurl: 'https://example.org/no-title', alias: 'nt', date: '2023-03-03 03:03:03', clicks: 0 });
    expect(links.get(7)?.title).toBe('NULL');
  });

  it('turns the row without a URL into an error on its line', () => {
    expect(errorOn(records, 6)).toMatch(/^url is empty/);
    expect(records.map((record) => record.line)).toEqual([2, 3, 5, 6, 7]);
  });

  it('refuses a CSV without a url column', () => {
    expect(() => readImport('yourls', 'keyword,title\nabc,x\n')).toThrow('not a YOURLS export: the header has no url column');
  });
});
