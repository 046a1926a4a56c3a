import type { ClickHouse } from './clickhouse';
import { int, str } from './clickhouse-sql';

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

  /** Removes the raw clicks before `before`; how many there were. */
  async deleteOlder(before: Date, now: number): Promise<{ clicks: number; monthsDropped: number }> {
    const db = this.ch.db;
    const limit = Math.floor(before.getTime() / 1000);
    // A click sent twice (a retried batch) is one click.
    const [row] = await this.ch.query<{ clicks: number }>(
      `SELECT count() AS clicks FROM (
         SELECT 1 FROM ${db}.clicks WHERE at < toDateTime(${int(limit)}, 'UTC') LIMIT 1 BY target, target_id, at, at_ms, batch_id, seq
       )`,
    );
    const clicks = Number(row?.clicks ?? 0);
    if (clicks === 0) return { clicks, monthsDropped: 0 };
    const partitions = await this.ch.query<{ partition: string }>(
      `SELECT DISTINCT partition FROM system.parts WHERE database = ${str(db)} AND table = 'clicks' AND active ORDER BY partition`,
    );
    let monthsDropped = 0;
    for (const { partition } of partitions) {
      if (!/^\d{6}$/.test(partition)) continue;
      const end = Date.UTC(Number(partition.slice(0, 4)), Number(partition.slice(4, 6)), 1);
      if (end > before.getTime()) break;
      await this.ch.command(`ALTER TABLE ${db}.clicks DROP PARTITION ${int(Number(partition))}`);
      monthsDropped += 1;
    }
    const [left] = await this.ch.query<{ rows: number }>(
      `SELECT count() AS rows FROM ${db}.clicks WHERE at < toDateTime(${int(limit)}, 'UTC')`,
    );
    if (Number(left?.rows ?? 0) > 0 && now - this.lastDelete >= DAY_MS) {
      const [pending] = await this.ch.query<{ mutations: number }>(
        `SELECT count() AS mutations FROM system.mutations WHERE database = ${str(db)} AND table = 'clicks' AND NOT is_done`,
      );
      if (Number(pending?.mutations ?? 0) === 0) {
        await this.ch.command(`ALTER TABLE ${db}.clicks DELETE WHERE at < toDateTime(${int(limit)}, 'UTC')`);
        this.lastDelete = now;
      }
    }
    return { clicks, monthsDropped };
  }
}
