import { parse } from 'csv-parse/sync';
import { PUBLIC_URL, useApi } from './support/app';
import { createCampaign, createChannel, createDomain, createLink, createPixel, createUser, type TestUser } from './support/factories';
import { FIREFOX, IPHONE, UK, US } from './support/visitors';

/** GET /urls/export and GET /url/{id}/clicks: whole collections, streamed as CSV or NDJSON. */
describe('exports', () => {
  const api = useApi();
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });

  const get = (url: string, key = user.apikey) => api.request('GET', url, { key });
  const ndjson = (text: string) =>
    text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  describe('GET /urls/export', () => {
    it('exports every link with every field of its details and its totals, oldest first, as the details read', async () => {
      const domain = await createDomain(api, user);
      const campaign = await createCampaign(api, user);
      const channel = await createChannel(api, user);
      const pixel = await createPixel(api, user);
      const first = await createLink(api, user, {
        custom: `first-${user.id}`,
        domain: domain.domain,
        title: 'Été à Tōkyō',
        campaign,
        channel,
        pixels: [pixel],
        password: 'secret-123',
        geotarget: [{ location: 'FR', link: 'https://example.fr/' }],
        parameters: [{ name: 'utm_source', value: 'mail' }],
      });
      const second = await createLink(api, user, { description: '=HYPERLINK("https://evil.example")', status: 'public' });
      const visited = (await get(`/l/api/url/${second}`)).body.details.alias as string;
      await api.request('GET', `/${visited}`, { key: null, headers: { 'user-agent': FIREFOX } });
      await api.flushClicks();

      const response = await get('/l/api/urls/export?format=ndjson');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="linkyard-links-\d{4}-\d{2}-\d{2}\.ndjson"$/);
      const records = ndjson(response.text);
      expect(records.map((record) => record.id)).toEqual([first, second]);
      for (const record of records) {
        const { details } = (await get(`/l/api/url/${record.id as number}`)).body;
        expect(record).toEqual(details);
      }
      expect(records[0]).toMatchObject({ password: true, pixels: [pixel], channels: [channel], campaign, domain: domain.domain });
      expect(records[1]).toMatchObject({ clicks: 1, uniqueClicks: 1 });
      expect(response.text).not.toContain('secret-123');
    });

    it("writes CSV a spreadsheet opens without running formulas (a guarded cell has one more ' in front)", async () => {
      const hostile = ['=HYPERLINK("https://evil.example")', '+1', '-x', '@SUM(A1)', 'a,b "c"\r\nd', "'=already", '東京 ‮ txt'];
      for (const title of hostile) await createLink(api, user, { title });
      const response = await get('/l/api/urls/export');
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const rows = parse<Record<string, string>>(response.text, { columns: true });
      expect(Object.keys(rows[0]!)).toEqual([
        'id', 'alias', 'shorturl', 'longurl', 'domain', 'title', 'description', 'metadescription', 'metaimage', 'type', 'status',
        'password', 'expiry', 'campaign', 'channels', 'pixels', 'geotarget', 'devicetarget', 'languagetarget', 'deeplink',
        'parameters', 'tags', 'archived', 'startdate', 'clicklimit', 'variants', 'date', 'clicks', 'uniqueClicks',
      ]); // prettier-ignore
      expect(rows.map((row) => row.title)).toEqual(hostile.map((title) => (/^'*[=+\-@\t\r]/.test(title) ? `'${title}` : title)));
      for (const row of rows) expect(row.title).not.toMatch(/^[=+\-@]/);
      expect(rows[0]).toMatchObject({ domain: '', expiry: '', campaign: '', channels: '[]', deeplink: '', password: 'false', clicks: '0' });
      expect(rows[0]!.shorturl).toBe(`${PUBLIC_URL}/${rows[0]!.alias}`);
    });

    it('streams thousands of links, and an account sees only its own', async () => {
      const urls = Array.from({ length: 1000 }, (_, index) => ({ url: `https://example.com/${index}` }));
      for (let call = 0; call < 3; call += 1) {
        expect((await api.request('POST', '/l/api/url/bulk', { key: user.apikey, body: { urls } })).body.data.created).toBe(1000);
      }
      const records = ndjson((await get('/l/api/urls/export?format=ndjson')).text);
      expect(records).toHaveLength(3000);
      expect(new Set(records.map((record) => record.id)).size).toBe(3000);
      const other = await createUser(api);
      const theirs = await get('/l/api/urls/export', other.apikey);
      expect(theirs.text).toBe(`${theirs.text.split('\r\n')[0]}\r\n`);
    });

    it('refuses an unknown format', async () => {
      const response = await get('/l/api/urls/export?format=xlsx');
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Invalid parameter "format": must be csv or ndjson.');
    });
  });

  describe('GET /url/{id}/clicks', () => {
    it('exports the raw clicks of a range, oldest first, without address or visitor key', async () => {
      const id = await createLink(api, user, { url: 'https://example.com/landing?utm_source=mail' });
      const alias = (await get(`/l/api/url/${id}`)).body.details.alias as string;
      api.clock.set(Date.parse('2026-11-20T10:00:00Z'));
      await api.request('GET', `/${alias}`, {
        key: null,
        headers: { 'user-agent': FIREFOX, referer: 'https://news.example.org/a' },
        remoteAddress: UK,
      });
      api.clock.set(Date.parse('2026-11-21T10:00:00Z'));
      await api.request('GET', `/${alias}?utm_campaign=winter`, { key: null, headers: { 'user-agent': IPHONE }, remoteAddress: US });
      await api.flushClicks();

      const response = await get(`/l/api/url/${id}/clicks?from=2026-11-01&to=2026-11-22&format=ndjson`);
      expect(response.status).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="linkyard-clicks-${id}-2026-11-22.ndjson"`);
      const clicks = ndjson(response.text);
      expect(clicks).toEqual([
        expect.objectContaining({
          date: expect.stringMatching(/^2026-11-20T10:00:00\.\d{3}Z$/),
          country: 'GB',
          referrer: 'news.example.org',
          browser: 'Firefox',
          bot: false,
        }),
        expect.objectContaining({
          date: expect.stringMatching(/^2026-11-21T10:00:00\.\d{3}Z$/),
          country: 'US',
          utmSource: 'mail',
          utmCampaign: 'winter',
          device: 'mobile',
        }),
      ]);
      expect(response.text).not.toContain(UK);
      // Exactly these fields: no address, no visitor key.
      expect(Object.keys(clicks[0]!)).toEqual([
        'date',
        'country',
        'referrer',
        'browser',
        'os',
        'device',
        'social',
        'utmSource',
        'utmMedium',
        'utmCampaign',
        'variant',
        'bot',
      ]);

      const csv = await get(`/l/api/url/${id}/clicks?from=2026-11-21&to=2026-11-22`);
      const rows = parse<Record<string, string>>(csv.text, { columns: true });
      expect(rows).toEqual([
        expect.objectContaining({
          date: expect.stringMatching(/^2026-11-21T10:00:00\.\d{3}Z$/),
          country: 'US',
          bot: 'false',
          referrer: '',
        }),
      ]);
    });

    it('pages through more clicks than one read holds, each once', async () => {
      const id = await createLink(api, user);
      const alias = (await get(`/l/api/url/${id}`)).body.details.alias as string;
      const start = Date.parse('2026-11-20T00:00:00Z');
      for (let index = 0; index < 4500; index += 1) {
        api.clock.set(start + Math.floor(index / 3) * 1000);
        await api.request('GET', `/${alias}`, { key: null, headers: { 'user-agent': FIREFOX } });
      }
      await api.flushClicks();
      const clicks = ndjson((await get(`/l/api/url/${id}/clicks?from=2026-11-19&to=2026-11-22&format=ndjson`)).text);
      expect(clicks).toHaveLength(4500);
      const dates = clicks.map((click) => Date.parse(click.date as string));
      expect(dates).toEqual([...dates].sort((a, b) => a - b));
    });

    it("is a 404 for another account's link and a 400 for a bad range", async () => {
      const other = await createUser(api);
      const theirs = await createLink(api, other);
      expect((await get(`/l/api/url/${theirs}/clicks`)).status).toBe(404);
      const mine = await createLink(api, user);
      expect((await get(`/l/api/url/${mine}/clicks?from=2026-11-22&to=2026-11-01`)).status).toBe(400);
      expect((await get(`/l/api/url/${mine}/clicks?from=yesterday`)).status).toBe(400);
    });
  });
});
