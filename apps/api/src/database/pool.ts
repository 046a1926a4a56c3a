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

  /** The pool's state now; null before it is opened. */
  state(): PoolState | null {
    const master: unknown = (this.dataSource.driver as { master?: unknown }).master;
    if (!(master instanceof pg.Pool)) return null;
    return { total: master.totalCount, idle: master.idleCount, waiting: master.waitingCount, max: master.options.max ?? 10 }; // pg's default when none is set
  }
}
