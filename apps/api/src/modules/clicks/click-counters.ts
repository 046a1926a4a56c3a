import type { ClickTarget } from './click';

/** The column of each kind of target in the click tables. */
export const TARGET_COLUMNS: Record<ClickTarget, string> = {
  link: 'link_id',
  qr: 'qr_id',
  bio: 'bio_id',
  block: 'block_id',
  domain: 'domain_id',
};
/** The length of every top list. */
export const TOP = 10;

/** A counter as the statistics read it: its dimension, its value and its count (as text). */
export type CounterRow = [dimension: string, value: string, count: string];

/**
 * A column of the target's counters whose id is `id` (a parameter or another table's column), as
 * a JSON array of CounterRow: the values counted most of each dimension (TOP of each), ordered by
 * dimension and count. A link's own read takes it in the statement that reads the link.
 */
export function countersOf(target: ClickTarget, id: string): string {
  return `(SELECT coalesce(json_agg(json_build_array(dimension, value, count::text) ORDER BY dimension, rank), '[]')
     FROM (SELECT dimension, value, count, row_number() OVER (PARTITION BY dimension ORDER BY count DESC, value) AS rank
             FROM click_counters WHERE ${TARGET_COLUMNS[target]} = ${id}) ranked
    WHERE rank <= ${TOP})`;
}
