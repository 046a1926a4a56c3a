import { ImportFormatError, readImport } from '../src';
import { errorOn, fixture, linksByLine } from './support';

describe('Dub CSV export', () => {
  const records = readImport('dub', fixture('dub.csv'));

  it('reads each row: long URL, alias and domain from the short link, clicks, creation date in UTC, tags', () => {
    expect(linksByLine(records).get(2)).toEqual({
      longurl: 'https://example.com/launch?utm_source=dub&utm_medium=link',
      alias: 'launch',
      domain: 'dub.sh',
      clicks: 42,
      date: '2024-05-01 12:00:00',
      tags: ['launch', 'Spring'],
    });
  });

  it("takes off the ' that Dub puts in front of a formula, and keeps a comma inside a tag", () => {
    expect(linksByLine(records).get(3)).toEqual({
      longurl: 'https://shop.example.org/promo?x=1',
      alias: 'promo/2024',
      domain: 'go.example.org',
      clicks: 1234,
      date: '2024-06-10 08:00:00',
      tags: ['=HYPERLINK("https://evil.example","x")', 'Ausverkauf', '促销'],
    });
    expect(linksByLine(records).get(6)).toEqual({
      longurl: 'https://example.de/buch',
      alias: 'straße',
      domain: 'xn--bcher-kva.example',
      clicks: 7,
      date: '2024-08-12 09:15:00',
      tags: ['-rabatt', 'Книги', '" quoted "', 'a,b'],
    });
  });

  it("reads a domain's own address (Dub's _root link) without an alias", () => {
    expect(linksByLine(records).get(4)).toEqual({
      longurl: 'https://example.com/',
      domain: 'd.to',
      clicks: 5,
      date: '2024-07-01 00:00:00',
    });
  });

  it('turns a row without a destination URL into an error and keeps the others', () => {
    expect(errorOn(records, 5)).toMatch(/^Destination URL is empty/);
    expect(records.map((record) => record.line)).toEqual([2, 3, 4, 5, 6]);
  });

  it('reads an export of only some columns, in the order Dub writes them', () => {
    const csv = 'Short link,Destination URL,Tags\nhttps://dub.sh/a,https://example.com/a,"x, y"\nhttps://dub.sh/b,https://example.com/b,\n';
    expect(readImport('dub', csv)).toEqual([
      { line: 2, link: { longurl: 'https://example.com/a', alias: 'a', domain: 'dub.sh', tags: ['x', 'y'] } },
      { line: 3, link: { longurl: 'https://example.com/b', alias: 'b', domain: 'dub.sh' } },
    ]);
  });

  it('reads an export from before October 2025, whose columns are named by their ids', () => {
    const csv =
      'link,url,clicks,createdAt,updatedAt,tags,archived\n' +
      'https://dub.sh/old,https://example.com/old,3,2025-01-02T03:04:05.000Z,2025-01-02T03:04:05.000Z,"news, 2025",false\n';
    expect(readImport('dub', csv)).toEqual([
      {
        line: 2,
        link: {
          longurl: 'https://example.com/old',
          alias: 'old',
          domain: 'dub.sh',
          clicks: 3,
          date: '2025-01-02 03:04:05',
          tags: ['news', '2025'],
        },
      },
    ]);
  });

  it('refuses a CSV without a destination URL column, saying which names it looked for', () => {
    expect(() => readImport('dub', 'Short link,Clicks\nhttps://dub.sh/a,1\n')).toThrow(
      'not a Dub export: the header has no destination URL column (Destination URL, url)',
    );
  });
});

describe('Dub API list of links', () => {
  const records = readImport('dub', fixture('dub-api.json'));

  it('reads a link with everything Linkyard has a place for', () => {
    expect(linksByLine(records).get(1)).toEqual({
      longurl: 'https://example.com/launch?utm_source=dub&utm_medium=link',
      alias: 'launch',
      domain: 'dub.sh',
      title: 'Launch week',
      description: 'Everything we shipped, “day by day”',
      metaimage: 'https://img.example.com/launch.png',
      expiry: '2025-06-30 21:59:59',
      geotarget: [
        { location: 'DE', link: 'https://example.de/launch' },
        { location: 'JP', link: 'https://example.jp/launch' },
      ],
      devicetarget: [
        { device: 'iPhone', link: 'https://apps.apple.com/app/id123456789' },
        { device: 'iPad', link: 'https://apps.apple.com/app/id123456789' },
        { device: 'Android', link: 'https://play.google.com/store/apps/details?id=com.example' },
      ],
      tags: ['Launch', 'Spring'],
      date: '2024-05-01 12:00:00',
      clicks: 42,
    });
  });

  it("reads a domain's own address (key _root) without an alias", () => {
    expect(linksByLine(records).get(2)).toEqual({
      longurl: 'https://example.com/',
      domain: 'd.to',
      date: '2024-07-01 00:00:00',
      clicks: 5,
    });
  });

  it('refuses a password-protected link and a disabled one rather than open them to everyone', () => {
    expect(errorOn(records, 3)).toMatch(/^password: the link is password-protected in Dub/);
    expect(errorOn(records, 3)).not.toContain('hunter2');
    expect(errorOn(records, 4)).toBe('disabledAt: the link is disabled in Dub, so it is not imported');
  });

  it('turns a link without a destination URL into an error', () => {
    expect(errorOn(records, 5)).toMatch(/^url is empty/);
  });

  it('passes hostile tag names on as they are: formulas, commas, quotes, other scripts', () => {
    expect(linksByLine(records).get(6)).toEqual({
      longurl: 'https://shop.example.org/promo?x=1',
      alias: 'promo/2024',
      domain: 'go.example.org',
      title: '促销活动',
      tags: ['=1+1', 'a, b', '"quoted"', '日本語', 'مرحبا'],
      date: '2024-06-10 08:00:00',
      clicks: 0,
    });
  });

  it('reads tagNames, as the API takes them, when there are no tags', () => {
    const links = [
      { domain: 'dub.sh', key: 'a', url: 'https://example.com/a', tagNames: ['one', ' two ', ''] },
      { domain: 'dub.sh', key: 'b', url: 'https://example.com/b', tagNames: 'three, four' },
      { domain: 'dub.sh', key: 'c', url: 'https://example.com/c', tags: ['plain'] },
    ];
    expect(readImport('dub', JSON.stringify(links)).map((record) => ('link' in record ? record.link.tags : record.error))).toEqual([
      ['one', 'two'],
      ['three', 'four'],
      ['plain'],
    ]);
  });

  it('takes the domain and alias from shortLink when domain or key is missing', () => {
    const links = [{ shortLink: 'https://go.example.org/x', url: 'https://example.com/x' }];
    expect(readImport('dub', JSON.stringify(links))).toEqual([
      { line: 1, link: { longurl: 'https://example.com/x', alias: 'x', domain: 'go.example.org' } },
    ]);
  });

  it('names each value of the wrong type', () => {
    const links = [
      { domain: 'dub.sh', key: 'a', url: 'https://example.com/a', tags: 'news' },
      { domain: 'dub.sh', key: 'b', url: 'https://example.com/b', tags: [{ id: 'tag_1', color: 'red' }] },
      { domain: 'dub.sh', key: 'c', url: 'https://example.com/c', geo: ['US'], ios: 1 },
      { domain: 'dub.sh', key: 'd', url: 'https://example.com/d', geo: { US: 5 }, tagNames: [1] },
    ];
    const [a, b, c, d] = readImport('dub', JSON.stringify(links)).map((record) => ('error' in record ? record.error : ''));
    expect(a).toBe('tags must be a list of tags ({name, color}), not text');
    expect(b).toBe('tags[0] must be a tag ({name, color}) or text');
    expect(c).toBe('geo must be an object of country codes and URLs, not a list; ios must be text, not a number');
    expect(d).toBe('geo must give each country a URL (text), not a number; tagNames[0] must be text, not a number');
  });

  it('refuses JSON of another shape', () => {
    expect(() => readImport('dub', '{"links": []}')).toThrow(ImportFormatError);
    expect(() => readImport('dub', '{"links": []}')).toThrow(/not a Dub export: expected the API's list of links/);
  });
});
