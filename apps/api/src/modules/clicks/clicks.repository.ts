import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { arrayElement, arrayLiteral, literalOf } from '../../database/array-literal';
import { Sql, type Scope, type SqlFixtures } from '../../database/sql';
import { WriteEvents } from '../../database/write-events';
import { Turns } from '../../common/turns';
import { CLICKS_ONLY, GROUP_COLUMNS, GROUP_FIELDS, type Click, type ClickTarget } from './click';

/**
 * Every statement that writes clicks: a batch (its click rows, the unique visitors, the totals of
 * the links, QR codes, bio pages and blocks, their counters and the hourly rollups) in one
 * transaction, and the housekeeping that deletes old rows.
 */
@Injectable()
export class ClicksRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(WriteEvents) private readonly events: WriteEvents,
  ) {}

  /**
   * Writes a batch in one transaction, marked CLICKS_ONLY (its commit changes nothing the redirects
   * serve; it announces the accounts whose links, QR codes or bio pages it counted clicks for). `alsoIn` runs in it once the click rows are written (the webhooks' events of the
   * clicks). A spooled batch's id is recorded in it, so it is never written twice: false when that
   * id was written before (nothing is written then). With ClickHouse as the click store (see
   * WriteOptions): no raw click rows, no hourly rollups and no row per visitor, the rest as ever.
   */
  @Sql(
    (f) => [exampleBatch(f), null],
    // A spooled batch of one click, then the same batch again: written once.
    (f) => [exampleBatch(f).slice(0, 1), EXAMPLE_SPOOL_ID],
    (f) => [exampleBatch(f).slice(0, 1), EXAMPLE_SPOOL_ID],
    // Beside ClickHouse: the totals and counters only (the unique counts are written apart: writeUniques).
    (f) => [exampleBatch(f), null, undefined, { rollups: false }],
  )
  async writeBatch(
    batch: Click[],
    spoolId: string | null,
    alsoIn?: (scope: Scope) => Promise<void>,
    options: WriteOptions = { rollups: true },
  ): Promise<boolean> {
    const runner = this.dataSource.createQueryRunner();
    runner.data = { [CLICKS_ONLY]: true };
    try {
      await runner.startTransaction();
      try {
        if (spoolId !== null) {
          const claimed = (await runner.query(`INSERT INTO click_batches (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id`, [
            spoolId,
          ])) as unknown[];
          if (claimed.length === 0) {
            await runner.rollbackTransaction();
            return false;
          }
        }
        const counted = await writeIn(runner.manager, batch, alsoIn, options);
        await this.events.emit(runner.manager, ...[...counted].map((account) => ({ kind: 'clicks' as const, account })));
        await runner.commitTransaction();
        return true;
      } catch (error) {
        await runner.rollbackTransaction().catch(() => undefined);
        throw error;
      }
    } finally {
      await runner.release();
    }
  }

  /**
   * With ClickHouse, the all-time unique counts it read of targets of one kind (`counts`: id to
   * count; see UniqueCounts), in a transaction marked CLICKS_ONLY that announces the accounts whose
   * counts it raised. A count only rises (two instances read the same sets), and never past the
   * target's clicks: a read may include a batch stored in ClickHouse whose totals PostgreSQL has
   * not committed yet. It never waits for a row: a batch's transaction updates its totals in an
   * order of its own, and waiting could deadlock with it. Answers the ids it left because another
   * transaction held them (to be written next time); a target deleted is neither.
   */
  @Sql((f) => ['link', new Map([[f.ids.link, 7]])], (f) => ['block', new Map([[f.ids.block, 2]])])
  async writeUniques(kind: ClickTarget, counts: ReadonlyMap<number, number>): Promise<number[]> {
    if (counts.size === 0) return [];
    const target = TARGETS.find((candidate) => candidate.name === kind)!;
    const ids = [...counts.keys()].sort((a, b) => a - b);
    const { table, total, unique } = target;
    const runner = this.dataSource.createQueryRunner();
    runner.data = { [CLICKS_ONLY]: true };
    try {
      await runner.startTransaction();
      try {
        const locked = (await runner.query(`SELECT id FROM ${table} WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE SKIP LOCKED`, [
          arrayLiteral(ids),
        ])) as { id: number }[];
        const taken = new Set(locked.map((row) => row.id));
        const others = ids.filter((id) => !taken.has(id));
        // Of the others, those that exist (held by another transaction; a plain read waits for none).
        const held =
          others.length === 0
            ? []
            : ((await runner.query(`SELECT id FROM ${table} WHERE id = ANY($1::int[])`, [arrayLiteral(others)])) as { id: number }[]);
        const mine = ids.filter((id) => taken.has(id));
        if (mine.length > 0) {
          const update = `UPDATE ${table} t SET ${unique} = LEAST(v.uniques, t.${total})
               FROM unnest($1::int[], $2::bigint[]) AS v(id, uniques)
              WHERE t.id = v.id AND t.${unique} < LEAST(v.uniques, t.${total})`;
          const owners = (await runner.query(
            target.owned ? `WITH raised AS (${update} RETURNING t.user_id) SELECT DISTINCT user_id AS account FROM raised` : update,
            [arrayLiteral(mine), arrayLiteral(mine.map((id) => counts.get(id)!))],
          )) as { account: number }[];
          if (target.owned) await this.events.emit(runner.manager, ...owners.map(({ account }) => ({ kind: 'clicks' as const, account })));
        }
        await runner.commitTransaction();
        return held.map((row) => row.id);
      } catch (error) {
        await runner.rollbackTransaction().catch(() => undefined);
        throw error;
      }
    } finally {
      await runner.release();
    }
  }

  /**
   * Deletes up to `limit` rows of a click table older than `before` (the housekeeping, see
   * ClickRetention); how many it deleted. Raw clicks are named by their key (id and time): a row's
   * place (ctid) is unique only within one month's table.
   */
  @Sql(
    () => ['click_hour_visitors', 'hour', new Date('2000-01-01T00:00:00Z'), 10_000],
    () => ['clicks', 'created_at', new Date('2000-01-01T00:00:00Z'), 10_000],
  )
  async deleteOlder(table: 'clicks' | 'click_hour_visitors', column: string, before: Date, limit: number): Promise<number> {
    const key = table === 'clicks' ? ['(id, created_at)', 'id, created_at'] : ['ctid', 'ctid'];
    const [{ count }] = await this.dataSource.query<[{ count: number }]>(
      `WITH gone AS (DELETE FROM ${table} WHERE ${key[0]} IN (SELECT ${key[1]} FROM ${table} WHERE ${column} < $1 LIMIT ${limit}) RETURNING 1)
         SELECT count(*)::int AS count FROM gone`,
      [before],
    );
    return count;
  }

  /** The months that have a table of their own (`clicks_YYYY_MM`), oldest first, as their first instant (UTC). */
  /** People's clicks of these links as stored (the links' totals), by id: what their click limits are counted against. */
  @Sql((f) => [[f.ids.link, f.spare.link]])
  async linkClicks(ids: number[]): Promise<Map<number, number>> {
    const rows = await this.dataSource.query<{ id: number; clicks: string }[]>(`SELECT id, clicks FROM links WHERE id = ANY($1::int[])`, [
      ids,
    ]);
    return new Map(rows.map((row) => [Number(row.id), Number(row.clicks)]));
  }

  /**
   * The targets deleted before `before` (noted by the target tables' triggers) whose clicks the
   * click store outside PostgreSQL may still hold, oldest first.
   */
  @Sql(() => [new Date('2000-01-01T00:00:00Z'), 1000])
  async purgesDue(before: Date, limit: number): Promise<{ id: string; target: ClickTarget; targetId: number }[]> {
    const rows = await this.dataSource.query<{ id: string; target: ClickTarget; target_id: number }[]>(
      `SELECT id::text AS id, target, target_id FROM click_store_purges WHERE deleted_at < $1 ORDER BY id LIMIT ${Math.trunc(limit)}`,
      [before],
    );
    return rows.map((row) => ({ id: row.id, target: row.target, targetId: Number(row.target_id) }));
  }

  /**
   * Which of these targets still exist, the ids of each kind: a batch's clicks for a target deleted
   * since are not sent to the click store outside PostgreSQL (PostgreSQL's own joins drop them).
   */
  @Sql((f) => [{ link: [f.ids.link, f.spare.link], qr: [], bio: [], block: [], domain: [f.ids.domain] }])
  async existingTargets(ids: Record<ClickTarget, number[]>): Promise<Record<ClickTarget, Set<number>>> {
    const rows = await this.dataSource.query<{ target: ClickTarget; id: number }[]>(
      `SELECT 'link' AS target, id FROM links WHERE id = ANY($1::int[])
       UNION ALL SELECT 'qr', id FROM qr_codes WHERE id = ANY($2::int[])
       UNION ALL SELECT 'bio', id FROM bio_pages WHERE id = ANY($3::int[])
       UNION ALL SELECT 'block', id FROM bio_blocks WHERE id = ANY($4::int[])
       UNION ALL SELECT 'domain', id FROM domains WHERE id = ANY($5::int[])`,
      [ids.link, ids.qr, ids.bio, ids.block, ids.domain],
    );
    const existing: Record<ClickTarget, Set<number>> = {
      link: new Set(),
      qr: new Set(),
      bio: new Set(),
      block: new Set(),
      domain: new Set(),
    };
    for (const row of rows) existing[row.target].add(Number(row.id));
    return existing;
  }

  /** The notes of targets whose clicks are gone from the click store (or that has none). */
  @Sql(() => [['1', '2']])
  async forgetPurges(ids: string[]): Promise<void> {
    await this.dataSource.query(`DELETE FROM click_store_purges WHERE id = ANY($1::bigint[])`, [ids]);
  }

  @Sql(() => [])
  async months(): Promise<Date[]> {
    const rows = await this.dataSource.query<{ name: string }[]>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'clicks'::regclass AND c.relname ~ '^clicks_[0-9]{4}_[0-9]{2}$' ORDER BY c.relname`,
    );
    return rows.map(({ name }) => new Date(Date.UTC(Number(name.slice(7, 11)), Number(name.slice(12, 14)) - 1, 1)));
  }

  /**
   * Gives the month that starts at `month` (UTC) a table of its own, unless it has one: made apart,
   * given the clicks of that month the default table holds, then attached, in one transaction under
   * a lock that instances starting it at the same time share. Whether it made it.
   */
  @Sql(() => [new Date('2000-01-01T00:00:00Z')], () => [new Date('2000-01-01T00:00:00Z')])
  async addMonth(month: Date): Promise<boolean> {
    const { name, from, to } = monthTable(month);
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`);
      const [{ exists }] = await manager.query<[{ exists: boolean }]>(`SELECT to_regclass($1) IS NOT NULL AS exists`, [name]);
      if (exists) return false;
      await manager.query(`CREATE TABLE ${name} (LIKE clicks INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
      await manager.query(
        `WITH moved AS (DELETE FROM clicks_default WHERE created_at >= $1 AND created_at < $2 RETURNING *) INSERT INTO ${name} SELECT * FROM moved`,
        [from, to],
      );
      await manager.query(`ALTER TABLE clicks ATTACH PARTITION ${name} FOR VALUES FROM ('${from}') TO ('${to}')`);
      return true;
    });
  }

  /** Drops the table of the month that starts at `month` (UTC) with its clicks (the retention). */
  @Sql(() => [new Date('2000-01-01T00:00:00Z')])
  async dropMonth(month: Date): Promise<void> {
    await this.dataSource.query(`DROP TABLE IF EXISTS ${monthTable(month).name}`);
  }
}

/** The advisory lock under which a month's table is made (a constant of Linkyard's own). */
const PARTITION_LOCK = 7_311_202_611;

/** A month's table: its name and its bounds, from its first instant (UTC). */
function monthTable(month: Date): { name: string; from: string; to: string } {
  const year = month.getUTCFullYear();
  const index = month.getUTCMonth();
  if (!Number.isInteger(year) || year < 1970 || year > 9999) throw new RangeError(`no table for the month of ${month.toISOString()}`);
  const start = new Date(Date.UTC(year, index, 1));
  const end = new Date(Date.UTC(year, index + 1, 1));
  return { name: `clicks_${year}_${String(index + 1).padStart(2, '0')}`, from: start.toISOString(), to: end.toISOString() };
}

/**
 * How a batch is written: `rollups`, PostgreSQL's hourly rollups, the raw click rows and a row per
 * visitor (not with ClickHouse, whose views make them, and which counts the unique visitors:
 * their counts are written apart, see writeUniques).
 */
export interface WriteOptions {
  rollups: boolean;
}

/** Each kind of target: the click's field, its table, its column in the click tables, its two totals. */
/** The targets a click counts for; `owned`: the table names its account (user_id), whose lists show its counts. */
const TARGETS = [
  { name: 'link', key: 'linkId', table: 'links', column: 'link_id', total: 'clicks', unique: 'unique_clicks', owned: true },
  { name: 'qr', key: 'qrId', table: 'qr_codes', column: 'qr_id', total: 'scans', unique: 'unique_scans', owned: true },
  { name: 'bio', key: 'bioId', table: 'bio_pages', column: 'bio_id', total: 'visits', unique: 'unique_visits', owned: true },
  { name: 'block', key: 'blockId', table: 'bio_blocks', column: 'block_id', total: 'clicks', unique: 'unique_clicks', owned: false },
  // No list shows a domain's orphan visits: a scanner's stream of unknown aliases must not drop the account's cached lists.
  {
    name: 'domain',
    key: 'domainId',
    table: 'domains',
    column: 'domain_id',
    total: 'orphan_visits',
    unique: 'unique_orphan_visits',
    owned: false,
  },
] as const satisfies readonly {
  name: ClickTarget;
  key: keyof Click;
  table: string;
  column: string;
  total: string;
  unique: string;
  owned: boolean;
}[];
type Target = (typeof TARGETS)[number];

const DIMENSIONS = ['country', 'referrer', 'browser', 'os', 'social'] as const;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const hourOf = (click: Click) => Math.floor(click.at.getTime() / HOUR_MS) * HOUR_MS;

/**
 * People's clicks of a batch on one target and UTC hour with the same values (see GROUP_COLUMNS);
 * or, for the totals and counters alone (`rollups` false: the click store is ClickHouse), on one
 * target with the same counted values (a shorter key, and fewer groups to count).
 */
interface ClickGroup {
  id: number;
  hour: number;
  /** The first of them: its values are the group's. */
  click: Click;
  clicks: number;
}

/** Clicks or groups a loop of the writer goes through between looks at the time (see Turns). */
const TURN_CHECK = 512;

/**
 * Gives the event loop its turns (grouping 20,000 clicks at once took 30 ms here, and a redirect
 * beside the writer waited that long; ClickHouse's batches hold up to 50,000).
 */
async function groupClicks(clicks: Click[], key: Target['key'], rollups: boolean): Promise<ClickGroup[]> {
  const groups = new Map<string, ClickGroup>();
  const turns = new Turns();
  for (let index = 0; index < clicks.length; index++) {
    if (index % TURN_CHECK === 0) await turns.take();
    const click = clicks[index]!;
    // Stored as '' when unknown, so null and '' are one group. (No value holds a line break.) The
    // target and what the counters count (DIMENSIONS), then the rest of a rollup's group.
    const counted = `${click[key]}\n${click.country ?? ''}\n${click.referrer ?? ''}\n${click.browser ?? ''}\n${click.os ?? ''}\n${click.social ?? ''}`;
    const groupKey = rollups
      ? `${counted}\n${hourOf(click)}\n${click.device}\n${click.utmSource ?? ''}\n${click.utmMedium ?? ''}\n${click.utmCampaign ?? ''}\n${click.variant ?? ''}\n${click.orphan ?? ''}\n${click.alias ?? ''}`
      : counted;
    const group = groups.get(groupKey);
    if (group) group.clicks += 1;
    else groups.set(groupKey, { id: click[key]!, hour: hourOf(click), click, clicks: 1 });
  }
  return [...groups.values()];
}

/**
 * The twenty arrays of the click rows' statement, in its order, written in one pass over the batch
 * (each field read by its name, not by a key that changes from column to column).
 */
function clickArrays(batch: readonly Click[]): string[] {
  const columns = Array.from({ length: 20 }, () => new Array<string>(batch.length));
  for (let index = 0; index < batch.length; index++) {
    const click = batch[index]!;
    columns[0]![index] = arrayElement(click.linkId);
    columns[1]![index] = arrayElement(click.qrId);
    columns[2]![index] = arrayElement(click.bioId);
    columns[3]![index] = arrayElement(click.blockId);
    columns[4]![index] = arrayElement(click.at);
    columns[5]![index] = arrayElement(click.country);
    columns[6]![index] = arrayElement(click.referrer);
    columns[7]![index] = arrayElement(click.browser);
    columns[8]![index] = arrayElement(click.os);
    columns[9]![index] = arrayElement(click.device);
    columns[10]![index] = arrayElement(click.social);
    columns[11]![index] = arrayElement(click.bot);
    columns[12]![index] = arrayElement(click.visitor);
    columns[13]![index] = arrayElement(click.utmSource);
    columns[14]![index] = arrayElement(click.utmMedium);
    columns[15]![index] = arrayElement(click.utmCampaign);
    columns[16]![index] = arrayElement(click.variant);
    columns[17]![index] = arrayElement(click.domainId);
    columns[18]![index] = arrayElement(click.orphan);
    columns[19]![index] = arrayElement(click.alias);
  }
  return columns.map(literalOf);
}

/** The statements of a batch, in its transaction; the accounts whose links, QR codes or bio pages it counted people's clicks for. */
async function writeIn(
  manager: EntityManager,
  batch: Click[],
  alsoIn: ((scope: Scope) => Promise<void>) | undefined,
  { rollups }: WriteOptions,
): Promise<Set<number>> {
  const counted = new Set<number>();
  // Clicks whose target was deleted meanwhile are dropped by the joins.
  if (rollups)
    await manager.query(
      `INSERT INTO clicks (link_id, qr_id, bio_id, block_id, created_at, country, referrer, browser, os, device, social, bot, visitor,
                           utm_source, utm_medium, utm_campaign, variant, domain_id, orphan, alias)
       SELECT c.* FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::timestamptz[], $6::text[], $7::text[], $8::text[],
                              $9::text[], $10::text[], $11::text[], $12::bool[], $13::text[], $14::text[], $15::text[], $16::text[],
                              $17::text[], $18::int[], $19::text[], $20::text[])
              AS c(link_id, qr_id, bio_id, block_id, created_at, country, referrer, browser, os, device, social, bot, visitor,
                   utm_source, utm_medium, utm_campaign, variant, domain_id, orphan, alias)
       WHERE EXISTS (SELECT 1 FROM links WHERE links.id = c.link_id)
          OR EXISTS (SELECT 1 FROM qr_codes WHERE qr_codes.id = c.qr_id)
          OR EXISTS (SELECT 1 FROM bio_pages WHERE bio_pages.id = c.bio_id)
          OR EXISTS (SELECT 1 FROM bio_blocks WHERE bio_blocks.id = c.block_id)
          OR EXISTS (SELECT 1 FROM domains WHERE domains.id = c.domain_id)`,
      clickArrays(batch),
    );
  // What else the batch's transaction holds (the webhooks' events of these clicks).
  if (alsoIn) await alsoIn(manager);

  for (const target of TARGETS) {
    const { key, table, column: idColumn } = target;
    const all = batch.filter((click) => click[key] !== null);
    if (all.length === 0) continue;
    const humans = all.filter((click) => !click.bot);
    // People's clicks are counted through their groups: one per combination, not one per click.
    const groups = await groupClicks(humans, key, rollups);
    if (rollups) await writeHours(manager, target, all, humans, groups);
    if (humans.length === 0) continue;

    const totals = new Map<number, { clicks: number; uniques: number }>();
    for (const group of groups) {
      const total = totals.get(group.id) ?? { clicks: 0, uniques: 0 };
      total.clicks += group.clicks;
      totals.set(group.id, total);
    }
    const [clicksColumn, uniquesColumn] = [target.total, target.unique];
    // Beside ClickHouse, which counts the visitors, the unique counts are written apart (writeUniques).
    let uniques = '';
    if (rollups) {
      // Each (target, visitor) pair once: a batch often holds the same visitor many times.
      const pairs = new Map<string, Click>();
      for (const click of humans) pairs.set(`${click[key]}\n${click.visitor}`, click);
      const seen = [...pairs.values()];
      const fresh = await manager.query<{ id: number }[]>(
        `INSERT INTO click_visitors (${idColumn}, visitor)
           SELECT v.id, v.visitor FROM unnest($1::int[], $2::text[]) AS v(id, visitor) JOIN ${table} t ON t.id = v.id
           ON CONFLICT DO NOTHING RETURNING ${idColumn} AS id`,
        [arrayLiteral(seen.map((click) => click[key])), arrayLiteral(seen.map((click) => click.visitor))],
      );
      for (const { id } of fresh) totals.get(id)!.uniques += 1;
      uniques = `, ${uniquesColumn} = t.${uniquesColumn} + v.uniques`;
    }
    const update = `UPDATE ${table} t SET ${clicksColumn} = t.${clicksColumn} + v.clicks${uniques}
         FROM unnest($1::int[], $2::int[], $3::bigint[]) AS v(id, clicks, uniques) WHERE t.id = v.id`;
    // The owners of what it counted, once each (as a SELECT: the driver answers an UPDATE's rows with its count).
    const owners = await manager.query<{ account: number }[]>(
      target.owned ? `WITH counted AS (${update} RETURNING t.user_id) SELECT DISTINCT user_id AS account FROM counted` : update,
      [
        arrayLiteral([...totals.keys()]),
        arrayLiteral([...totals.values()].map((total) => total.clicks)),
        arrayLiteral([...totals.values()].map((total) => total.uniques)),
      ],
    );
    if (target.owned) for (const { account } of owners) counted.add(account);

    const counters = new Map<string, { id: number; dimension: string; value: string; count: number }>();
    const turns = new Turns();
    for (let index = 0; index < groups.length; index++) {
      if (index % TURN_CHECK === 0) await turns.take();
      const group = groups[index]!;
      for (const dimension of DIMENSIONS) {
        const value = group.click[dimension];
        if (!value) continue;
        const counterKey = `${group.id}\n${dimension}\n${value}`;
        const counter = counters.get(counterKey) ?? { id: group.id, dimension, value, count: 0 };
        counter.count += group.clicks;
        counters.set(counterKey, counter);
      }
    }
    if (counters.size === 0) continue;
    const rows = [...counters.values()];
    await manager.query(
      `INSERT INTO click_counters (${idColumn}, dimension, value, count)
         SELECT v.id, v.dimension, v.value, v.count
           FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS v(id, dimension, value, count) JOIN ${table} t ON t.id = v.id
         ON CONFLICT (${idColumn}, dimension, value) WHERE ${idColumn} IS NOT NULL
         DO UPDATE SET count = click_counters.count + EXCLUDED.count`,
      [
        arrayLiteral(rows.map((row) => row.id)),
        arrayLiteral(rows.map((row) => row.dimension)),
        arrayLiteral(rows.map((row) => row.value)),
        arrayLiteral(rows.map((row) => row.count)),
      ],
    );
  }
  return counted;
}

/**
 * The rollups (see the click-hours migration): per target and UTC hour the clicks of people,
 * their visitors new to that hour and the bots; the clicks of people per group of what they
 * tell; and per UTC day the clicks of people per value of each dimension. A batch adds a few
 * rows however many clicks it holds.
 */
async function writeHours(manager: EntityManager, target: Target, all: Click[], humans: Click[], groupRows: ClickGroup[]): Promise<void> {
  const { key, table, column: idColumn } = target;

  // Each (target, hour, visitor) once, the hour sent as text written once per hour.
  const hourTexts = new Map<number, string>();
  const hourText = (hour: number) => {
    let text = hourTexts.get(hour);
    if (text === undefined) hourTexts.set(hour, (text = new Date(hour).toISOString()));
    return text;
  };
  const seen = new Map<string, { id: number; hour: number; visitor: string }>();
  for (const click of humans) {
    const hour = hourOf(click);
    seen.set(`${click[key]}\n${hour}\n${click.visitor}`, { id: click[key]!, hour, visitor: click.visitor });
  }
  const hourVisitors = [...seen.values()];
  const fresh =
    hourVisitors.length === 0
      ? []
      : await manager.query<{ id: number; hour: Date }[]>(
          `INSERT INTO click_hour_visitors (${idColumn}, hour, visitor)
             SELECT v.id, v.hour, v.visitor FROM unnest($1::int[], $2::timestamptz[], $3::text[]) AS v(id, hour, visitor)
               JOIN ${table} t ON t.id = v.id
             ON CONFLICT DO NOTHING RETURNING ${idColumn} AS id, hour`,
          [
            arrayLiteral(hourVisitors.map((row) => row.id)),
            arrayLiteral(hourVisitors.map((row) => hourText(row.hour))),
            arrayLiteral(hourVisitors.map((row) => row.visitor)),
          ],
        );

  const hours = new Map<string, { id: number; hour: number; clicks: number; visitors: number; bots: number }>();
  const hourRow = (id: number, hour: number) => {
    const hourKey = `${id}\n${hour}`;
    let row = hours.get(hourKey);
    if (!row) hours.set(hourKey, (row = { id, hour, clicks: 0, visitors: 0, bots: 0 }));
    return row;
  };
  for (const group of groupRows) hourRow(group.id, group.hour).clicks += group.clicks;
  for (const click of all) if (click.bot) hourRow(click[key]!, hourOf(click)).bots += 1;
  for (const { id, hour } of fresh) hourRow(id, new Date(hour).getTime()).visitors += 1;
  const hourRows = [...hours.values()];
  await manager.query(
    `INSERT INTO click_hours (${idColumn}, hour, clicks, visitors, bots)
       SELECT v.id, v.hour, v.clicks, v.visitors, v.bots
         FROM unnest($1::int[], $2::timestamptz[], $3::int[], $4::int[], $5::int[]) AS v(id, hour, clicks, visitors, bots)
         JOIN ${table} t ON t.id = v.id
       ON CONFLICT (${idColumn}, hour) WHERE ${idColumn} IS NOT NULL
       DO UPDATE SET clicks = click_hours.clicks + EXCLUDED.clicks, visitors = click_hours.visitors + EXCLUDED.visitors,
                     bots = click_hours.bots + EXCLUDED.bots`,
    [
      arrayLiteral(hourRows.map((row) => row.id)),
      arrayLiteral(hourRows.map((row) => hourText(row.hour))),
      arrayLiteral(hourRows.map((row) => row.clicks)),
      arrayLiteral(hourRows.map((row) => row.visitors)),
      arrayLiteral(hourRows.map((row) => row.bots)),
    ],
  );
  if (groupRows.length === 0) return;

  const columns = GROUP_FIELDS.map((field) => GROUP_COLUMNS[field]);
  await manager.query(
    `INSERT INTO click_hour_groups (${idColumn}, hour, ${columns.join(', ')}, clicks)
       SELECT v.* FROM unnest($1::int[], $2::timestamptz[], ${columns.map((_, index) => `$${index + 3}::text[]`).join(', ')},
                              $${columns.length + 3}::int[]) AS v(id, hour, ${columns.join(', ')}, clicks)
         JOIN ${table} t ON t.id = v.id
       ON CONFLICT (${idColumn}, hour, ${columns.join(', ')}) WHERE ${idColumn} IS NOT NULL
       DO UPDATE SET clicks = click_hour_groups.clicks + EXCLUDED.clicks`,
    [
      arrayLiteral(groupRows.map((row) => row.id)),
      arrayLiteral(groupRows.map((row) => hourText(row.hour))),
      ...GROUP_FIELDS.map((field) => arrayLiteral(groupRows.map((row) => row.click[field] ?? ''))),
      arrayLiteral(groupRows.map((row) => row.clicks)),
    ],
  );

  const values = new Map<string, { id: number; day: string; dimension: string; value: string; clicks: number }>();
  for (const group of groupRows) {
    const day = hourText(Math.floor(group.hour / DAY_MS) * DAY_MS).slice(0, 10);
    for (const field of GROUP_FIELDS) {
      const value = group.click[field];
      if (!value) continue;
      const valueKey = `${group.id}\n${day}\n${field}\n${value}`;
      const entry = values.get(valueKey);
      if (entry) entry.clicks += group.clicks;
      else values.set(valueKey, { id: group.id, day, dimension: GROUP_COLUMNS[field], value, clicks: group.clicks });
    }
  }
  if (values.size === 0) return;
  const valueRows = [...values.values()];
  await manager.query(
    `INSERT INTO click_day_values (${idColumn}, day, dimension, value, clicks)
       SELECT v.* FROM unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::int[]) AS v(id, day, dimension, value, clicks)
         JOIN ${table} t ON t.id = v.id
       ON CONFLICT (${idColumn}, day, dimension, value) WHERE ${idColumn} IS NOT NULL
       DO UPDATE SET clicks = click_day_values.clicks + EXCLUDED.clicks`,
    [
      arrayLiteral(valueRows.map((row) => row.id)),
      arrayLiteral(valueRows.map((row) => row.day)),
      arrayLiteral(valueRows.map((row) => row.dimension)),
      arrayLiteral(valueRows.map((row) => row.value)),
      arrayLiteral(valueRows.map((row) => row.clicks)),
    ],
  );
}

/** The id of a spooled batch, in the examples. */
const EXAMPLE_SPOOL_ID = 'clicks-1767261600000-00000000-0000-4000-8000-000000000000';

/** A batch of the examples: a person's click on each kind of target, and a bot's on the link. */
function exampleBatch(f: SqlFixtures): Click[] {
  const click = (
    target: Partial<Pick<Click, 'linkId' | 'qrId' | 'bioId' | 'blockId' | 'domainId' | 'orphan' | 'alias'>>,
    bot = false,
  ): Click => ({
    linkId: null,
    qrId: null,
    bioId: null,
    blockId: null,
    domainId: null,
    orphan: null,
    alias: null,
    ...target,
    at: new Date('2026-01-01T10:00:00Z'),
    country: 'FR',
    referrer: 'example.org',
    browser: 'Firefox',
    os: 'Linux',
    device: 'desktop',
    social: null,
    bot,
    visitor: '0123456789abcdef0123456789abcdef',
    utmSource: 'newsletter',
    utmMedium: null,
    utmCampaign: null,
    variant: null,
  });
  return [
    click({ linkId: f.ids.link }),
    click({ linkId: f.ids.link }, true),
    click({ qrId: f.ids.qr }),
    click({ bioId: f.ids.bio }),
    click({ blockId: f.ids.block }),
    click({ domainId: f.ids.domain, orphan: 'unknown', alias: 'sprnig' }),
  ];
}
