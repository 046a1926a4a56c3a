import { newBatchId } from '../src/modules/clicks/click-recorder';
import { ClickRetention } from '../src/modules/clicks/click-retention';
import { ClickWriter } from '../src/modules/clicks/click-writer';
import { CLICKHOUSE, type ClickHouse } from '../src/modules/clicks/clickhouse/clickhouse';
import { clickRows } from '../src/modules/clicks/clickhouse/clickhouse-reads';
import { HourCounts } from '../src/modules/clicks/clickhouse/hour-counts';
import { useApi, type TestApi } from './support/app';
import { rawClickCount } from './support/clickhouse';
import { createLink, createQr, createUser, linkAlias, type TestUser } from './support/factories';
import { clickOf, FIREFOX, FR, GOOGLEBOT, IPHONE, UK } from './support/visitors';

interface Visit {
  at: string;
  agent: string;
  from: string;
  query?: string;
  referer?: string;
}

/**
 * Around the night Paris moved to summer time (2026-03-29, 01:00 UTC: 02:00 became 03:00).
 * Two clicks of the same visitor in the 22:00 UTC hour, one from France in the 23:00 hour with
 * UTM values in the short URL, a bot at 00:30 and an iPhone at 01:30.
 */
const NIGHT: Visit[] = [
  { at: '2026-03-28T22:30:00Z', agent: FIREFOX, from: UK, referer: 'https://www.news.example.org/today' },
  { at: '2026-03-28T22:45:00Z', agent: FIREFOX, from: UK },
  { at: '2026-03-28T23:30:00Z', agent: FIREFOX, from: FR, query: '?utm_source=newsletter&utm_medium=email' },
  { at: '2026-03-29T00:30:00Z', agent: GOOGLEBOT, from: FR },
  { at: '2026-03-29T01:30:00Z', agent: IPHONE, from: UK },
];

async function visitAt(api: TestApi, path: string, visits: Visit[]): Promise<void> {
  for (const visit of visits) {
    api.clock.set(visit.at);
    const response = await api.request('GET', `${path}${visit.query ?? ''}`, {
      key: null,
      remoteAddress: visit.from,
      headers: { 'user-agent': visit.agent, ...(visit.referer ? { referer: visit.referer } : {}) },
    });
    expect(response.status).toBe(302);
  }
  await api.flushClicks();
  api.clock.reset();
}

const counts = (clicks: number, visitors: number | null, bots: number | null) => ({ clicks, visitors, bots });

describe('clicks over time', () => {
  const api = useApi();
  let user: TestUser;
  let linkId: number;
  let alias: string;
  const stats = (query: string, key = user.apikey) => api.request('GET', `/l/api/url/${linkId}/stats?${query}`, { key });

  beforeAll(async () => {
    user = await createUser(api);
    linkId = await createLink(api, user, { url: 'https://example.com/sale' });
    alias = await linkAlias(api, user, linkId);
    await visitAt(api, `/${alias}`, NIGHT);
  });

  it('holds as many values in each top list as `top` asks, 1 to 250', async () => {
    const all = (await stats('from=2026-03-27&to=2026-03-31')).body.data.top;
    expect(all.countries.length).toBe(2);
    const one = await stats('from=2026-03-27&to=2026-03-31&top=1');
    expect(one.status).toBe(200);
    expect(one.body.data.top.countries).toEqual([all.countries[0]]);
    expect(one.body.data.top.browsers.length).toBe(1);
    expect((await stats('from=2026-03-27&to=2026-03-31&top=250')).body.data.top).toEqual(all);
    for (const top of ['0', '251', '1.5', 'ten', '', '01']) {
      const answer = await stats(`from=2026-03-27&to=2026-03-31&top=${top}`);
      expect([top, answer.status, answer.body.message]).toEqual([top, 400, expect.stringContaining('Invalid parameter "top"')]);
    }
  });

  it('answers every day of the range in UTC, zeros included, with totals and top values', async () => {
    const response = await stats('from=2026-03-27&to=2026-03-31');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toEqual({
      error: 0,
      data: {
        from: '2026-03-27T00:00:00+00:00',
        to: '2026-03-31T00:00:00+00:00',
        interval: 'day',
        tz: 'UTC',
        filters: {},
        series: [
          { start: '2026-03-27T00:00:00+00:00', ...counts(0, 0, 0) },
          // the same visitor twice in one hour is one visitor; the French visitor is another
          { start: '2026-03-28T00:00:00+00:00', ...counts(3, 2, 0) },
          { start: '2026-03-29T00:00:00+00:00', ...counts(1, 1, 1) },
          { start: '2026-03-30T00:00:00+00:00', ...counts(0, 0, 0) },
        ],
        totals: counts(4, 3, 1),
        top: {
          countries: [
            { value: 'GB', clicks: 3 },
            { value: 'FR', clicks: 1 },
          ],
          referrers: [{ value: 'news.example.org', clicks: 1 }],
          browsers: [
            { value: 'Firefox', clicks: 3 },
            { value: 'Mobile Safari', clicks: 1 },
          ],
          os: [
            { value: 'Windows', clicks: 3 },
            { value: 'iOS', clicks: 1 },
          ],
          devices: [
            { value: 'desktop', clicks: 3 },
            { value: 'mobile', clicks: 1 },
          ],
          social: [],
          utmSources: [{ value: 'newsletter', clicks: 1 }],
          utmMediums: [{ value: 'email', clicks: 1 }],
          utmCampaigns: [],
          variants: [],
        },
      },
    });
  });

  it('puts each click in the day of the asked zone, across a change to summer time', async () => {
    const paris = await stats('from=2026-03-27&to=2026-03-31&tz=Europe/Paris');
    expect(paris.body.data.series).toEqual([
      { start: '2026-03-27T00:00:00+01:00', ...counts(0, 0, 0) },
      { start: '2026-03-28T00:00:00+01:00', ...counts(2, 1, 0) },
      // a day of 23 hours
      { start: '2026-03-29T00:00:00+01:00', ...counts(2, 2, 1) },
      { start: '2026-03-30T00:00:00+02:00', ...counts(0, 0, 0) },
    ]);
    // Local days 29 and 30: the UTC day 29 read whole, and the hours around it (23:00 UTC the day
    // before holds the French click) read one by one.
    const edges = await stats('from=2026-03-29&to=2026-03-31&tz=Europe/Paris');
    expect(edges.body.data.top.countries).toEqual([
      { value: 'FR', clicks: 1 },
      { value: 'GB', clicks: 1 },
    ]);
    expect(edges.body.data.top.utmSources).toEqual([{ value: 'newsletter', clicks: 1 }]);
    const newYork = await stats('from=2026-03-28&to=2026-03-30&tz=America/New_York');
    expect(newYork.body.data.series).toEqual([
      { start: '2026-03-28T00:00:00-04:00', ...counts(4, 3, 1) },
      { start: '2026-03-29T00:00:00-04:00', ...counts(0, 0, 0) },
    ]);
    expect(newYork.body.data.totals).toEqual(counts(4, 3, 1));
  });

  it.each([
    ['Asia/Kolkata', 'Asia/Kolkata', '+05:30'],
    ['Europe/Kyiv', 'Europe/Kyiv', '+02:00'],
    ['Asia/Ho_Chi_Minh', 'Asia/Ho_Chi_Minh', '+07:00'],
    ['europe/paris', 'Europe/Paris', '+01:00'],
  ])('says the zone back as %s was asked for (%s), counting in it', async (asked, said, offset) => {
    const answer = await stats(`from=2026-03-20&to=2026-03-21&tz=${encodeURIComponent(asked)}`);
    expect(answer.body.data.tz).toBe(said);
    expect(answer.body.data.series[0].start).toBe(`2026-03-20T00:00:00${offset}`);
  });

  it('answers hours, weeks and months', async () => {
    const hours = await stats(
      `interval=hour&tz=Europe/Paris&from=${encodeURIComponent('2026-03-29T00:00:00+01:00')}&to=2026-03-29T02:00:00Z`,
    );
    expect(hours.body.data.series).toEqual([
      { start: '2026-03-29T00:00:00+01:00', ...counts(1, 1, 0) },
      { start: '2026-03-29T01:00:00+01:00', ...counts(0, 0, 1) },
      { start: '2026-03-29T03:00:00+02:00', ...counts(1, 1, 0) },
    ]);
    const weeks = await stats('interval=week&from=2026-03-20&to=2026-04-06');
    expect(weeks.body.data.series).toEqual([
      { start: '2026-03-16T00:00:00+00:00', ...counts(0, 0, 0) },
      // Monday 23 to Sunday 29
      { start: '2026-03-23T00:00:00+00:00', ...counts(4, 3, 1) },
      { start: '2026-03-30T00:00:00+00:00', ...counts(0, 0, 0) },
    ]);
    const months = await stats('interval=month&from=2026-02-01&to=2026-05-01&tz=Europe/Paris');
    expect(months.body.data.series).toEqual([
      { start: '2026-02-01T00:00:00+01:00', ...counts(0, 0, 0) },
      { start: '2026-03-01T00:00:00+01:00', ...counts(4, 3, 1) },
      { start: '2026-04-01T00:00:00+02:00', ...counts(0, 0, 0) },
    ]);
  });

  it('answers two months by hour whole and in order (more buckets than the database sends in one text)', async () => {
    const response = await stats(`interval=hour&tz=Europe/Paris&from=2026-02-01&to=${encodeURIComponent('2026-04-01T00:00:00+02:00')}`);
    expect(response.status).toBe(200);
    const series = response.body.data.series as { start: string; clicks: number; visitors: number; bots: number }[];
    // 59 days of 24 hours, less the hour summer time skips.
    expect(series).toHaveLength(59 * 24 - 1);
    expect(series[0]!.start).toBe('2026-02-01T00:00:00+01:00');
    expect(series.at(-1)!.start).toBe('2026-03-31T23:00:00+02:00');
    const starts = series.map((bucket) => Date.parse(bucket.start));
    expect(starts.slice(1).every((start, index) => start - starts[index]! === 3_600_000)).toBe(true);
    expect(series.filter((bucket) => bucket.clicks > 0)).toEqual([
      { start: '2026-03-28T23:00:00+01:00', ...counts(2, 1, 0) },
      { start: '2026-03-29T00:00:00+01:00', ...counts(1, 1, 0) },
      { start: '2026-03-29T03:00:00+02:00', ...counts(1, 1, 0) },
    ]);
    expect(series.find((bucket) => bucket.bots > 0)?.start).toBe('2026-03-29T01:00:00+01:00');
    expect(response.body.data.totals).toEqual(counts(4, 3, 1));
  });

  it('keeps only the clicks a filter names, without visitors or bots', async () => {
    const france = await stats('from=2026-03-28&to=2026-03-30&country=fr');
    expect(france.body.data.filters).toEqual({ country: 'FR' });
    expect(france.body.data.series).toEqual([
      { start: '2026-03-28T00:00:00+00:00', ...counts(1, null, null) },
      { start: '2026-03-29T00:00:00+00:00', ...counts(0, null, null) },
    ]);
    expect(france.body.data.top.countries).toEqual([{ value: 'FR', clicks: 1 }]);
    const both = await stats('from=2026-03-28&to=2026-03-30&browser=Firefox&utm_source=newsletter');
    expect(both.body.data.totals).toEqual(counts(1, null, null));
    const none = await stats('from=2026-03-28&to=2026-03-30&os=Plan9');
    expect(none.body.data.totals).toEqual(counts(0, null, null));
    expect(none.body.data.top.browsers).toEqual([]);
  });

  it('defaults to the last 30 days by day in UTC', async () => {
    api.clock.set('2026-04-10T12:00:00Z');
    try {
      const response = await stats('');
      expect(response.body.data.series).toHaveLength(31);
      expect(response.body.data.from).toBe('2026-03-11T00:00:00+00:00');
      expect(response.body.data.to).toBe('2026-04-10T12:00:00+00:00');
      expect(response.body.data.totals).toEqual(counts(4, 3, 1));
    } finally {
      api.clock.reset();
    }
  });

  it.each([
    ['interval=year', /interval/],
    ['tz=Mars/Olympus_Mons', /tz/],
    ['tz=%00', /tz/],
    ['from=2026-02-30', /from/],
    ['to=2026-02-30T00:00:00Z', /to/],
    ['to=2026-03-01T24:30:00Z', /to/],
    ['from=yesterday', /from/],
    ['from=2026-03-02&to=2026-03-01', /before/],
    ['interval=hour&from=2020-01-01&to=2026-01-01', /more than 10000 hours/],
    ['from=2026-03-01&from=2026-03-02', /once/],
    [`referrer=${'x'.repeat(300)}`, /referrer/],
    ['country=F%00R', /country/],
    [`tz=${'Europe/'.repeat(2000)}`, /tz/],
    [`browser=${encodeURIComponent('ブラウザ'.repeat(100))}`, /browser/],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const response = await stats(query);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(1);
    expect(response.body.message).toMatch(message);
  });

  it("answers 404 for another account's link", async () => {
    const other = await createUser(api);
    const response = await stats('from=2026-03-27&to=2026-03-31', other.apikey);
    expect(response.status).toBe(404);
  });

  it('counts the scans of a QR code', async () => {
    const qrId = await createQr(api, user, { type: 'link', data: 'https://example.com/menu?utm_campaign=table-card' });
    const link = (await api.request('GET', `/l/api/qr/${qrId}`, { key: user.apikey })).body.details.link as string;
    const qrAlias = link.split('/').pop()!;
    await visitAt(api, `/u/${qrAlias}`, [{ at: '2026-03-28T10:00:00Z', agent: IPHONE, from: FR }]);
    const response = await api.request('GET', `/l/api/qr/${qrId}/stats?from=2026-03-28&to=2026-03-29`, { key: user.apikey });
    expect(response.body.data.series).toEqual([{ start: '2026-03-28T00:00:00+00:00', ...counts(1, 1, 0) }]);
    // the destination's UTM values, when the scanned address has none
    expect(response.body.data.top.utmCampaigns).toEqual([{ value: 'table-card', clicks: 1 }]);
  });

  it("sums the account's links and QR codes, names its top links, and counts no one else's", async () => {
    const second = await createLink(api, user, { url: 'https://example.com/second' });
    const secondAlias = await linkAlias(api, user, second);
    await visitAt(api, `/${secondAlias}`, [
      { at: '2026-03-28T09:00:00Z', agent: FIREFOX, from: FR },
      { at: '2026-03-28T09:10:00Z', agent: IPHONE, from: FR },
    ]);
    const stranger = await createUser(api);
    const strangerLink = await createLink(api, stranger);
    const strangerAlias = await linkAlias(api, stranger, strangerLink);
    await visitAt(api, `/${strangerAlias}`, [{ at: '2026-03-28T09:00:00Z', agent: FIREFOX, from: UK }]);

    const response = await api.request('GET', '/l/api/stats?from=2026-03-28&to=2026-03-30', { key: user.apikey });
    expect(response.status).toBe(200);
    // 4 on the first link, 2 on the second, 1 scan of the QR code
    expect(response.body.data.totals).toEqual(counts(7, 6, 1));
    expect(response.body.data.topLinks).toEqual([
      { id: linkId, alias, shorturl: `http://links.test/${alias}`, clicks: 4 },
      { id: second, alias: secondAlias, shorturl: `http://links.test/${secondAlias}`, clicks: 2 },
    ]);
    const strangers = await api.request('GET', '/l/api/stats?from=2026-03-28&to=2026-03-30', { key: stranger.apikey });
    expect(strangers.body.data.totals).toEqual(counts(1, 1, 0));
  });

  it("reads the account's hours too, with its top links", async () => {
    const response = await api.request('GET', '/l/api/stats?from=2026-03-28&to=2026-03-29&interval=hour', { key: user.apikey });
    expect(response.status).toBe(200);
    expect(response.body.data.series).toHaveLength(24);
    expect(response.body.data.topLinks.length).toBeGreaterThan(0);
  });
});

describe('the retention of raw clicks', () => {
  const api = useApi({ CLICK_RETENTION_DAYS: '30' });

  it('deletes raw clicks past the retention and leaves every statistic as it was', async () => {
    // The housekeeping's pass at start, by the real clock, would take these clicks of months ago
    // (dropping their month) should it reach the click store after they are written: it ends first.
    await api.linkyard.app.get(ClickRetention).run();
    const user = await createUser(api);
    const linkId = await createLink(api, user);
    const alias = await linkAlias(api, user, linkId);
    await visitAt(api, `/${alias}`, NIGHT);
    api.clock.set('2026-04-20T00:00:00Z');
    await visitAt(api, `/${alias}`, [{ at: '2026-04-20T08:00:00Z', agent: FIREFOX, from: FR }]);
    const rawClicks = () => rawClickCount(api.linkyard.app, linkId);
    const read = async () => ({
      series: (await api.request('GET', `/l/api/url/${linkId}/stats?from=2026-03-01&to=2026-05-01&tz=Europe/Paris`, { key: user.apikey }))
        .body,
      details: (await api.request('GET', `/l/api/url/${linkId}`, { key: user.apikey })).body,
      account: (await api.request('GET', '/l/api/stats?from=2026-03-01&to=2026-05-01', { key: user.apikey })).body,
    });
    const before = await read();
    expect([before.series.error, before.details.error, before.account.error]).toEqual([0, 0, 0]);
    expect(before.series.data.totals).toEqual(counts(5, 4, 1));
    expect(await rawClicks()).toBe(6);

    api.clock.set('2026-05-01T00:00:00Z');
    try {
      const deleted = await api.linkyard.app.get(ClickRetention).run();
      expect(deleted.clicks).toBe(5);
      expect(await rawClicks()).toBe(1);
      expect(await read()).toEqual(before);
    } finally {
      api.clock.reset();
    }
  });
});

// ClickHouse keeps an hour's count once the hour settled (clickhouse-reads.ts); run by the
// statistics suites on each tested engine (LINKYARD_CLICKHOUSE).
(process.env.LINKYARD_CLICKHOUSE ? describe : describe.skip)('ClickHouse: an hour counted once it settled', () => {
  const api = useApi();
  const at = new Date('2026-01-05T10:20:00Z');
  const hour = Math.floor(at.getTime() / 1000) - 1200;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let user: TestUser;
  let clickhouse: ClickHouse;
  beforeAll(async () => {
    user = await createUser(api);
    clickhouse = api.linkyard.app.get<ClickHouse | null>(CLICKHOUSE)!;
    await clickhouse.ready();
  });
  const hourly = async (id: number) => {
    const response = await api.request('GET', `/l/api/url/${id}/stats?from=2026-01-05T10:00:00Z&to=2026-01-05T11:00:00Z&interval=hour`, {
      key: user.apikey,
    });
    expect(response.status).toBe(200);
    return response.body.data.totals as { clicks: number; visitors: number; bots: number };
  };
  // As if the hour had last been clicked long ago: its rows go, and one mark from long ago stays.
  const settle = async (id: number) => {
    const db = clickhouse.db;
    await clickhouse.command(`ALTER TABLE ${db}.click_hour_totals DELETE WHERE target = 'link' AND target_id = ${id}`);
    for (let wait = 0; wait < 200; wait += 1) {
      const [row] = await clickhouse.query<{ n: number }>(`SELECT count() AS n FROM ${db}.click_hour_totals WHERE target_id = ${id}`);
      if (Number(row!.n) === 0) break;
      await sleep(50);
    }
    await clickhouse.insert('click_hour_totals', [
      { target: 'link', target_id: id, hour, kind: 0, clicks: 0, bots: 0, visitors: 0, version: 500 },
    ]);
  };
  const countsOf = async (id: number) =>
    (
      await clickhouse.query<{ clicks: number; bots: number; visitors: number; v: number }>(
        `SELECT clicks, bots, visitors, toUInt32(version) AS v FROM ${clickhouse.db}.click_hour_totals
          WHERE target = 'link' AND target_id = ${id} AND kind = 1 ORDER BY v`,
      )
    ).map((row) => ({
      clicks: Number(row.clicks),
      bots: Number(row.bots),
      visitors: Number(row.visitors),
      version: Number(row.v),
    }));
  const counted = async (id: number) => {
    for (let wait = 0; wait < 200; wait += 1) {
      const rows = await countsOf(id);
      if (rows.length > 0) return rows;
      await sleep(50);
    }
    return [];
  };

  it("counts it after a read, from its batches and its raw clicks' visitors, and reads that count afterwards", async () => {
    const writer = api.linkyard.app.get(ClickWriter);
    const id = await createLink(api, user);
    const batch = [
      clickOf(id, 0, { at }),
      clickOf(id, 1, { at }),
      clickOf(id, 2, { at }),
      clickOf(id, 0, { at }),
      clickOf(id, 5, { at, bot: true }),
    ];
    const batchId = newBatchId();
    await writer.write(batch, null, batchId);
    // The same batch stored twice (a retry whose first answer was lost) counts once.
    await clickhouse.insert('clicks', clickRows(batch, batchId));
    await settle(id);
    expect(await hourly(id)).toEqual({ clicks: 4, visitors: 3, bots: 1 });
    expect(await counted(id)).toEqual([{ clicks: 4, bots: 1, visitors: 3, version: 500 }]);
    expect(await hourly(id)).toEqual({ clicks: 4, visitors: 3, bots: 1 });

    // A late click of that hour (a new visitor and one already counted) marks it: read from its parts.
    await writer.write([clickOf(id, 3, { at }), clickOf(id, 0, { at })], null, newBatchId());
    expect(await hourly(id)).toEqual({ clicks: 6, visitors: 4, bots: 1 });
    // Not counted again while that click is fresh; and the count stays beside the mark, merged or not.
    await sleep(1500);
    await clickhouse.command(`OPTIMIZE TABLE ${clickhouse.db}.click_hour_totals FINAL`);
    expect(await countsOf(id)).toEqual([{ clicks: 4, bots: 1, visitors: 3, version: 500 }]);
    expect(await hourly(id)).toEqual({ clicks: 6, visitors: 4, bots: 1 });
  });

  it('counts an hour people clicked once it settled, in the background, before any read of it', async () => {
    const id = await createLink(api, user);
    await api.linkyard.app
      .get(ClickWriter)
      .write(
        [clickOf(id, 0, { at }), clickOf(id, 1, { at }), clickOf(id, 1, { at }), clickOf(id, 9, { at, bot: true })],
        null,
        newBatchId(),
      );
    const hours = api.linkyard.app.get(HourCounts);
    // Its last click is fresh: an insert may still be landing in it, so it waits; a read takes it
    // from its batches, and leaves it uncounted too.
    await hours.count();
    expect(await hourly(id)).toEqual({ clicks: 3, visitors: 2, bots: 1 });
    await sleep(1000);
    expect(await countsOf(id)).toEqual([]);
    await settle(id);
    await hours.count();
    expect(await countsOf(id)).toEqual([{ clicks: 3, bots: 1, visitors: 2, version: 500 }]);
    expect(await hourly(id)).toEqual({ clicks: 3, visitors: 2, bots: 1 });
  });

  it('reads a counted hour from its count alone (one that disagrees with the rows, to tell them apart)', async () => {
    const id = await createLink(api, user);
    await api.linkyard.app.get(ClickWriter).write([clickOf(id, 7, { at })], null, newBatchId());
    await settle(id);
    await clickhouse.insert('click_hour_totals', [
      { target: 'link', target_id: id, hour, kind: 1, clicks: 40, bots: 2, visitors: 42, version: 500 },
    ]);
    expect(await hourly(id)).toEqual({ clicks: 40, visitors: 42, bots: 2 });
  });

  it("adds stale hours to counted ones in an account's buckets, by hour and by local day", async () => {
    const owner = await createUser(api);
    const [counted, fresh] = [await createLink(api, owner), await createLink(api, owner)];
    const writer = api.linkyard.app.get(ClickWriter);
    await writer.write([clickOf(counted, 7, { at })], null, newBatchId());
    await settle(counted);
    await clickhouse.insert('click_hour_totals', [
      { target: 'link', target_id: counted, hour, kind: 1, clicks: 40, bots: 2, visitors: 42, version: 500 },
    ]);
    // The other link: two people in the counted link's hour, one (and a bot) at 23:30 UTC, which is
    // the next local day in Paris. Fresh, so read from their batches.
    const late = new Date('2026-01-05T23:30:00Z');
    await writer.write(
      [clickOf(fresh, 1, { at }), clickOf(fresh, 2, { at }), clickOf(fresh, 3, { at: late }), clickOf(fresh, 4, { at: late, bot: true })],
      null,
      newBatchId(),
    );
    const read = async (query: string) => {
      const response = await api.request('GET', `/l/api/stats?${query}`, { key: owner.apikey });
      expect(response.status).toBe(200);
      return response.body.data as {
        totals: { clicks: number; visitors: number; bots: number };
        series: { start: string; clicks: number; visitors: number; bots: number }[];
      };
    };
    const byHour = await read('from=2026-01-05T00:00:00Z&to=2026-01-06T00:00:00Z&interval=hour');
    expect(byHour.series).toHaveLength(24);
    expect(byHour.series.filter((bucket) => bucket.clicks + bucket.bots > 0)).toEqual([
      { start: '2026-01-05T10:00:00+00:00', clicks: 42, visitors: 44, bots: 2 },
      { start: '2026-01-05T23:00:00+00:00', clicks: 1, visitors: 1, bots: 1 },
    ]);
    const byDay = await read('from=2026-01-05&to=2026-01-07&tz=Europe/Paris');
    expect(byDay.series.map(({ clicks, visitors, bots }) => ({ clicks, visitors, bots }))).toEqual([
      { clicks: 42, visitors: 44, bots: 2 },
      { clicks: 1, visitors: 1, bots: 1 },
    ]);
    expect(byDay.totals).toEqual({ clicks: 43, visitors: 45, bots: 3 });
  });
});
