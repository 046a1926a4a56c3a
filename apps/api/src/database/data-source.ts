import { DataSource, type DataSourceOptions } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions';
import { guardedPg } from './guarded-pg';
import { migrations } from './migrations';

/** How to reach the database: Postgres by URL, or the embedded one by socket. */
export type DatabaseTarget = { url: string } | { host: string; port: number; username: string; database: string };

export const isEmbedded = (target: DatabaseTarget): boolean => !('url' in target);

/**
 * The connection settings the service runs with. A query that takes longer than `timeoutMs`, or a
 * connection (or a free one from the pool) that takes longer to get, fails, and the request that
 * needed it is answered 503: a stalled database never holds a request, nor a stop, for ever.
 * On Postgres the server also ends the statement, and any transaction left idle.
 */
export function serviceConnection(target: DatabaseTarget, timeoutMs: number): PostgresDataSourceOptions {
  const embedded = isEmbedded(target);
  return {
    type: 'postgres',
    ...target,
    driver: guardedPg({ sharedSession: embedded }),
    // PGlite serves one connection at a time.
    poolSize: embedded ? 1 : 10,
    synchronize: false,
    migrations,
    migrationsRun: false,
    logging: false,
    applicationName: 'linkyard',
    extra: {
      connectionTimeoutMillis: timeoutMs,
      // A little longer than the server's own limit, which ends the statement cleanly: this one
      // only fires when the server does not answer at all (stalled, or the network gone).
      query_timeout: embedded ? timeoutMs : timeoutMs + 250,
      keepAlive: true,
      ...(embedded ? {} : { options: `-c statement_timeout=${timeoutMs} -c idle_in_transaction_session_timeout=${timeoutMs * 2}` }),
    },
  };
}

/**
 * Connections without time limits, for migrations and the first start's bootstrap: on Postgres
 * two, one holding the start-up lock while the migrations run on the other; the embedded
 * database takes no lock and has one.
 */
export function maintenanceConnection(target: DatabaseTarget): DataSourceOptions {
  return {
    type: 'postgres',
    ...target,
    poolSize: isEmbedded(target) ? 1 : 2,
    synchronize: false,
    migrations,
    logging: false,
    applicationName: 'linkyard-migrate',
  };
}

export async function openMaintenance(target: DatabaseTarget): Promise<DataSource> {
  return new DataSource(maintenanceConnection(target)).initialize();
}
