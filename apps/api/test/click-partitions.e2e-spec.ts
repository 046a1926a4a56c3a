import { DataSource } from 'typeorm';
import { ClickPartitions1765000000000 } from '../src/database/migrations/1765000000000-click-partitions';
import type { Click } from '../src/modules/clicks/click';
import { ClickRecorder } from '../src/modules/clicks/click-recorder';
import { ClickRetention } from '../src/modules/clicks/click-retention';
import { ClicksRepository } from '../src/modules/clicks/clicks.repository';
import { useApi, type TestApi } from './support/app';
import { createDomain, createLink, createUser } from './support/factories';
import { clickOf } from './support/visitors';

/**
 * Raw clicks live in a table per month (UTC): made ahead by the service, dropped whole by the
 * retention, and every click of an existing database moved into them by the migration.
 */

const clickAt = (linkId: number, at: string, index: number): Click => clickOf(linkId, index, { at: new Date(at) });

async function record(api: TestApi, linkId: number, times: string[]): Promise<void> {
  const recorder = api.linkyard.app.get(ClickRecorder);
  times.forEach((at, index) => recorder.record(clickAt(linkId, at, index)));
  await recorder.flush();
}

/** Each click of the link: its time and the table that holds it. */
async function clickTables(api: TestApi, linkId: number): Promise<{ at: string; table: string }[]> {
  const rows = await api.linkyard.app
    .get(DataSource)
    .query<{ at: Date; table: string }[]>(
      `SELECT created_at AS at, tableoid::regclass::text AS table FROM clicks WHERE link_id = $1 ORDER BY created_at, id`,
      [linkId],
    );
  return rows.map((row) => ({ at: new Date(row.at).toISOString(), table: row.table }));
}

async function monthTables(api: TestApi): Promise<string[]> {
  const rows = await api.linkyard.app.get(DataSource).query<{ name: string }[]>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'clicks'::regclass ORDER BY c.relname`,
  );
  return rows.map((row) => row.name);
}

describe('raw clicks by month', () => {
  describe('the tables of the months', () => {
    const api = useApi();
    afterEach(() => api.clock.reset());

    it('are made ahead for the current month and the two after it, and hold each click in its month', async () => {
      // The housekeeping's pass at start, by the real clock, may still be under way (a slower start
      // on PostgreSQL): a call meanwhile would share it and its result. It ends first.
      await api.linkyard.app.get(ClickRetention).run();
      api.clock.set('2031-05-20T12:00:00Z');
      const added = await api.linkyard.app.get(ClickRetention).run();
      expect(added.monthsAdded).toBe(3);
      expect(await monthTables(api)).toEqual(
        expect.arrayContaining(['clicks_2031_05', 'clicks_2031_06', 'clicks_2031_07', 'clicks_default']),
      );
      // A second pass, as another instance's, changes nothing.
      expect((await api.linkyard.app.get(ClickRetention).run()).monthsAdded).toBe(0);

      const user = await createUser(api);
      const linkId = await createLink(api, user);
      await record(api, linkId, ['2031-05-31T23:59:59.999Z', '2031-06-01T00:00:00Z', '2031-07-15T08:00:00Z', '2031-09-02T10:00:00Z']);
      expect(await clickTables(api, linkId)).toEqual([
        { at: '2031-05-31T23:59:59.999Z', table: 'clicks_2031_05' },
        { at: '2031-06-01T00:00:00.000Z', table: 'clicks_2031_06' },
        { at: '2031-07-15T08:00:00.000Z', table: 'clicks_2031_07' },
        // A month without a table yet: the default table holds it...
        { at: '2031-09-02T10:00:00.000Z', table: 'clicks_default' },
      ]);

      // ...until its month comes near: its table is made and takes the clicks the default held.
      api.clock.set('2031-08-01T00:00:00Z');
      expect((await api.linkyard.app.get(ClickRetention).run()).monthsAdded).toBe(3);
      expect((await clickTables(api, linkId)).at(-1)).toEqual({ at: '2031-09-02T10:00:00.000Z', table: 'clicks_2031_09' });
      const details = (await api.request('GET', `/l/api/url/${linkId}`, { key: user.apikey })).body;
      expect(details.details.clicks).toBe(4);
    });
  });

  describe('the retention', () => {
    const api = useApi({ CLICK_RETENTION_DAYS: '40' });
    afterEach(() => api.clock.reset());

    it('drops the months wholly past it, deletes the rest row by row, and leaves the statistics as they were', async () => {
      const retention = api.linkyard.app.get(ClickRetention);
      for (const month of ['2032-01', '2032-02', '2032-03', '2032-04'])
        await api.linkyard.app.get(ClicksRepository).addMonth(new Date(`${month}-01T00:00:00Z`));
      const user = await createUser(api);
      const linkId = await createLink(api, user);
      await record(api, linkId, [
        '2032-01-15T10:00:00Z',
        '2032-02-20T10:00:00Z',
        '2032-03-01T10:00:00Z',
        '2032-03-25T10:00:00Z',
        '2032-04-20T10:00:00Z',
      ]);
      const statistics = async () => (await api.request('GET', `/l/api/url/${linkId}`, { key: user.apikey })).body;
      const before = await statistics();
      expect(before.details.clicks).toBe(5);

      // Forty days before 2032-04-30 is 2032-03-21: January and February go whole, March in part.
      api.clock.set('2032-04-30T00:00:00Z');
      const tablesBefore = await monthTables(api);
      const done = await retention.run();
      const tables = await monthTables(api);
      expect(done).toMatchObject({ monthsDropped: tablesBefore.filter((name) => !tables.includes(name)).length, clicks: 1 });
      expect(tables).not.toContain('clicks_2032_01');
      expect(tables).not.toContain('clicks_2032_02');
      expect(tables).toEqual(expect.arrayContaining(['clicks_2032_03', 'clicks_2032_04', 'clicks_2032_05', 'clicks_2032_06']));
      expect(await clickTables(api, linkId)).toEqual([
        { at: '2032-03-25T10:00:00.000Z', table: 'clicks_2032_03' },
        { at: '2032-04-20T10:00:00.000Z', table: 'clicks_2032_04' },
      ]);
      expect(await statistics()).toEqual(before);
    });

    it('notes every deleted target for a click store outside PostgreSQL, and clears the notes without one', async () => {
      const user = await createUser(api);
      const linkIds = [await createLink(api, user), await createLink(api, user)];
      const domain = await createDomain(api, user);
      const db = api.linkyard.app.get(DataSource);
      const notes = () =>
        db.query(
          `SELECT target, target_id FROM click_store_purges
            WHERE (target = 'link' AND target_id = ANY($1::int[])) OR (target = 'domain' AND target_id = $2) ORDER BY target, target_id`,
          [linkIds, domain.id],
        );
      for (const id of linkIds) expect((await api.request('DELETE', `/l/api/url/${id}/delete`, { key: user.apikey })).status).toBe(200);
      expect((await api.request('DELETE', `/l/api/domain/${domain.id}/delete`, { key: user.apikey })).status).toBe(200);
      expect(await notes()).toEqual([
        { target: 'domain', target_id: domain.id },
        ...linkIds.map((id) => ({ target: 'link', target_id: id })),
      ]);
      await api.linkyard.app.get(ClickRetention).run();
      expect(await notes()).toEqual([]);
    });
  });

  describe('the migration of an existing database', () => {
    const api = useApi();

    it('moves every click into its month, keeps each row as it was, and the numbering goes on', async () => {
      const dataSource = api.linkyard.app.get(DataSource);
      const migration = new ClickPartitions1765000000000();
      /** Runs one way of the migration on a connection of its own, given back at once (the embedded database has one). */
      const migrate = async (way: 'up' | 'down') => {
        const runner = dataSource.createQueryRunner();
        try {
          await runner.startTransaction();
          await migration[way](runner);
          await runner.commitTransaction();
        } finally {
          await runner.release();
        }
      };
      const user = await createUser(api);
      const linkId = await createLink(api, user);
      const rows = () => dataSource.query(`SELECT * FROM clicks WHERE link_id = $1 ORDER BY id`, [linkId]);

      // The database as it was before: one table of raw clicks, with clicks of several months.
      await migrate('down');
      expect(await dataSource.query(`SELECT relkind FROM pg_class WHERE relname = 'clicks'`)).toEqual([{ relkind: 'r' }]);
      const times = Array.from({ length: 120 }, (_, index) => new Date(Date.UTC(2025, 6, 1) + index * 3 * 86_400_000).toISOString());
      await record(api, linkId, times);
      const before = await rows();
      expect(before).toHaveLength(120);

      await migrate('up');
      expect(await dataSource.query(`SELECT relkind FROM pg_class WHERE relname = 'clicks'`)).toEqual([{ relkind: 'p' }]);
      expect(await rows()).toEqual(before);
      const placed = await clickTables(api, linkId);
      expect(placed.every(({ at, table }) => table === `clicks_${at.slice(0, 4)}_${at.slice(5, 7)}`)).toBe(true);
      expect(new Set(placed.map(({ table }) => table)).size).toBe(12);
      // The numbering goes on, and the foreign keys came along: a deleted link takes its clicks.
      const other = await createLink(api, user);
      await record(api, other, ['2025-08-01T00:00:00Z']);
      const [last] = await dataSource.query<{ id: string }[]>(`SELECT id FROM clicks WHERE link_id = $1`, [other]);
      expect(Number(last!.id)).toBeGreaterThan(Math.max(...before.map((row: { id: string }) => Number(row.id))));
      expect((await api.request('DELETE', `/l/api/url/${other}/delete`, { key: user.apikey })).status).toBe(200);
      expect(await dataSource.query(`SELECT id FROM clicks WHERE link_id = $1`, [other])).toEqual([]);
    });
  });
});
