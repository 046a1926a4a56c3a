import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLIC_URL, useApi } from './support/app';
import { createDomain, createLink, createSplash, createUser, type TestUser } from './support/factories';
import { FIREFOX } from './support/visitors';

/** Sample exports of each source, in their real layouts (see packages/formats/README.md). */
const FIXTURES = join(__dirname, '..', '..', '..', 'packages', 'formats', 'test', 'fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

interface ImportResult {
  line: number;
  result: 'created' | 'renamed' | 'existing' | 'failed';
  id?: number;
  alias?: string;
  shorturl?: string;
  previousAlias?: string;
  field?: string | null;
  message?: string;
}

/** POST /urls/import: the exports of other shorteners and of Linkyard, made into links. */
describe('import', () => {
  const api = useApi();
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });

  const importFile = (body: Buffer | string, type: string, from?: string, key = user.apikey) =>
    api.request('POST', `/l/api/urls/import${from ? `?from=${from}` : ''}`, { key, rawBody: body, headers: { 'content-type': type } });
  const details = async (id: number) => (await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.details;
  const byLine = (results: ImportResult[]) => new Map(results.map((result) => [result.line, result]));

  it("imports Bitly's CSV download: aliases from the short links, a custom back-half before the hash, titles kept", async () => {
    const response = await importFile(fixture('bitly.csv'), 'text/csv', 'bitly');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ from: 'bitly', total: 5, created: 4, renamed: 0, existing: 0, failed: 1 });
    const lines = byLine(response.body.data.results);
    expect(lines.get(2)).toMatchObject({ result: 'created', alias: '3xAbCdE', shorturl: `${PUBLIC_URL}/3xAbCdE` });
    expect(await details(lines.get(3)!.id!)).toMatchObject({
      alias: 'spring-sale',
      longurl: 'https://shop.example.com/sale?utm_source=bitly&utm_medium=link',
      title: '春のセール',
      domain: null,
    });
    expect((await details(lines.get(4)!.id!)).title).toMatch(/^Quarterly report, Q3\r?\n\(draft\)$/);
    expect(lines.get(6)).toMatchObject({ result: 'failed', message: expect.stringContaining('no long URL') });
  });

  it('keeps the date and the click count the source gave (a YOURLS row of 2025-01-15 with 12 clicks)', async () => {
    const keyword = `dated${user.id}`;
    const csv = `"keyword","url","title","timestamp","ip","clicks"\n"${keyword}","https://example.org/dated","Dated","2025-01-15 08:30:00","203.0.113.7","12"\n`;
    const response = await importFile(csv, 'text/csv', 'yourls');
    const [imported] = response.body.data.results as ImportResult[];
    const link = await api.request('GET', `/l/api/url/${imported!.id}`, { key: user.apikey });
    expect(link.body.details.date).toBe('2025-01-15 08:30:00');
    expect(link.body.data.clicks).toBe(12);
    const listed = await api.request('GET', `/l/api/urls?q=${keyword}`, { key: user.apikey });
    expect(listed.body.data.urls[0]).toMatchObject({ alias: keyword, clicks: 12, date: '2025-01-15 08:30:00' });
    // A click here adds to what the source counted.
    await api.request('GET', `/${keyword}`, { key: null, outsideContract: true, headers: { 'user-agent': FIREFOX } });
    await api.flushClicks();
    expect((await api.request('GET', `/l/api/url/${imported!.id}`, { key: user.apikey })).body.data.clicks).toBe(13);
  });

  it("keeps a link's type from Linkyard's export: frame always, a splash page only when it is the account's", async () => {
    const splash = await createSplash(api, user);
    const header = 'alias,longurl,type\n';
    const rows = [
      `framed${user.id},https://example.com/framed,frame`,
      `splashed${user.id},https://example.com/splashed,${splash}`,
      `foreign${user.id},https://example.com/foreign,999999`,
    ];
    const response = await importFile(header + rows.join('\n') + '\n', 'text/csv', 'linkyard');
    expect(response.body.data).toMatchObject({ created: 3, failed: 0 });
    const types = await Promise.all(
      response.body.data.results.map(async (result: ImportResult) => (await details(result.id!)).type as string),
    );
    expect(types).toEqual(['frame', String(splash), 'direct']);
  });

  it("keeps the source's domain when it is one of the account's branded domains", async () => {
    await createDomain(api, user, { domain: 'https://go.example.org' });
    const response = await importFile(fixture('bitly-api.json'), 'application/json', 'bitly');
    expect(response.body.data.failed).toBe(1);
    const onDomain = response.body.data.results.find((result: ImportResult) => result.alias === 'spring-sale');
    expect(onDomain).toMatchObject({ result: 'created', shorturl: 'https://go.example.org/spring-sale' });
    // bit.ly is not the account's: the link is on the service's own address (where the alias may be taken already).
    const elsewhere = response.body.data.results.find((result: ImportResult) => [result.alias, result.previousAlias].includes('3xAbCdE'));
    expect(elsewhere.shorturl).toMatch(new RegExp(`^${PUBLIC_URL}/`));
  });

  it("imports Kutt's list of links (the API's object and its bare array), leaving out banned and protected links", async () => {
    const response = await importFile(fixture('kutt-api.json'), 'application/json', 'kutt');
    expect(response.body.data).toMatchObject({ from: 'kutt', total: 4, created: 1, failed: 3 });
    const [created] = response.body.data.results as ImportResult[];
    expect(await details(created!.id!)).toMatchObject({
      alias: 'Ab3dE',
      longurl: 'https://example.com/offers/week',
      description: 'Спецпредложение недели',
    });
    const messages = response.body.data.results.map((result: ImportResult) => result.message ?? '').join('\n');
    expect(messages).toMatch(/password-protected/);
    const bare = await importFile(fixture('kutt-list.json'), 'application/json', 'kutt');
    expect(bare.body.data.results.map((result: ImportResult) => result.message)).toEqual([
      expect.stringMatching(/^Invalid field "expiry": .* in the future\.$/),
      expect.stringMatching(/banned/),
    ]);
  });

  it("imports Shlink's CSV and its API's list, renaming the short codes this service cannot use", async () => {
    const csv = await importFile(fixture('shlink.csv'), 'text/csv', 'shlink');
    expect(csv.body.data).toMatchObject({ from: 'shlink', total: 4, created: 1, renamed: 2, failed: 1 });
    const lines = byLine(csv.body.data.results);
    expect(lines.get(3)).toMatchObject({
      result: 'renamed',
      previousAlias: 'promo/2024',
      reason: 'unusable',
      shorturl: expect.stringMatching(/^http:\/\/links\.test\/\w{6}$/),
    });
    expect(await details(lines.get(3)!.id!)).toMatchObject({
      longurl: 'https://shop.example.org/promo?ref=shlink&x=1',
      title: 'Документация, выпуск 2\nс переносом строки',
    });
    // Two letters: too short to be an alias here, not taken.
    expect(lines.get(6)).toMatchObject({ result: 'renamed', previousAlias: 'zh', reason: 'unusable' });
    expect(await details(lines.get(6)!.id!)).toMatchObject({ title: '中文标题 "引号"' });
    expect((await details(lines.get(2)!.id!)).tags).toEqual(['docs', 'guides']);
    const api2 = await importFile(fixture('shlink-api.json'), 'application/json', 'shlink');
    expect(api2.body.data.results[0]).toMatchObject({ result: 'existing', alias: 'abc12', id: lines.get(2)!.id });
  });

  it("imports YOURLS's table as CSV (NULL titles included) and its API's stats answer", async () => {
    const csv = await importFile(fixture('yourls.csv'), 'text/csv', 'yourls');
    expect(csv.body.data).toMatchObject({ from: 'yourls', total: 5, created: 3, renamed: 1, failed: 1 });
    const lines = byLine(csv.body.data.results);
    expect(await details(lines.get(3)!.id!)).toMatchObject({ alias: 'news', title: 'Νέα, ανακοινώσεις\nκαι εκδηλώσεις' });
    expect(await details(lines.get(5)!.id!)).toMatchObject({ longurl: 'https://example.org/no-title', title: '' });
    expect(await details(lines.get(7)!.id!)).toMatchObject({ alias: 'null', title: 'NULL' });
    const json = await importFile(fixture('yourls-api.json'), 'application/json', 'yourls');
    expect(json.body.data.results.map((result: ImportResult) => result.result)).toEqual(['existing', 'renamed', 'failed']);
    expect(await details(json.body.data.results[1].id)).toMatchObject({ title: 'नमस्ते दुनिया' });
  });

  it('recognizes the source when "from" is not given', async () => {
    for (const [file, type, source] of [
      ['bitly.csv', 'text/csv', 'bitly'],
      ['kutt-api.json', 'application/json', 'kutt'],
      ['shlink.csv', 'text/csv', 'shlink'],
      ['dub.csv', 'text/csv', 'dub'],
      ['dub-api.json', 'application/json', 'dub'],
      ['yourls-api.json', 'application/json', 'yourls'],
      ['linkyard.ndjson', 'application/x-ndjson', 'linkyard'],
    ] as const) {
      expect((await importFile(fixture(file), type)).body.data.from).toBe(source);
    }
  });

  it('renames an alias another link holds, reports it, and creates nothing twice on a second import', async () => {
    const [taken, free] = [`taken-${user.id}`, `free-${user.id}`];
    await createLink(api, user, { custom: taken, url: 'https://example.com/mine' });
    const file = `keyword,url,title\n${taken},https://example.com/theirs,T\n${free},https://example.com/free,F\n`;
    const first = await importFile(file, 'text/csv', 'yourls');
    expect(first.body.data.results).toEqual([
      {
        line: 2,
        result: 'renamed',
        id: expect.any(Number),
        alias: expect.any(String),
        shorturl: expect.any(String),
        previousAlias: taken,
        reason: 'taken',
      },
      { line: 3, result: 'created', id: expect.any(Number), alias: free, shorturl: `${PUBLIC_URL}/${free}` },
    ]);
    expect(await details(first.body.data.results[0].id)).toMatchObject({ longurl: 'https://example.com/theirs' });
    const again = await importFile(file, 'text/csv', 'yourls');
    // The renamed record cannot be told from a new one (its alias belongs to another link): it is renamed again.
    expect(again.body.data).toMatchObject({ created: 0, existing: 1, renamed: 1, failed: 0 });
    expect(again.body.data.results[1]).toMatchObject({ result: 'existing', id: first.body.data.results[1].id });
    expect((await api.request('GET', '/l/api/urls', { key: user.apikey })).body.data.result).toBe(4);
  });

  it("imports Dub's CSV export with its tags, a formula kept as text, and its clicks", async () => {
    const response = await importFile(fixture('dub.csv'), 'text/csv', 'dub');
    expect(response.body.data).toMatchObject({ from: 'dub' });
    const lines = byLine(response.body.data.results);
    // The alias is "launch" unless a test before took it on this service's address.
    expect(await details(lines.get(2)!.id!)).toMatchObject({
      alias: lines.get(2)!.result === 'created' ? 'launch' : expect.any(String),
      longurl: 'https://example.com/launch?utm_source=dub&utm_medium=link',
      tags: ['launch', 'spring'],
      clicks: 42,
    });
    expect((await details(lines.get(3)!.id!)).tags).toEqual(['=hyperlink("https://evil.example","x")', 'ausverkauf', '促销']);
  });

  it('keeps the tags a link can have and leaves the others behind rather than the link', async () => {
    const tags = ['Good', 'x'.repeat(60), 'bell\u0007', ...Array.from({ length: 25 }, (_, index) => `t${index}`)];
    const file = `${JSON.stringify({ longurl: 'https://example.com/tagged', tags })}\n`;
    const response = await importFile(file, 'application/x-ndjson', 'linkyard');
    expect(response.body.data).toMatchObject({ created: 1, failed: 0 });
    const kept = (await details(response.body.data.results[0].id)).tags as string[];
    expect(kept).toHaveLength(20);
    expect(kept.slice(0, 2)).toEqual(['good', 't0']);
  });

  it("round-trips Linkyard's own export into another account, field for field", async () => {
    await createLink(api, user, {
      custom: `trip-${user.id}`,
      title: 'Été "à" Tōkyō, =1+1',
      description: '@mention\r\nnext line',
      metadescription: 'Ω',
      metaimage: 'https://img.example.com/a.png',
      status: 'public',
      expiry: '2099-01-01 00:00:00',
      geotarget: [{ location: 'FR', link: 'https://example.fr/' }],
      devicetarget: [{ device: 'iPhone', link: 'https://m.example.com/' }],
      languagetarget: [{ language: 'de', link: 'https://example.de/' }],
      deeplink: { auto: true, apple: 'https://apps.apple.com/app/id1', google: '' },
      parameters: [{ name: 'utm_source', value: '-mail' }],
      tags: ['=sum(1)', 'été, "q"', '中文'],
      archived: true,
    });
    const kept = ['alias', 'longurl', 'title', 'description', 'metadescription', 'metaimage', 'status', 'expiry', 'geotarget', 'devicetarget', 'languagetarget', 'deeplink', 'parameters', 'tags', 'archived'] as const; // prettier-ignore
    const mine = (await api.request('GET', '/l/api/urls/export?format=ndjson', { key: user.apikey })).text;
    for (const format of ['csv', 'ndjson'] as const) {
      const other = await createUser(api);
      const file = (await api.request('GET', `/l/api/urls/export?format=${format}`, { key: user.apikey })).text;
      const response = await importFile(file, format === 'csv' ? 'text/csv' : 'application/x-ndjson', 'linkyard', other.apikey);
      expect(response.body.data).toMatchObject({ total: 1, renamed: 1 }); // the alias is taken (by the first account)
      const theirs = (await api.request('GET', '/l/api/urls/export?format=ndjson', { key: other.apikey })).text;
      const [original, copy] = [JSON.parse(mine), JSON.parse(theirs)];
      for (const field of kept.filter((name) => name !== 'alias')) expect([field, copy[field]]).toEqual([field, original[field]]);
    }
  });

  it('answers a clear 400 for a file it cannot read, an unknown source, or too many links', async () => {
    const cases: [Buffer | string, string, string | undefined, RegExp][] = [
      ['', 'text/csv', 'bitly', /must be the file to import/],
      ['just some words', 'text/plain', undefined, /not recognized; name its source with "from"/],
      [fixture('shlink.csv'), 'text/csv', 'bitly', /^The file cannot be imported: /],
      ['{"a":'.repeat(5000), 'application/json', 'kutt', /^The file cannot be imported: /],
      [
        fixture('bitly.csv'),
        'text/csv',
        'tinyurl',
        /^Invalid parameter "from": must be one of bitly, dub, kutt, shlink, yourls, linkyard\.$/,
      ],
      [
        `keyword,url\n${Array.from({ length: 10_001 }, (_, index) => `k${index},https://example.com/${index}`).join('\n')}`,
        'text/csv',
        'yourls',
        /holds more than 10000 links/,
      ],
    ];
    for (const [body, type, from, message] of cases) {
      const response = await importFile(body, type, from);
      expect([response.status, response.body.message]).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await api.request('GET', '/l/api/urls', { key: user.apikey })).body.data.result).toBe(0);
  });

  it('ignores a domain no host can be (NUL, control characters) rather than failing the import', async () => {
    const file = JSON.stringify([
      { target: 'https://example.com/nul', address: `nul-${user.id}`, domain: 'go\u0000.example.com' },
      { target: 'https://example.com/ctl', address: `ctl-${user.id}`, domain: 'go\u001b[31m.example.com' },
    ]);
    const response = await importFile(file, 'application/json', 'kutt');
    expect(response.status).toBe(200);
    expect(response.body.data.results.map((result: ImportResult) => [result.result, result.shorturl])).toEqual([
      ['created', `${PUBLIC_URL}/nul-${user.id}`],
      ['created', `${PUBLIC_URL}/ctl-${user.id}`],
    ]);
  });

  it('reports hostile records as failed and imports the rest', async () => {
    const file = [
      'keyword,url,title,timestamp,ip,clicks',
      'ok1,https://example.com/1,fine,2024-01-01 00:00:00,192.0.2.1,0',
      'js1,javascript:alert(1),x,2024-01-01 00:00:00,192.0.2.1,0',
      `nul,https://example.com/2,a\u0000b,2024-01-01 00:00:00,192.0.2.1,0`,
      `big,https://example.com/3,${'x'.repeat(100_000)},2024-01-01 00:00:00,192.0.2.1,0`,
      'ctl,https://example.com/4,bell\u0007 and esc\u001b[31m,2024-01-01 00:00:00,192.0.2.1,0',
    ].join('\n');
    const response = await importFile(file, 'text/csv', 'yourls');
    expect(response.status).toBe(200);
    const results = byLine(response.body.data.results);
    expect(results.get(2)).toMatchObject({ result: 'created' });
    expect(results.get(3)).toMatchObject({ result: 'failed', field: 'url' });
    expect(results.get(4)).toMatchObject({ result: 'failed', message: expect.stringContaining('NUL') });
    expect(results.get(5)).toMatchObject({ result: 'failed', field: 'title' });
    expect(results.get(6)!.result).not.toBe('failed');
  });

  it('takes a file up to 8 MiB and counts once against the rate limit', async () => {
    const limited = await createUser(api, { ratelimit: 3 });
    // 4,000 links with titles of 200 non-Latin characters: about 1.7 MiB, over the 1 MiB of other bodies.
    const rows = Array.from({ length: 4000 }, (_, index) => `k${index}x${limited.id},https://example.com/${index},${'τ'.repeat(200)}`);
    const file = ['keyword,url,title', ...rows].join('\n');
    expect(Buffer.byteLength(file)).toBeGreaterThan(1.5 * 1024 * 1024);
    const response = await importFile(file, 'text/csv', 'yourls', limited.apikey);
    expect(response.body.data).toMatchObject({ total: 4000, created: 4000 });
    expect(response.headers['x-ratelimit-remaining']).toBe('2');
    const tooLarge = await importFile(`keyword,url\n${'k,https://example.com/\n'.repeat(400_000)}`, 'text/csv', 'yourls', limited.apikey);
    expect(tooLarge.status).toBe(413);
  });
});
