import type { ClickTarget } from '../click';
import type { ClickHouse } from './clickhouse';
import { int, str } from './clickhouse-sql';

/** Every table of the store that holds rows of a target: a deleted target's rows go from each. */
const TARGET_TABLES = ['clicks', 'click_hours', 'click_hour_visitors', 'click_hour_groups', 'click_hour_totals', 'target_visitors'];

const DAY_MS = 86_400_000;

/**
 * CLICK_RETENTION_DAYS on ClickHouse's raw clicks (the rollups are kept, as on PostgreSQL). The
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
    let clicks = 0;
    let monthsDropped = 0;
    for (const { partition, rows } of partitions) {
      if (!/^\d{6}$/.test(partition)) continue;
      const end = Date.UTC(Number(partition.slice(0, 4)), Number(partition.slice(4, 6)), 1);
      if (end > before.getTime()) break;
      await this.ch.command(`ALTER TABLE ${db}.clicks DROP PARTITION ${int(Number(partition))}`);
      clicks += Number(rows);
      monthsDropped += 1;
    }
    if (now - this.lastDelete < DAY_MS) return { clicks, monthsDropped };
    // What is left before the limit is in the month across it: one partition to count.
    const [left] = await this.ch.query<{ rows: number }>(
      `SELECT count() AS rows FROM ${db}.clicks WHERE toYYYYMM(at) = toYYYYMM(${limit}) AND at < ${limit}`,
    );
    if (Number(left?.rows ?? 0) === 0) return { clicks, monthsDropped };
    const [pending] = await this.ch.query<{ mutations: number }>(
      `SELECT count() AS mutations FROM system.mutations WHERE database = ${str(db)} AND table = 'clicks' AND NOT is_done`,
    );
    if (Number(pending?.mutations ?? 0) > 0) return { clicks, monthsDropped };
    await this.ch.command(`ALTER TABLE ${db}.clicks DELETE WHERE at < ${limit}`);
    this.lastDelete = now;
    return { clicks: clicks + Number(left!.rows), monthsDropped };
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
