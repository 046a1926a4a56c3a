import pg from 'pg';

const isReadTimeout = (error: unknown): boolean => error instanceof Error && error.message === 'Query read timeout';

/** Closes the connection: the pool then drops it (see GuardedPool). */
function close(client: pg.PoolClient): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** Statements sent as named prepared statements, by their text (`prepared`). */
const names = new Map<string, string | undefined>();
/** A bound on them, so that a text built at run time could not grow the map without end. */
const MAX_PREPARED = 64;

/**
 * Marks a statement's text to be sent as a named prepared statement: each connection parses and
 * plans it once, and after a few runs the server keeps a generic plan of it instead of planning
 * it anew each time (PostgreSQL's plan cache). For a busy statement whose planning costs more
 * than its work (a write with many CTEs), whose best plan does not depend on its values: its
 * text must be the same on every call, with the values as parameters. Answers the text, to be
 * sent as usual. Past MAX_PREPARED texts, the others are sent unnamed (and a warning says so).
 */
export function prepared(text: string): string {
  if (names.has(text)) return text;
  // Named by its command and its number (SELECT_3): the name traces show for the statement.
  if (names.size < MAX_PREPARED) names.set(text, `${/^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'STATEMENT'}_${names.size + 1}`);
  else if (names.size === MAX_PREPARED) {
    names.set(text, undefined);
    process.emitWarning(`More than ${MAX_PREPARED} statements are marked prepared; the others are sent unnamed.`);
  }
  return text;
}

/**
 * A statement's text for `key`, built by `build` once and kept in `texts`: the same string on every
 * call, so it is neither put together nor hashed anew on a busy path (what `prepared` and the
 * server's plan cache go by is that string). Keys are few by construction (a read's variants);
 * past MAX_PREPARED of them in one map, a text is built each time rather than kept.
 */
export function statementText<K>(texts: Map<K, string>, key: K, build: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    text = build();
    if (texts.size < MAX_PREPARED) texts.set(key, text);
  }
  return text;
}

/** Calls `query` with `args`, and `failed` with the error it reports, by callback or by promise. */
function watch(query: (...args: unknown[]) => unknown, args: unknown[], failed: (error: unknown) => void): unknown {
  const callback = args[args.length - 1];
  if (typeof callback === 'function') {
    args[args.length - 1] = (error: unknown, result: unknown) => {
      if (error) failed(error);
      (callback as (error: unknown, result: unknown) => void)(error, result);
    };
    return query(...args);
  }
  const result = query(...args);
  if (result instanceof Promise) result.catch(failed);
  return result;
}

/**
 * A prepared statement the connection's session does not hold as pg believes (gone, or already
 * there), or whose plan no longer fits its tables (a migration by another instance changed a
 * column's type): it would fail on that connection every time.
 */
const isStalePrepared = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '26000' || code === '42P05' || (code === '0A000' && /cached plan/.test((error as Error).message));
};

/**
 * One wrapper of a pool connection's `query`, for every statement:
 * - a statement that got no answer in time (a stalled server) leaves the connection in an unknown
 *   state: the answer may still come, and statements queued behind it (a ROLLBACK) may never have
 *   been sent, so the next borrower could run inside an aborted transaction. Such a connection is
 *   closed at once; the pool opens a fresh one when the server answers again;
 * - a marked statement's text is sent as pg's named query. One the session refuses
 *   (isStalePrepared) fails, and is dropped and prepared anew on its next use. With
 *   `sharedSession` (the embedded database, whose connections all talk to its one session, which
 *   keeps the prepared statements of the connection before: pg would send them again under the
 *   same names, and be refused), a new connection first drops them; it is closed if it cannot.
 */
function guard(client: pg.PoolClient, sharedSession: boolean): void {
  // Queued before any statement the connection's first borrower sends.
  if (sharedSession) client.query('DEALLOCATE ALL').catch(() => close(client));
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const parsed = (client as unknown as { connection?: { parsedStatements?: Record<string, unknown> } }).connection?.parsedStatements;
  client.query = ((...args: unknown[]) => {
    const name = typeof args[0] === 'string' ? names.get(args[0]) : undefined;
    if (name !== undefined) args[0] = { name, text: args[0] };
    return watch(query, args, (error) => {
      if (isReadTimeout(error)) return close(client);
      if (name === undefined || !isStalePrepared(error)) return;
      // pg parses a statement again once it forgets having done so; the session's copy, if it has
      // one, goes first (queued before that next use). Without pg's record, the connection goes.
      if (!parsed) return close(client);
      delete parsed[name];
      if ((error as { code?: unknown }).code !== '26000') (query(`DEALLOCATE "${name}"`) as Promise<unknown>).catch(() => close(client));
    });
  }) as typeof client.query;
}

/**
 * The pg module TypeORM is given (its `driver` option): pg, with pools that guard their
 * connections and send the marked statements by name (guard).
 */
export function guardedPg({ sharedSession }: { sharedSession: boolean }): typeof pg {
  class GuardedPool extends pg.Pool {
    constructor(config?: pg.PoolConfig) {
      super(config);
      this.on('connect', (client) => guard(client, sharedSession));
    }
  }
  return { ...pg, Pool: GuardedPool };
}
