import type { ClickTarget } from '../click';
import type { ClickHouse } from './clickhouse';
import { countHoursNow } from './clickhouse-reads';
import { int, str } from './clickhouse-sql';

/** Every table of the store that holds rows of a target: a deleted target's rows go from each. */
const TARGET_TABLES = ['clicks', 'click_hours', 'click_hour_visitors', 'click_hour_groups', 'click_hour_totals', 'target_visitors'];

const DAY_MS = 86_400_000;
/** Statements a retention pass may take to count hours before their raw clicks go (a day of hours each, most often). */
const COUNT_STATEMENTS = 500;

/**
 * CLICK_RETENTION_DAYS on ClickHouse's raw clicks (the rollups are kept, as on PostgreSQL; the
 * hours of the raw clicks going are counted first, their visitors being read from them). The
 * months wholly past the limit go as whole partitions, at once; the rest of the way by a delete
 * (a mutation, which ClickHouse runs in the background by rewriting the month's parts): at most
 * one a day per instance, and none while one is under way. Written for every tested engine alike:
 * 18.16 has no TTL.
 */
export class ClickHouseRetention {
  private lastDelete = 0;

  constructor(private readonly ch: ClickHouse) {}

  /**
   * Removes the raw clicks before `before`: how many rows it dropped or asked to delete (rows as
   * stored: a batch stored twice counts twice here), and the months dropped.
   */
  async deleteOlder(before: Date, now: number): Promise<{ clicks: number; monthsDropped: number }> {
    const db = this.ch.db;
    const limit = `toDateTime(${int(Math.floor(before.getTime() / 1000))}, 'UTC')`;
    // The parts' own row counts: no scan of the months that go whole.
    const partitions = await this.ch.query<{ partition: string; rows: number }>(
      `SELECT partition, sum(rows) AS rows FROM system.parts
        WHERE database = ${str(db)} AND table = 'clicks' AND active GROUP BY partition ORDER BY partition`,
    );
    const whole = partitions.filter(
      ({ partition }) =>
        /^\d{6}$/.test(partition) && Date.UTC(Number(partition.slice(0, 4)), Number(partition.slice(4, 6)), 1) <= before.getTime(),
    );
    // What is left before the limit is in the month across it: one partition to count, once a day.
    let left = 0;
    if (now - this.lastDelete >= DAY_MS) {
      const [edge] = await this.ch.query<{ rows: number }>(
        `SELECT count() AS rows FROM ${db}.clicks WHERE toYYYYMM(at) = toYYYYMM(${limit}) AND at < ${limit}`,
      );
      left = Number(edge?.rows ?? 0);
      if (left > 0) {
        const [pending] = await this.ch.query<{ mutations: number }>(
          `SELECT count() AS mutations FROM system.mutations WHERE database = ${str(db)} AND table = 'clicks' AND NOT is_done`,
        );
        if (Number(pending?.mutations ?? 0) > 0) left = 0;
      }
    }
    if (whole.length === 0 && left === 0) return { clicks: 0, monthsDropped: 0 };
    // An hour's visitors are counted from its raw clicks: the hours not counted yet are counted
    // before those go (settled or not: a batch of an hour past the retention comes late, and
    // rarely), a day of hours a statement, so that each stays well inside the time limit. A pass
    // takes at most COUNT_STATEMENTS; what it could not count waits for the next pass, and so do
    // its raw clicks (the months counted so far go meanwhile).
    const budget = { statements: COUNT_STATEMENTS };
    let clicks = 0;
    let monthsDropped = 0;
    for (const { partition, rows } of whole) {
      const year = Number(partition.slice(0, 4));
      const month = Number(partition.slice(4, 6));
      if (!(await this.countHours(Date.UTC(year, month - 1, 1), Date.UTC(year, month, 1), budget))) return { clicks, monthsDropped };
      await this.ch.command(`ALTER TABLE ${db}.clicks DROP PARTITION ${int(Number(partition))}`);
      clicks += Number(rows);
      monthsDropped += 1;
    }
    if (left > 0 && (await this.countHours(Date.UTC(before.getUTCFullYear(), before.getUTCMonth(), 1), before.getTime(), budget))) {
      await this.ch.command(`ALTER TABLE ${db}.clicks DELETE WHERE at < ${limit}`);
      this.lastDelete = now;
      clicks += left;
    }
    return { clicks, monthsDropped };
  }

  /** Counts the stale hours that start from `from` until `to` (ms), a day at a time; false once `budget` ran out first. */
  private async countHours(from: number, to: number, budget: { statements: number }): Promise<boolean> {
    for (let day = from; day < to; day += DAY_MS) {
      const end = Math.min(day + DAY_MS, to);
      const range = `hour >= toDateTime(${int(Math.floor(day / 1000))}, 'UTC') AND hour < toDateTime(${int(Math.ceil(end / 1000))}, 'UTC')`;
      if (!(await countHoursNow(this.ch, range, budget))) return false;
    }
    return true;
  }

  /**
   * Deletes the rows of these targets (deleted from PostgreSQL) from every table: one delete per
   * table (a mutation, which ClickHouse runs in the background by rewriting the parts). False,
   * with nothing asked, while an earlier delete of the raw clicks is still under way.
   */
  async purge(targets: readonly { target: ClickTarget; targetId: number }[]): Promise<boolean> {
    if (targets.length === 0) return true;
    const db = this.ch.db;
    const [pending] = await this.ch.query<{ mutations: number }>(
      `SELECT count() AS mutations FROM system.mutations WHERE database = ${str(db)} AND table = 'clicks' AND NOT is_done`,
    );
    if (Number(pending?.mutations ?? 0) > 0) return false;
    const byTarget = new Map<ClickTarget, number[]>();
    for (const { target, targetId } of targets) byTarget.set(target, [...(byTarget.get(target) ?? []), targetId]);
    // Literal lists: a mutation's condition is kept as text by the server and read again by each part.
    const condition = [...byTarget]
      .map(([target, ids]) => `(target = ${str(target)} AND target_id IN (${ids.map(int).join(', ')}))`)
      .join(' OR ');
    // The raw clicks last: should a delete fail half-way, the targets are asked again and the rollups
    // are never left without the clicks they came from.
    for (const table of [...TARGET_TABLES.slice(1), TARGET_TABLES[0]!])
      await this.ch.command(`ALTER TABLE ${db}.${table} DELETE WHERE ${condition}`);
    return true;
  }
}
