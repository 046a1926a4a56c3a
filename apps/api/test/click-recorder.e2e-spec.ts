import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { Click } from '../src/modules/clicks/click';
import { ClickRecorder } from '../src/modules/clicks/click-recorder';
import { ClickWriter } from '../src/modules/clicks/click-writer';
import { startApi, useApi, type TestApi } from './support/app';
import { createLink, createUser, linkAlias, type TestUser } from './support/factories';
import { clickOf, FIREFOX } from './support/visitors';

/** The database refuses click writes (the table is away) until `back` is called. */
async function clickWritesFail(api: TestApi): Promise<{ back(): Promise<void> }> {
  await api.linkyard.app.get(DataSource).query('ALTER TABLE clicks RENAME TO clicks_away');
  // The service may have been restarted meanwhile: its database connection then is a new one.
  return { back: async () => void (await api.linkyard.app.get(DataSource).query('ALTER TABLE clicks_away RENAME TO clicks')) };
}

const clickFor = (linkId: number, index: number): Click => clickOf(linkId, index, { utmSource: index % 2 === 0 ? 'newsletter' : null });

async function recordedClicks(api: TestApi, linkId: number): Promise<number> {
  const [row] = await api.linkyard.app.get(DataSource).query('SELECT count(*)::int AS n FROM clicks WHERE link_id = $1', [linkId]);
  return row.n as number;
}

/** The clicks table's columns, each with the field of a click it stores. */
const COLUMNS: Record<string, keyof Click> = {
  link_id: 'linkId',
  qr_id: 'qrId',
  bio_id: 'bioId',
  block_id: 'blockId',
  created_at: 'at',
  country: 'country',
  referrer: 'referrer',
  browser: 'browser',
  os: 'os',
  device: 'device',
  social: 'social',
  bot: 'bot',
  visitor: 'visitor',
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
};

describe('the click recorder', () => {
  describe('a click as written', () => {
    const api = useApi();

    it('stores every field of a click as it was recorded, each in its column', async () => {
      const user = await createUser(api);
      const linkId = await createLink(api, user);
      const click = clickOf(linkId, 7, {
        at: new Date('2026-11-28T15:30:00.123Z'),
        country: 'JP',
        referrer: 'news.example.org',
        browser: 'Safari',
        os: 'iOS',
        device: 'mobile',
        social: 'twitter',
        bot: true,
        visitor: 'abcdef0123456789abcdef0123456789',
        utmSource: 'say "hi" \\ {now}, ok',
        utmMedium: '日本語 ✓',
        utmCampaign: 'NULL',
      });
      const recorder = api.linkyard.app.get(ClickRecorder);
      recorder.record(click);
      await recorder.flush();
      const rows = await api.linkyard.app
        .get(DataSource)
        .query(`SELECT ${Object.keys(COLUMNS).join(', ')} FROM clicks WHERE link_id = $1`, [linkId]);
      expect(rows).toEqual([Object.fromEntries(Object.entries(COLUMNS).map(([column, field]) => [column, click[field]]))]);
    });
  });

  describe('while the database refuses writes', () => {
    const api = useApi({ CLICK_BUFFER_LIMIT: '10000', CLICK_SPOOL_DIR: 'off' });
    let user: TestUser;
    let linkId: number;
    let alias: string;
    beforeAll(async () => {
      user = await createUser(api);
      linkId = await createLink(api, user);
      alias = await linkAlias(api, user, linkId);
    });

    it('keeps the clicks it answered and writes each once when the database is back', async () => {
      const recorder = api.linkyard.app.get(ClickRecorder);
      const before = await recordedClicks(api, linkId);
      const outage = await clickWritesFail(api);
      for (let index = 0; index < 300; index += 1) {
        const response = await api.request('GET', `/${alias}`, {
          key: null,
          headers: { 'user-agent': FIREFOX },
          remoteAddress: `198.51.100.${index % 250}`,
        });
        expect(response.status).toBe(302);
      }
      await recorder.flush();
      expect(recorder.state()).toMatchObject({ buffered: 300, dropped: 0, failingSince: expect.any(String) });
      const health = await api.request('GET', '/healthz', { key: null });
      expect(health.body).toMatchObject({ status: 'degraded', clicks: { buffered: 300, failingSince: expect.any(String) } });

      await outage.back();
      await recorder.flush();
      expect(await recordedClicks(api, linkId)).toBe(before + 300);
      expect(recorder.state()).toMatchObject({ buffered: 0, dropped: 0, failingSince: null });
      await recorder.flush();
      expect(await recordedClicks(api, linkId)).toBe(before + 300);
    });

    it('retries on its back-off, not on every new click', async () => {
      const recorder = api.linkyard.app.get(ClickRecorder);
      const outage = await clickWritesFail(api);
      // The recorder's write attempts (each one transaction), not other users of the database.
      const attempts = jest.spyOn(api.linkyard.app.get(ClickWriter), 'write');
      try {
        // 3,000 more clicks a second for two seconds: each full batch used to retry everything held.
        for (let second = 0; second < 2; second += 1) {
          for (let index = 0; index < 3000; index += 1) recorder.record(clickFor(linkId, index));
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
        expect(attempts.mock.calls.length).toBeLessThanOrEqual(3);
      } finally {
        attempts.mockRestore();
        await outage.back();
        await recorder.flush();
      }
    });

    it('drops, counts and reports clicks only past the memory bound, with no spool', async () => {
      const recorder = api.linkyard.app.get(ClickRecorder);
      const before = await recordedClicks(api, linkId);
      const droppedBefore = recorder.state().dropped;
      const outage = await clickWritesFail(api);
      for (let index = 0; index < 20_000; index += 1) recorder.record(clickFor(linkId, index));
      expect(recorder.state().buffered).toBeLessThanOrEqual(10_000);
      expect(recorder.state().dropped - droppedBefore).toBe(10_000);
      expect((await api.request('GET', '/healthz', { key: null })).body.clicks.dropped).toBe(recorder.state().dropped);
      await outage.back();
      await recorder.flush();
      expect(await recordedClicks(api, linkId)).toBe(before + 10_000);
    });
  });

  describe('with a spool on disk', () => {
    let dataDir: string;
    let api: TestApi;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'linkyard-spool-'));
      api = await startApi({ DATA_DIR: dataDir, CLICK_BUFFER_LIMIT: '4000' });
    });
    afterAll(async () => {
      await api.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('holds 30,000 clicks of an outage in bounded memory, then writes them all once', async () => {
      const user = await createUser(api);
      const linkId = await createLink(api, user);
      const recorder = api.linkyard.app.get(ClickRecorder);
      const outage = await clickWritesFail(api);
      for (let index = 0; index < 30_000; index += 1) recorder.record(clickFor(linkId, index));
      expect(recorder.state().buffered).toBeLessThanOrEqual(4000);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the spool writes finish
      // Fifteen batches of 2,000: two held in memory, thirteen on disk.
      expect(recorder.state()).toMatchObject({ dropped: 0, spooledBatches: 13 });
      await outage.back();
      await recorder.flush();
      expect(await recordedClicks(api, linkId)).toBe(30_000);
      expect(recorder.state()).toMatchObject({ buffered: 0, spooledBatches: 0, dropped: 0 });
      expect(readdirSync(join(dataDir, 'click-spool'))).toEqual([]);
    });

    it('keeps what a stop could not write, and writes it once after the start', async () => {
      const user = await createUser(api);
      const linkId = await createLink(api, user);
      const alias = await linkAlias(api, user, linkId);
      const outage = await clickWritesFail(api);
      for (let index = 0; index < 50; index += 1) {
        await api.request('GET', `/${alias}`, { key: null, headers: { 'user-agent': FIREFOX }, remoteAddress: `203.0.113.${index}` });
      }
      await api.restart();
      expect(readdirSync(join(dataDir, 'click-spool'))).toHaveLength(1);
      await outage.back();
      const recorder = api.linkyard.app.get(ClickRecorder);
      // A write the new instance began before the table was back fails; a few flushes at most.
      for (let attempt = 0; attempt < 5 && (await recordedClicks(api, linkId)) < 50; attempt += 1) await recorder.flush();
      expect(await recordedClicks(api, linkId)).toBe(50);
      const stats = (await api.request('GET', `/l/api/url/${linkId}`, { key: user.apikey })).body.data;
      expect(stats).toMatchObject({ clicks: 50, uniqueClicks: 50 });
      await api.restart();
      await api.linkyard.app.get(ClickRecorder).flush();
      expect(await recordedClicks(api, linkId)).toBe(50);
    });
  });
});
