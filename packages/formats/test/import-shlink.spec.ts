import { readImport } from '../src';
import { errorOn, fixture, linksByLine } from './support';

const DOCS = {
  longurl: 'https://example.com/docs',
  alias: 'abc12',
  domain: 's.example.com',
  title: 'Documentation',
  date: '2023-05-09 15:05:39',
  tags: ['docs', 'guides'],
  clicks: 15,
};

describe('Shlink web client CSV export', () => {
  const records = readImport('shlink', fixture('shlink.csv'));

  it('reads each row, converting the creation date to UTC and splitting the tags at |', () => {
    const links = linksByLine(records);
    expect(links.get(2)).toEqual(DOCS);
    expect(links.get(6)).toEqual({
      longurl: 'https://example.com/zh/',
      alias: 'zh',
      domain: 's.example.com',
      title: '中文标题 "引号"',
      date: '2023-08-11 15:00:00',
      tags: ['中文'],
      clicks: 1024,
    });
  });

  it('keeps a short code with a slash, a branded domain, and a title with a comma and a line end', () => {
    expect(linksByLine(records).get(3)).toEqual({
      longurl: 'https://shop.example.org/promo?ref=shlink&x=1',
      alias: 'promo/2024',
      domain: 'go.example.org',
      title: 'Документация, выпуск 2\nс переносом строки',
      date: '2023-06-10 08:00:00',
      clicks: 0,
    });
  });

  it('turns the row without a long URL into an error on its own line', () => {
    expect(errorOn(records, 5)).toMatch(/^longUrl is empty/);
    expect(records.map((record) => record.line)).toEqual([2, 3, 5, 6]);
  });

  it('keeps commas, quotes and formulas inside a tag: only | separates them', () => {
    const csv =
      '"createdAt","domain","shortCode","shortUrl","longUrl","title","tags","visits"\n' +
      '"2024-01-01T00:00:00+00:00","s.example.com","t","https://s.example.com/t","https://example.com/t","","=1+1|a, b|"" q ""| |Ünïcödé",2\n';
    expect(readImport('shlink', csv)).toEqual([
      {
        line: 2,
        link: {
          longurl: 'https://example.com/t',
          alias: 't',
          domain: 's.example.com',
          date: '2024-01-01 00:00:00',
          tags: ['=1+1', 'a, b', '" q "', 'Ünïcödé'],
          clicks: 2,
        },
      },
    ]);
  });

  it('reads the export of web clients before 3.10, without shortCode and with tags joined by commas', () => {
    const csv =
      'createdAt,shortUrl,longUrl,title,tags,visits\n' +
      '2022-05-01T10:00:00+00:00,https://s.example.com/old,https://example.com/old,Old,"news,2022",4\n';
    expect(readImport('shlink', csv)).toEqual([
      {
        line: 2,
        link: {
          longurl: 'https://example.com/old',
          alias: 'old',
          domain: 's.example.com',
          title: 'Old',
          date: '2022-05-01 10:00:00',
          tags: ['news', '2022'],
          clicks: 4,
        },
      },
    ]);
  });

  it('refuses a CSV without a longUrl column', () => {
    expect(() => readImport('shlink', '"shortCode","title"\n"abc","x"\n')).toThrow('not a Shlink export: the header has no longUrl column');
  });
});

describe('Shlink REST API list of short URLs', () => {
  const records = readImport('shlink', fixture('shlink-api.json'));

  it('reads a short URL on the default domain (domain null) from its short URL', () => {
    expect(linksByLine(records).get(1)).toEqual(DOCS);
  });

  it('turns meta.validUntil into the expiry, validSince into the start date and maxVisits into the click limit, in UTC', () => {
    expect(linksByLine(records).get(2)).toEqual({
      longurl: 'https://shop.example.org/promo?ref=shlink&x=1',
      alias: 'promo/2024',
      domain: 'go.example.org',
      title: '促销活动',
      date: '2023-06-10 08:00:00',
      expiry: '2025-06-30 21:59:59',
      startdate: '2023-06-10 00:00:00',
      clicklimit: 500,
      clicks: 0,
    });
  });

  it('turns a short URL without a long URL into an error', () => {
    expect(errorOn(records, 3)).toMatch(/^longUrl is empty/);
  });

  it('passes the tags list on, and names a tags value that is not a list of text', () => {
    const shortUrl = (tags: unknown) => ({ shortCode: 'a', shortUrl: 'https://s.example.com/a', longUrl: 'https://example.com/', tags });
    const records = readImport('shlink', JSON.stringify([shortUrl(['  Ärger ', 'x|y', '']), shortUrl('a|b'), shortUrl([null])]));
    expect(records).toEqual([
      { line: 1, link: { longurl: 'https://example.com/', alias: 'a', domain: 's.example.com', tags: ['Ärger', 'x|y'] } },
      { line: 2, error: 'tags must be a list of text, not text' },
      { line: 3, error: 'tags[0] must be text, not null' },
    ]);
  });

  it('reads visitsCount, as Shlink before version 3 gave it', () => {
    const old = JSON.stringify({
      shortUrls: { data: [{ shortCode: 'a', shortUrl: 'https://s.example.com/a', longUrl: 'https://example.com/', visitsCount: 9 }] },
    });
    expect(readImport('shlink', old)).toEqual([
      { line: 1, link: { longurl: 'https://example.com/', alias: 'a', domain: 's.example.com', clicks: 9 } },
    ]);
  });

  it('refuses JSON of another shape', () => {
    expect(() => readImport('shlink', '{"shortUrls": []}')).toThrow(/not a Shlink export/);
  });
});
