import pg from 'pg';

const isReadTimeout = (error: unknown): boolean => error instanceof Error && error.message === 'Query read timeout';

/** Closes the connection: the pool then drops it (see GuardedPool). */
function close(client: pg.PoolClient): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/**
 * A statement that got no answer in time (a stalled server) leaves its connection in an unknown
 * state: the answer may still come, and statements queued behind it (a ROLLBACK) may never have
 * been sent, so the next borrower could run inside an aborted transaction. Such a connection is
 * closed at once; the pool opens a fresh one when the server answers again.
 */
function closeOnReadTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const callback = args[args.length - 1];
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        if (isReadTimeout(error)) close(client);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (isReadTimeout(error)) close(client);
      });
    }
    return result;
  }) as typeof client.query;
}

class GuardedPool extends pg.Pool {
  constructor(config?: pg.PoolConfig) {
    super(config);
    this.on('connect', closeOnReadTimeout);
  }
}

/** The pg module TypeORM is given (its `driver` option): pg, with pools that guard their connections. */
export const guardedPg: typeof pg = { ...pg, Pool: GuardedPool };
