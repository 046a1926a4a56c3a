import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CLICK_RECORDER_OPTIONS,
  CLICKHOUSE_BATCH,
  ClickRecorder,
  newBatchId,
  type ClickRecorderOptions,
} from '../../src/modules/clicks/click-recorder';
import { CLICKHOUSE, type ClickHouse } from '../../src/modules/clicks/clickhouse/clickhouse';
import { clickRows, countHoursNow, countSettledHours } from '../../src/modules/clicks/clickhouse/clickhouse-reads';
import { ClickHouseVisitorsCopy } from '../../src/modules/clicks/clickhouse/clickhouse-visitors';
import { idSet, str } from '../../src/modules/clicks/clickhouse/clickhouse-sql';
import { ClickRetention } from '../../src/modules/clicks/click-retention';
import { ClickWriter } from '../../src/modules/clicks/click-writer';
import { ClicksRepository } from '../../src/modules/clicks/clicks.repository';
import { copyClicksToClickHouse } from '../../src/modules/clicks/clickhouse/clickhouse-copy.command';
import { startApi, type TestApi } from '../support/app';
import { rawClickCount } from '../support/clickhouse';
import { ClickHouseServer } from '../support/clickhouse-server';
import { createLink, createUser, linkAlias, type TestUser } from '../support/factories';
import { clickOf, FIREFOX, FR, US } from '../support/visitors';

/**
 * ClickHouse as the click store, against a real server (Debian's 18.16, started here): what the
 * statistics suites cannot show by running unchanged on it (LINKYARD_CLICKHOUSE=server): a batch
 * stored twice counted once, hostile text through the one place that writes literals, and the
 * server stopped, stalled and back while the redirects go on.
 */
let server: ClickHouseServer;
let database = 0;
/** A service on a database of its own in the suite's server. */
const start = (env: Record<string, string> = {}) =>
  startApi({ CLICKHOUSE_URL: `${server.url}/linkyard_${process.pid}_${++database}`, CLICKHOUSE_TIMEOUT_MS: '1000', ...env });

beforeAll(async () => {
  server = await ClickHouseServer.start();
});
afterAll(async () => {
  await server?.destroy();
});

const visit = (api: TestApi, alias: string) =>
  api.request('GET', `/${alias}`, { key: null, remoteAddress: FR, headers: { 'user-agent': FIREFOX } });

describe('ClickHouse as the click store', () => {
  let api: TestApi;
  let user: TestUser;
  let linkId: number;
  let clickhouse: ClickHouse;
  beforeAll(async () => {
    api = await start();
    user = await createUser(api);
    linkId = await createLink(api, user);
    clickhouse = api.linkyard.app.get(CLICKHOUSE);
  });
  afterAll(() => api?.close());

  const stats = async (query = '') => {
    const response = await api.request('GET', `/l/api/url/${linkId}/stats?from=2026-01-01&to=2026-01-03${query}`, { key: user.apikey });
    expect(response.status).toBe(200);
    return response.body.data;
  };

  it('makes its tables at start, and says which version of the schema it holds', async () => {
    await clickhouse.ready();
    const tables = await clickhouse.query<{ name: string }>(
      `SELECT name FROM system.tables WHERE database = ${str(clickhouse.db)} ORDER BY name`,
    );
    expect(tables.map((table) => table.name)).toEqual([
      'click_hour_groups',
      'click_hour_groups_mv',
      'click_hour_totals',
      'click_hour_totals_mv',
      'click_hour_visitors',
      'click_hours',
      'click_hours_mv',
      'clicks',
      'copy_progress',
      'schema_versions',
      'target_visitors',
      'target_visitors_mv',
      'visitors_in',
      'visitors_in_mv',
    ]);
    expect(clickhouse.version?.text).toMatch(/^\d+\.\d+/);
    // Its inserts are large: the recorder cuts batches of ClickHouse's size.
    expect(api.linkyard.app.get<ClickRecorderOptions>(CLICK_RECORDER_OPTIONS).batchSize).toBe(CLICKHOUSE_BATCH);
  });

  it('counts a batch once when ClickHouse took it twice (an insert whose answer was lost, then retried)', async () => {
    const at = new Date('2026-01-01T10:15:00.250Z');
    const batch = [0, 1, 2, 3].map((index) => clickOf(linkId, index % 3, { at, referrer: 'news.example' }));
    batch.push(clickOf(linkId, 9, { at, bot: true }));
    const id = newBatchId();
    // The first attempt reached ClickHouse, then failed (its answer lost); the retry stores it all again.
    await clickhouse.insert('clicks', clickRows(batch, id));
    await api.linkyard.app.get(ClickWriter).write(batch, null, id);
    await api.linkyard.app.get(ClickWriter).settle();

    const data = await stats();
    expect(data.totals).toEqual({ clicks: 4, visitors: 3, bots: 1 });
    expect(data.top.referrers).toEqual([{ value: 'news.example', clicks: 4 }]);
    expect((await stats('&referrer=news.example')).totals).toEqual({ clicks: 4, visitors: null, bots: null });
    expect(await rawClickCount(api.linkyard.app, linkId)).toBe(5);
    const exported = await api.request('GET', `/l/api/url/${linkId}/clicks?from=2026-01-01&to=2026-01-03&format=ndjson`, {
      key: user.apikey,
    });
    expect(exported.status).toBe(200);
    expect(exported.text.trim().split('\n')).toHaveLength(5);
    // The link's own totals are PostgreSQL's, written once by the writer.
    const link = await api.request('GET', `/l/api/url/${linkId}`, { key: user.apikey });
    expect(link.body.data).toMatchObject({ clicks: 4, uniqueClicks: 3 });
  });

  it("counts an hour's visitors from its raw clicks, with the hourly set an earlier release kept when those are gone", async () => {
    const id = await createLink(api, user);
    const at = new Date('2026-01-05T10:20:00Z');
    const writer = api.linkyard.app.get(ClickWriter);
    const before = newBatchId();
    await writer.write(
      [0, 1, 2, 0].map((visitor) => clickOf(id, visitor, { at })),
      null,
      before,
    );
    // Written by a release before schema version 6: its view kept the hour's set. Then the
    // retention deleted those raw clicks before the hour was counted.
    await clickhouse.command(
      `INSERT INTO ${clickhouse.db}.click_hour_visitors
       SELECT target, target_id, toStartOfHour(at, 'UTC'), uniqExactState(visitor) FROM ${clickhouse.db}.clicks
        WHERE target = 'link' AND target_id = ${id} GROUP BY target, target_id, toStartOfHour(at, 'UTC')`,
    );
    await clickhouse.command(`ALTER TABLE ${clickhouse.db}.clicks DELETE WHERE batch_id = ${str(before)}`);
    for (let wait = 0; wait < 100 && (await rawClickCount(api.linkyard.app, id)) > 0; wait += 1)
      await new Promise((r) => setTimeout(r, 100));
    expect(await rawClickCount(api.linkyard.app, id)).toBe(0);
    // After the upgrade, a visitor of then and a new one.
    await writer.write(
      [2, 3].map((visitor) => clickOf(id, visitor, { at })),
      null,
      newBatchId(),
    );
    const totals = async () =>
      (await api.request('GET', `/l/api/url/${id}/stats?from=2026-01-05&to=2026-01-06`, { key: user.apikey })).body.data.totals;
    expect(await totals()).toEqual({ clicks: 6, visitors: 4, bots: 0 });
    // Counted now (as the retention does before it deletes raw clicks), then read from that count.
    expect(await countHoursNow(clickhouse, `target = 'link' AND target_id = ${id}`)).toBe(true);
    const [counted] = await clickhouse.query<{ visitors: number }>(
      `SELECT toUInt32(visitors) AS visitors FROM ${clickhouse.db}.click_hour_totals WHERE target = 'link' AND target_id = ${id} AND kind = 1`,
    );
    expect(Number(counted?.visitors)).toBe(4);
    expect(await totals()).toEqual({ clicks: 6, visitors: 4, bots: 0 });
    // An hour marked with nothing to count (a copy stopped between its steps) is counted as zeros,
    // not left stale for every later pass to take again.
    await clickhouse.command(
      `INSERT INTO ${clickhouse.db}.click_hour_totals (target, target_id, hour, kind, clicks, bots, visitors, version)
       VALUES ('link', ${id}, toDateTime(${Date.UTC(2026, 0, 5, 12) / 1000}, 'UTC'), 0, 0, 0, 0, toUInt64(now()))`,
    );
    const range = `target = 'link' AND target_id = ${id}`;
    expect(await countSettledHours(clickhouse, range, undefined, null)).toEqual({ counted: 1, unsettled: [] });
    expect(await countSettledHours(clickhouse, range, undefined, null)).toEqual({ counted: 0, unsettled: [] });
    expect(await totals()).toEqual({ clicks: 6, visitors: 4, bots: 0 });
  });

  it('counts a batch inserted ahead of its write once, when PostgreSQL refused its write and it was written again', async () => {
    const id = await createLink(api, user);
    const writer = api.linkyard.app.get(ClickWriter);
    const at = new Date('2026-01-02T08:00:00Z');
    const batch = [1, 2, 2].map((visitor) => clickOf(id, visitor, { at, referrer: 'ahead.example' }));
    const batchId = newBatchId();
    const inserts = jest.spyOn(clickhouse, 'insertText');
    // The recorder prepares the next batch while the one before is written: its insert starts now.
    writer.prepare(batch, batchId);
    const refused = jest
      .spyOn(api.linkyard.app.get(ClicksRepository), 'writeBatch')
      .mockRejectedValueOnce(new Error('the database is away'));
    await expect(writer.write(batch, null, batchId)).rejects.toThrow('the database is away');
    refused.mockRestore();
    // The retry sends the batch to ClickHouse again, then PostgreSQL takes it.
    await writer.write(batch, null, batchId);
    await writer.settle();
    // The first write waited for the prepared insert; the second inserted again.
    expect(inserts).toHaveBeenCalledTimes(2);
    inserts.mockRestore();

    const response = await api.request('GET', `/l/api/url/${id}/stats?from=2026-01-01&to=2026-01-03`, { key: user.apikey });
    expect(response.body.data.totals).toEqual({ clicks: 3, visitors: 2, bots: 0 });
    expect(response.body.data.top.referrers).toEqual([{ value: 'ahead.example', clicks: 3 }]);
    expect(await rawClickCount(api.linkyard.app, id)).toBe(3);
    const link = await api.request('GET', `/l/api/url/${id}`, { key: user.apikey });
    expect(link.body.data).toMatchObject({ clicks: 3, uniqueClicks: 2 });
  });

  it("counts a link's people for ever in ClickHouse, across batches and days, bots apart, and never backwards", async () => {
    const id = await createLink(api, user);
    const writer = api.linkyard.app.get(ClickWriter);
    const uniqueClicks = async () => (await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.data;
    // The link's answer, read (and kept by the service) before any click.
    expect(await uniqueClicks()).toMatchObject({ clicks: 0, uniqueClicks: 0 });
    await writer.write([clickOf(id, 1), clickOf(id, 2), clickOf(id, 2)], null, newBatchId());
    // The totals are the batch's; its unique count is read apart (once a second, or now).
    expect(await uniqueClicks()).toMatchObject({ clicks: 3, uniqueClicks: 0 });
    await writer.settle();
    expect(await uniqueClicks()).toMatchObject({ clicks: 3, uniqueClicks: 2 });
    // Visitor 2 again a month later, a new visitor 3, and a bot (counted apart, never a person).
    const later = new Date(Date.now() + 30 * 86_400_000);
    await writer.write(
      [clickOf(id, 2, { at: later }), clickOf(id, 3, { at: later }), clickOf(id, 9, { at: later, bot: true })],
      null,
      newBatchId(),
    );
    await writer.settle();
    expect(await uniqueClicks()).toMatchObject({ clicks: 5, uniqueClicks: 3 });
    expect(
      await clickhouse.query(
        `SELECT toUInt32(uniqMerge(visitors)) AS n FROM ${clickhouse.db}.target_visitors WHERE target = 'link' AND target_id = ${id}`,
      ),
    ).toEqual([{ n: 3 }]);
    // Another instance counted more meanwhile (its read of the sets came after this one's): the greater count stands.
    await api.linkyard.app.get(DataSource).query(`UPDATE links SET unique_clicks = 10 WHERE id = $1`, [id]);
    await writer.write([clickOf(id, 4)], null, newBatchId());
    await writer.settle();
    expect(await uniqueClicks()).toMatchObject({ clicks: 6, uniqueClicks: 10 });
  });

  it("never counts more people than clicks: a read may hold another instance's batch PostgreSQL has not counted yet", async () => {
    const id = await createLink(api, user);
    const writer = api.linkyard.app.get(ClickWriter);
    // Five visitors stored in ClickHouse by an instance whose PostgreSQL half has not committed.
    await clickhouse.insert(
      'clicks',
      clickRows(
        [1, 2, 3, 4, 5].map((visitor) => clickOf(id, visitor)),
        newBatchId(),
      ),
    );
    await writer.write([clickOf(id, 6)], null, newBatchId());
    await writer.settle();
    const link = await api.request('GET', `/l/api/url/${id}`, { key: user.apikey });
    expect(link.body.data).toMatchObject({ clicks: 1, uniqueClicks: 1 });
  });

  it('reads a unique count again after a failed read, and writes it once ClickHouse answers', async () => {
    const id = await createLink(api, user);
    const writer = api.linkyard.app.get(ClickWriter);
    await writer.write([clickOf(id, 1), clickOf(id, 2)], null, newBatchId());
    const failing = jest.spyOn(clickhouse, 'query').mockRejectedValueOnce(new Error('ClickHouse is away'));
    try {
      await writer.settle();
      expect(failing).toHaveBeenCalledTimes(1);
      const before = await api.request('GET', `/l/api/url/${id}`, { key: user.apikey });
      expect(before.body.data).toMatchObject({ clicks: 2, uniqueClicks: 0 });
    } finally {
      failing.mockRestore();
    }
    await writer.settle();
    const after = await api.request('GET', `/l/api/url/${id}`, { key: user.apikey });
    expect(after.body.data).toMatchObject({ clicks: 2, uniqueClicks: 2 });
  });

  it("deletes a deleted link's clicks from every table, a minute after, and leaves the others", async () => {
    const kept = await createLink(api, user);
    const gone = await createLink(api, user);
    const at = new Date('2026-01-02T08:00:00Z');
    const batch = [clickOf(kept, 1, { at }), clickOf(gone, 2, { at }), clickOf(gone, 3, { at, referrer: 'x.example' })];
    await api.linkyard.app.get(ClickWriter).write(batch, null, newBatchId());
    const rowsOf = async (id: number) => {
      const counts = await Promise.all(
        ['clicks', 'click_hours', 'click_hour_groups', 'click_hour_totals', 'target_visitors'].map(
          async (table) =>
            (
              await clickhouse.query<{ n: string }>(
                `SELECT toString(count()) AS n FROM ${clickhouse.db}.${table} WHERE target = 'link' AND target_id = ${id}`,
              )
            )[0]!.n,
        ),
      );
      return counts.map(Number);
    };
    expect(await rowsOf(gone)).toEqual([2, 1, 2, 1, 1]);
    expect((await api.request('DELETE', `/l/api/url/${gone}/delete`, { key: user.apikey })).status).toBe(200);
    // A batch made before the delete and written after it: the deleted link's click is left out.
    await api.linkyard.app.get(ClickWriter).write([clickOf(gone, 4, { at }), clickOf(kept, 5, { at })], null, newBatchId());
    expect(await rowsOf(gone)).toEqual([2, 1, 2, 1, 1]);
    expect((await rowsOf(kept))[0]).toBe(2);
    const db = api.linkyard.app.get(DataSource);
    const notes = () => db.query(`SELECT target, target_id FROM click_store_purges WHERE target_id = $1`, [gone]);
    const retention = api.linkyard.app.get(ClickRetention);
    // Within the minute of the delete: not yet (the note stays for a later pass).
    await retention.run();
    expect(await notes()).toEqual([{ target: 'link', target_id: gone }]);
    api.clock.advance(120_000);
    try {
      await retention.run();
    } finally {
      api.clock.reset();
    }
    // The deletes run in the background on the server.
    for (let wait = 0; wait < 100 && (await rowsOf(gone)).some((n) => n > 0); wait += 1) await new Promise((r) => setTimeout(r, 100));
    expect(await rowsOf(gone)).toEqual([0, 0, 0, 0, 0]);
    expect((await rowsOf(kept))[0]).toBe(2);
    expect(await notes()).toEqual([]);
  });

  it('exports more clicks than a page holds, each once, in order of time', async () => {
    const other = await createLink(api, user);
    const start = Date.parse('2026-01-02T00:00:00Z');
    const clicks = Array.from({ length: 4500 }, (_, index) => clickOf(other, index, { at: new Date(start + (index % 1000) * 1000) }));
    const writer = api.linkyard.app.get(ClickWriter);
    for (let from = 0; from < clicks.length; from += 2000) await writer.write(clicks.slice(from, from + 2000), null, newBatchId());
    const exported = await api.request('GET', `/l/api/url/${other}/clicks?from=2026-01-01&to=2026-01-03&format=ndjson`, {
      key: user.apikey,
    });
    const dates = exported.text
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { date: string }).date);
    expect(dates).toHaveLength(4500);
    expect([...dates].sort()).toEqual(dates);
  });

  it('keeps hostile text as it came, in stored clicks and in the filters that name it', async () => {
    // With what ends a value or a row in an insert's text (tab, line breaks, NUL), and its NULL (\N) as text.
    const hostile = [
      `it's a \\ back'slash\\'`,
      'Zürich 東京 😀',
      `\u0001\u0007\ttab`,
      'javascript:alert(1)',
      `')) OR 1=1 --`,
      'line\nbreak\r\nend\r',
      '\\N',
    ];
    const target = await createLink(api, user);
    const at = new Date('2026-01-01T12:00:00Z');
    const clicks = hostile.map((text, index) => clickOf(target, index, { at, referrer: text, utmCampaign: text }));
    await api.linkyard.app.get(ClickWriter).write(clicks, null, newBatchId());
    // What PostgreSQL's half refuses (a visit's texts never hold NUL, and are at most a few hundred
    // characters: see visitor.ts), in ClickHouse alone.
    const raw = ['\u0000nul\\0\\t', 'é\t'.repeat(50_000)];
    await clickhouse.insert(
      'clicks',
      clickRows(
        raw.map((text, index) => clickOf(target, 90 + index, { at, referrer: text, utmCampaign: text })),
        newBatchId(),
      ),
    );
    hostile.push(...raw);
    const response = await api.request('GET', `/l/api/url/${target}/stats?from=2026-01-01&to=2026-01-03&top=10`, { key: user.apikey });
    expect(response.body.data.top.referrers.map((row: { value: string }) => row.value).sort()).toEqual([...hostile].sort());
    const exported = await api.request('GET', `/l/api/url/${target}/clicks?from=2026-01-01&to=2026-01-03&format=ndjson`, {
      key: user.apikey,
    });
    const stored = exported.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { referrer: string; utmCampaign: string });
    expect(stored.map((click) => click.referrer).sort()).toEqual([...hostile].sort());
    expect(stored.map((click) => click.utmCampaign).sort()).toEqual([...hostile].sort());
    // Control characters are refused in a filter (400); the other texts filter what they name.
    for (const text of hostile.filter((entry) => !/[\u0000-\u001f]/.test(entry))) {
      const filtered = await api.request(
        'GET',
        `/l/api/url/${target}/stats?from=2026-01-01&to=2026-01-03&utm_campaign=${encodeURIComponent(text)}`,
        {
          key: user.apikey,
        },
      );
      expect([text, filtered.status, filtered.body.data?.totals.clicks]).toEqual([text, 200, 1]);
    }
  });

  it('stores nothing of an insert holding a value it cannot write, wherever that value is', async () => {
    const target = await createLink(api, user);
    const at = new Date('2026-01-01T12:00:00Z');
    const rows = clickRows(
      Array.from({ length: 1200 }, (_, index) => clickOf(target, index, { at })),
      newBatchId(),
    );
    (rows[1100] as Record<string, unknown>).referrer = { nested: ['x'] };
    await expect(clickhouse.insert('clicks', rows)).rejects.toThrow(TypeError);
    expect(await rawClickCount(api.linkyard.app, target)).toBe(0);
  });

  it('answers 400 for a zone the platform knows and the server does not', async () => {
    // Node takes SystemV/AST4; Debian's ClickHouse 18.16 has no such file.
    const response = await api.request('GET', `/l/api/url/${linkId}/stats?tz=SystemV/AST4`, { key: user.apikey });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/Invalid parameter "tz"/);
  });

  it('writes 100 kB of any text as a literal the server reads back the same, and a set of 100,000 ids', async () => {
    const texts = ['', `'`, '\\', `\\'`, '\u0000nul', 'ünï 😀 東京', `x'\\`.repeat(34_000)];
    for (const text of texts) {
      const [row] = await clickhouse.query<{ v: string }>(
        `SELECT ${str(text)} AS v`,
        text.length > 100_000 ? { max_query_size: 1 << 20 } : {},
      );
      expect(row!.v).toBe(text);
    }
    const ids = Array.from({ length: 100_000 }, (_, index) => index * 2);
    const [row] = await clickhouse.query<{ n: number }>(
      `SELECT count() AS n FROM (SELECT number FROM system.numbers LIMIT 300000) WHERE toUInt32(number) IN ${idSet(ids)}`,
      { max_query_size: 64 << 20 },
    );
    expect(Number(row!.n)).toBe(100_000);
  });
});

describe('ClickHouse away', () => {
  let api: TestApi;
  let user: TestUser;
  let linkId: number;
  let alias: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkyard-ch-spool-'));
    api = await start({ DATA_DIR: dataDir });
    user = await createUser(api);
    linkId = await createLink(api, user);
    alias = await linkAlias(api, user, linkId);
  });
  afterAll(async () => {
    await api?.close();
    await server.resume();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const stats = () => api.request('GET', `/l/api/url/${linkId}/stats`, { key: user.apikey });

  it('stopped: redirects go on, statistics answer 503 at once, clicks wait and are written once it is back', async () => {
    await server.stop();
    for (let index = 0; index < 5; index += 1) expect((await visit(api, alias)).status).toBe(302);
    const started = Date.now();
    const refused = await stats();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toEqual({ error: 1, message: expect.stringMatching(/unavailable/) });
    expect(Date.now() - started).toBeLessThan(3000);
    await api.flushClicks();
    expect(api.linkyard.app.get(ClickRecorder).state()).toMatchObject({ buffered: 5, dropped: 0 });

    await server.resume();
    await api.flushClicks();
    expect(api.linkyard.app.get(ClickRecorder).state()).toMatchObject({ buffered: 0, dropped: 0, failingSince: null });
    const answered = await stats();
    expect(answered.status).toBe(200);
    expect(answered.body.data.totals.clicks).toBe(5);
  });

  it('stalled: statistics answer 503 within the time limit, and the clicks are written once, after it', async () => {
    server.stall();
    try {
      expect((await visit(api, alias)).status).toBe(302);
      const started = Date.now();
      expect((await stats()).status).toBe(503);
      // CLICKHOUSE_TIMEOUT_MS is 1 s here.
      expect(Date.now() - started).toBeLessThan(4000);
      await api.flushClicks();
    } finally {
      server.unstall();
    }
    await api.flushClicks();
    expect(api.linkyard.app.get(ClickRecorder).state()).toMatchObject({ buffered: 0, dropped: 0 });
    const answered = await stats();
    expect(answered.body.data.totals.clicks).toBe(6);
    expect(await rawClickCount(api.linkyard.app, linkId)).toBe(6);
  });

  it('keeps on disk what a stop could not write, and writes it once after the start', async () => {
    await server.stop();
    for (let index = 0; index < 3; index += 1) expect((await visit(api, alias)).status).toBe(302);
    await api.restart();
    expect(readdirSync(join(dataDir, 'click-spool'))).toHaveLength(1);
    await server.resume();
    await api.flushClicks();
    expect(readdirSync(join(dataDir, 'click-spool'))).toEqual([]);
    expect((await stats()).body.data.totals.clicks).toBe(9);
    expect(await rawClickCount(api.linkyard.app, linkId)).toBe(9);
  });
});

describe('moving an installation to ClickHouse (clicks:to-clickhouse)', () => {
  let api: TestApi;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkyard-ch-copy-'));
    api = await startApi({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await api?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies the clicks PostgreSQL holds, answers the same statistics, and a second run changes nothing', async () => {
    const user = await createUser(api);
    const linkId = await createLink(api, user);
    const alias = await linkAlias(api, user, linkId);
    // A few hours of visits from several places, a bot among them, and a QR code's scan.
    const visits = [
      { at: '2026-03-01T08:10:00Z', agent: FIREFOX, from: FR, referer: 'https://news.example/a' },
      { at: '2026-03-01T08:40:00Z', agent: FIREFOX, from: '81.2.69.142', referer: undefined },
      {
        at: '2026-03-01T09:05:00Z',
        agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        from: FR,
        referer: undefined,
      },
      { at: '2026-03-02T23:30:00Z', agent: FIREFOX, from: FR, referer: 'https://news.example/b' },
    ];
    for (const visit of visits) {
      api.clock.set(visit.at);
      const response = await api.request('GET', `/${alias}?utm_source=spring`, {
        key: null,
        remoteAddress: visit.from,
        headers: { 'user-agent': visit.agent, ...(visit.referer ? { referer: visit.referer } : {}) },
      });
      expect(response.status).toBe(302);
    }
    api.clock.reset();
    await api.flushClicks();
    // The first hour's raw clicks gone (its two visits), as CLICK_RETENTION_DAYS deletes them: its rollups stay.
    await api.linkyard.app.get(DataSource).query(`DELETE FROM clicks WHERE link_id = $1 AND created_at < '2026-03-01T09:00:00Z'`, [linkId]);
    const read = async () => ({
      link: (
        await api.request('GET', `/l/api/url/${linkId}/stats?from=2026-02-28&to=2026-03-04&tz=Europe/Paris&interval=hour`, {
          key: user.apikey,
        })
      ).body,
      account: (await api.request('GET', '/l/api/stats?from=2026-02-01&to=2026-04-01&interval=week', { key: user.apikey })).body,
      export: (await api.request('GET', `/l/api/url/${linkId}/clicks?from=2026-02-28&to=2026-03-04&format=csv`, { key: user.apikey })).text,
    });
    const before = await read();
    // Visitors are counted per hour, then summed: FR at 8:00 and again on the 2nd are two.
    expect(before.link.data.totals).toEqual({ clicks: 3, visitors: 3, bots: 1 });
    const uniqueClicks = async () => (await api.request('GET', `/l/api/url/${linkId}`, { key: user.apikey })).body.data.uniqueClicks;
    // For ever, two people: the same visitor on the 1st and the 2nd is one.
    expect(await uniqueClicks()).toBe(2);

    await api.restart({ CLICKHOUSE_URL: `${server.url}/linkyard_${process.pid}_copy`, CLICKHOUSE_TIMEOUT_MS: '5000' });
    expect((await read()).link.data.totals).toEqual({ clicks: 0, visitors: 0, bots: 0 });
    // The all-time visitors PostgreSQL counted are copied at start, without the command.
    await api.linkyard.app.get(ClickHouseVisitorsCopy).running;
    const ch = api.linkyard.app.get<ClickHouse>(CLICKHOUSE);
    expect(
      await ch.query(
        `SELECT toUInt32(uniqMerge(visitors)) AS n FROM ${ch.db}.target_visitors WHERE target = 'link' AND target_id = ${linkId}`,
      ),
    ).toEqual([{ n: 2 }]);
    const said: string[] = [];
    const reported: string[] = [];
    const copy = () =>
      copyClicksToClickHouse(
        api.linkyard.app,
        (line) => said.push(line),
        (line) => reported.push(line),
      );
    expect(await copy()).toBe(true);
    expect(said).toEqual(
      expect.arrayContaining([expect.stringMatching(/^raw clicks: 2 copied/), expect.stringMatching(/^hourly rollups of link: 3 copied/)]),
    );
    expect(reported).toContain('same  raw clicks: PostgreSQL 2, ClickHouse 2');
    // The copied hours counted before the command ends (once their marks settled), not by the first reads.
    expect(said).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^copied hours: counted once their marks settle, in \d+ s$/),
        'copied hours: 3 counted (to 2026-03)',
      ]),
    );
    const uncounted = async () =>
      (
        await ch.query<{ n: number }>(
          `SELECT toUInt32(count()) AS n FROM (SELECT target, target_id, hour FROM ${ch.db}.click_hour_totals
            GROUP BY target, target_id, hour HAVING countIf(kind = 1) = 0 OR maxIf(version, kind = 0) > maxIf(version, kind = 1))`,
        )
      )[0]!.n;
    expect(await uncounted()).toBe(0);
    expect(await read()).toEqual(before);

    // Run again (as after an interruption): nothing counts twice, and the hours settled long since are not waited for.
    reported.length = 0;
    said.length = 0;
    expect(await copy()).toBe(true);
    expect(said.filter((line) => line.startsWith('copied hours'))).toEqual([]);
    expect(await read()).toEqual(before);
    expect(reported.filter((line) => line.startsWith('DIFFERENT'))).toEqual([]);

    // A click after the switch adds to the copied ones.
    api.clock.set('2026-03-03T10:00:00Z');
    expect((await api.request('GET', `/${alias}`, { key: null, remoteAddress: US, headers: { 'user-agent': FIREFOX } })).status).toBe(302);
    api.clock.reset();
    await api.flushClicks();
    expect((await read()).link.data.totals).toEqual({ clicks: 4, visitors: 4, bots: 1 });
    // A third person: counted on top of the two PostgreSQL knew (their clicks of the 1st are gone from its raw clicks).
    expect(await uniqueClicks()).toBe(3);
    // And the same person again is not.
    api.clock.set('2026-03-03T11:00:00Z');
    expect((await api.request('GET', `/${alias}`, { key: null, remoteAddress: US, headers: { 'user-agent': FIREFOX } })).status).toBe(302);
    api.clock.reset();
    await api.flushClicks();
    expect(await uniqueClicks()).toBe(3);
    // The copy waits a minute for its marks to settle before counting the copied hours.
  }, 240_000);
});

describe('hours an instance left uncounted', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await start();
  });
  afterAll(() => api?.close());

  it('counts the hour an instance stopped before its minute left, once settled after the next start, before any read', async () => {
    const user = await createUser(api);
    const linkId = await createLink(api, user);
    expect((await visit(api, await linkAlias(api, user, linkId))).status).toBe(302);
    await api.flushClicks();
    const counts = async () => {
      const clickhouse = api.linkyard.app.get<ClickHouse>(CLICKHOUSE);
      const rows = await clickhouse.query<{ clicks: number; visitors: number }>(
        `SELECT toUInt32(clicks) AS clicks, toUInt32(visitors) AS visitors FROM ${clickhouse.db}.click_hour_totals
          WHERE target = 'link' AND target_id = ${linkId} AND kind = 1`,
      );
      return rows.map((row) => ({ clicks: Number(row.clicks), visitors: Number(row.visitors) }));
    };
    // Stopped before it looked at the hours it wrote (a minute after): the hour is marked, not counted.
    await api.restart();
    expect(await counts()).toEqual([]);
    // The next start sweeps the last two days once their marks settled (a minute and some seconds).
    let found: { clicks: number; visitors: number }[] = [];
    for (let waited = 0; waited < 150_000 && found.length === 0; waited += 1000) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      found = await counts();
    }
    expect(found).toEqual([{ clicks: 1, visitors: 1 }]);
  }, 240_000);
});
