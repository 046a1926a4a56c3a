import type { ClickTarget } from '../click';
import type { ClickHouse } from './clickhouse';
import { idSet, str } from './clickhouse-sql';

/** A raw click's row as clickRows makes it, what the count needs of it. */
interface VisitorRow {
  target: ClickTarget;
  target_id: number;
  bot: number;
}

/**
 * The all-time unique visitors of the targets people clicked in a batch, as ClickHouse counts them
 * (schema version 5's `target_visitors`), by `target:id`. Read after the batch's insert, so each
 * count includes the batch; PostgreSQL keeps the greater of it and what it had (two writers, or a
 * retried batch, read the same sets: a count never goes back).
 *
 * `uniq` is ClickHouse's adaptive sample of 32-bit hashes: it keeps every hash up to 65,536
 * visitors, so a target below that is counted exactly but for two visitors whose hashes collide
 * (about one pair in 60,000 visitors), and past it is an estimate (docs/clicks-over-time.md says
 * by how much). A set merges in constant space, however many visitors a link has had.
 */
export async function allTimeVisitors(ch: ClickHouse, rows: readonly VisitorRow[]): Promise<Map<string, number>> {
  const ids = new Map<ClickTarget, Set<number>>();
  for (const row of rows) {
    if (row.bot) continue;
    let set = ids.get(row.target);
    if (!set) ids.set(row.target, (set = new Set()));
    set.add(row.target_id);
  }
  if (ids.size === 0) return new Map();
  const where = [...ids].map(([target, set]) => `(target = ${str(target)} AND target_id IN ${idSet([...set])})`).join(' OR ');
  const counts = await ch.query<{ target: ClickTarget; target_id: number; visitors: number }>(
    `SELECT target, target_id, uniqMerge(visitors) AS visitors FROM ${ch.db}.target_visitors WHERE ${where} GROUP BY target, target_id`,
  );
  return new Map(counts.map((row) => [`${row.target}:${Number(row.target_id)}`, Number(row.visitors)]));
}
