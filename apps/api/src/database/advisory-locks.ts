import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** How often a lock held by another instance is tried again. */
const RETRY_MS = 250;

/**
 * Work that one instance at a time does (an order from the ACME CA, a round of renewals): under
 * a PostgreSQL advisory lock held on a connection of its own, so that work of seconds holds no
 * transaction open. The embedded database (a pool of one) belongs to one process, whose callers
 * keep their own order: there the work runs at once, without taking the only connection.
 */
@Injectable()
export class AdvisoryLocks {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** `work`'s result, or undefined when another instance held the lock (`kind`, `name`) past `waitMs`. */
  async run<T>(kind: number, name: string, waitMs: number, work: () => Promise<T>): Promise<T | undefined> {
    if (((this.dataSource.options as { poolSize?: number }).poolSize ?? 10) <= 1) return work();
    const runner = this.dataSource.createQueryRunner();
    try {
      const until = Date.now() + waitMs;
      for (;;) {
        const [row] = (await runner.query(`SELECT pg_try_advisory_lock($1, hashtext($2)) AS taken`, [kind, name])) as { taken: boolean }[];
        if (row?.taken) break;
        if (Date.now() >= until) return undefined;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
      try {
        return await work();
      } finally {
        await runner.query(`SELECT pg_advisory_unlock($1, hashtext($2))`, [kind, name]).catch(() => undefined);
      }
    } finally {
      await runner.release();
    }
  }
}
