import { readImport } from '../src';
import { errorOn, fixture, linksByLine } from './support';

describe('Kutt API list of links', () => {
  const records = readImport('kutt', fixture('kutt-api.json'));

  it('reads a link on the instance domain: alias from address, domain from the short link', () => {
    expect(linksByLine(records).get(1)).toEqual({
      longurl: 'https://example.com/offers/week',
      alias: 'Ab3dE',
      domain: 'kutt.example.net',
      description: 'Спецпредложение недели',
      date: '2024-02-03 10:11:12',
      clicks: 42,
    });
  });

  it('reads a link on a custom domain with its expiry', () => {
    expect(linksByLine(records).get(2)).toEqual({
      longurl: 'https://docs.example.org/start?lang=en',
      alias: 'docs',
      domain: 's.example.org',
      expiry: '2025-12-31 23:00:00',
      date: '2024-03-04 05:06:07',
      clicks: 7,
    });
  });

  it('refuses a password-protected link and a link without a target, and keeps the others', () => {
    expect(errorOn(records, 3)).toMatch(/^password: the link is password-protected in Kutt/);
    expect(errorOn(records, 4)).toMatch(/^target is empty/);
    expect(records).toHaveLength(4);
  });

  it('needs the short link only for what address and domain do not give', () => {
    const item = { target: 'https://example.com/', address: 'a', domain: 's.example.org', link: 'not a link' };
    expect(readImport('kutt', JSON.stringify([item]))).toEqual([
      { line: 1, link: { longurl: 'https://example.com/', alias: 'a', domain: 's.example.org' } },
    ]);
    expect(readImport('kutt', JSON.stringify([{ ...item, domain: null }]))).toEqual([{ line: 1, error: 'link is not a short URL' }]);
  });

  it('refuses JSON of another shape', () => {
    expect(() => readImport('kutt', '{"links": []}')).toThrow(/not a Kutt export: expected the API's list of links/);
  });
});

describe('Kutt bare list from an early Kutt 3 (link as {link, url}, SQLite dates)', () => {
  const records = readImport('kutt', fixture('kutt-list.json'));

  it('reads the link, its expiry in UTC and its custom domain', () => {
    expect(linksByLine(records).get(1)).toEqual({
      longurl: 'https://example.org/gr',
      alias: 'k7Lm',
      domain: 'l.example.com',
      description: 'Ελληνικά, με κόμμα',
      expiry: '2024-12-01 18:30:00',
      date: '2024-05-06 07:08:09',
      clicks: 3,
    });
  });

  it('refuses a link Kutt banned', () => {
    expect(errorOn(records, 2)).toMatch(/^banned: Kutt banned this link/);
  });
});
