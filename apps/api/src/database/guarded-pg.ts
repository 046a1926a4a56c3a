import pg from 'pg';

const isReadTimeout = (error: unknown): boolean => error instanceof Error && error.message === 'Query read timeout';

/** Closes the connection: the pool then drops it (see GuardedPool). */
function close(client: pg.PoolClient): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** Statements sent as named prepared statements, by their text (`prepared`). */
const names = new Map<string, string>();
/** A bound on them, so that a text built at run time could not grow the map without end. */
const MAX_PREPARED = 64;

/**
 * Marks a statement's text to be sent as a named prepared statement: each connection parses and
 * plans it once, and after a few runs the server keeps a generic plan of it instead of planning
 * it anew each time (PostgreSQL's plan cache). For a busy statement whose planning costs more
 * than its work (a write with many CTEs): its text must be the same on every call, with the
 * values as parameters. Answers the text, to be sent as usual.
 */
export function prepared(text: string): string {
  if (!names.has(text) && names.size < MAX_PREPARED) names.set(text, `linkyard_${names.size + 1}`);
  return text;
}

/**
 * A marked statement's text as pg's named query, on every connection of the pools. A new
 * connection starts by dropping the server session's prepared statements: on the embedded
 * database every connection talks to its one session, which keeps those of the connection
 * before (pg would send them again under the same names, and be refused). On PostgreSQL a new
 * session has none; the statement costs one round trip per connection.
 */
function prepareMarked(client: pg.PoolClient): void {
  // Queued before any statement the connection's first borrower sends; an error there (the
  // connection lost) is that statement's to report.
  client.query('DEALLOCATE ALL').catch(() => undefined);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const name = typeof args[0] === 'string' ? names.get(args[0]) : undefined;
    if (name !== undefined) args[0] = { name, text: args[0] };
    return query(...args);
  }) as typeof client.query;
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
    this.on('connect', (client) => {
      prepareMarked(client);
      closeOnReadTimeout(client);
    });
  }
}

/** The pg module TypeORM is given (its `driver` option): pg, with pools that guard their connections and name the marked statements. */
export const guardedPg: typeof pg = { ...pg, Pool: GuardedPool };
