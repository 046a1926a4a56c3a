import { Inject, Injectable } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';

/** How busy the database pool is: what the metrics show of it. */
export interface PoolState {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** The pg pool TypeORM opened (on PostgreSQL and on the embedded database alike), read by the metrics. */
@Injectable()
export class DatabasePool {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * Reads that do not depend on each other: sent at once when the pool has more than one
   * connection (PostgreSQL), one after the other on a pool of one (the embedded database), where
   * the later ones would wait for the connection from the start, against its time limit. Answers
   * once every read has finished (the first error, if any): none is left running behind it.
   */
  async independent<T extends readonly unknown[]>(reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
    const poolSize = (this.dataSource.options as { poolSize?: number }).poolSize ?? 10;
    if (poolSize <= 1) {
      const results: unknown[] = [];
      for (const read of reads) results.push(await read());
      return results as unknown as T;
    }
    // A read that throws before its promise is made is a rejection like the others.
    const settled = await Promise.allSettled(reads.map(async (read) => read()));
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
  }

  /** The pool's state now; null before it is opened. */
  state(): PoolState | null {
    const master: unknown = (this.dataSource.driver as { master?: unknown }).master;
    if (!(master instanceof pg.Pool)) return null;
    return { total: master.totalCount, idle: master.idleCount, waiting: master.waitingCount, max: master.options.max ?? 10 }; // pg's default when none is set
  }
}
