import type { EntityManager, QueryRunner } from 'typeorm';

/** Where a transaction notes what it wrote (queryRunner.data), for the caches to drop at commit. */
export const WRITTEN = 'linkyardWritten';

/**
 * What a write may have changed: `a:<id>` the cached entries of an account, `n:<table>` the
 * unknown keys a new record of that table may now answer, `*` everything.
 */
export type Mark = `a:${number}` | `n:${string}` | '*';

/**
 * Notes, in a transaction, that it wrote records of `table` for an account. Entity events note
 * themselves; a raw statement (a bulk insert) says so here, or its transaction counts as having
 * changed anything at commit.
 */
export function noteWritten(manager: EntityManager, account: number, table: string): void {
  notes(manager.queryRunner).add(`a:${account}`).add(`n:${table}`);
}

/** The marks noted in the transaction of this query runner so far (a new set when none). */
export function notes(queryRunner: QueryRunner | undefined): Set<Mark> {
  if (!queryRunner) return new Set();
  queryRunner.data ??= {};
  const data = queryRunner.data as Record<string, unknown>;
  const written = (data[WRITTEN] as Set<Mark> | undefined) ?? new Set<Mark>();
  data[WRITTEN] = written;
  return written;
}
