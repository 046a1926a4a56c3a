import { Logger } from '@nestjs/common';
import { createClient, ClickHouseLogLevel, type ClickHouseClient, type ClickHouseClientConfigOptions } from '@clickhouse/client';
import { Readable } from 'node:stream';
import { Turns } from '../../../common/turns';
import { identifier, int, tsvLines } from './clickhouse-sql';
import { schemaVersions } from './clickhouse-schema';

/** The click store's connection (ClickHouse), or null without CLICKHOUSE_URL: made and closed by app.ts. */
export const CLICKHOUSE = Symbol('CLICKHOUSE');

/**
 * ClickHouse away, too slow, or its schema not yet made: statistics answer 503 (see
 * error-response.ts, which knows it by its code) and the recorder keeps the clicks for a retry.
 */
export class ClickHouseUnavailable extends Error {
  readonly code = 'CLICKHOUSE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(`ClickHouse is unavailable: ${message}`, options);
    this.name = 'ClickHouseUnavailable';
  }
}

/** Network failures and timeouts (a server's SQL errors carry a `Code: N`, and are not these). */
const UNAVAILABLE = /ECONNREFUSED|ECONNRESET|EPIPE|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|socket hang up|Timeout error|timed? ?out|aborted/i;

/** A connection the server closed under a request (a stale kept-alive socket, most often). */
const RESET = /ECONNRESET|socket hang up|EPIPE/i;

function unavailable(error: unknown): boolean {
  // Not `instanceof Error`: the sockets' errors may come from another realm (a test's VM context).
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  return UNAVAILABLE.test(`${typeof code === 'string' ? code : ''} ${typeof message === 'string' ? message : ''}`) || name === 'AbortError';
}

/** Rows an insert writes as text at a time (a few milliseconds), giving the event loop its turns between. */
const INSERT_CHUNK = 500;

/**
 * The rows as text, in pieces, all of it written before any is sent: a value refused (a TypeError)
 * then sends nothing, where a request cut short could leave the rows before it stored. Each piece
 * becomes bytes at once: until then its text is a chain of thousands of short strings in the young
 * generation, which every collection meanwhile copied (pauses past 100 ms for a whole batch).
 */
async function rowsText(rows: readonly Record<string, unknown>[], columns: readonly string[]): Promise<Buffer[]> {
  const turns = new Turns();
  const pieces: Buffer[] = [];
  for (let from = 0; from < rows.length; from += INSERT_CHUNK) {
    await turns.take();
    pieces.push(Buffer.from(tsvLines(rows, columns, from, Math.min(rows.length, from + INSERT_CHUNK))));
  }
  return pieces;
}

/** The engine's version, from `SELECT version()` ('18.16.1', '26.7.2.1'). */
export interface ClickHouseVersion {
  major: number;
  minor: number;
  text: string;
}

/**
 * The click store's connection: the official client over HTTP, one database (CLICKHOUSE_URL's,
 * `linkyard` unless named) whose tables every statement names in full, and the schema, made or
 * brought up to date the first time it is needed and retried until it is (the service starts and
 * redirects while ClickHouse is away: clicks wait in the recorder).
 */
/** What the client reaches ClickHouse through when not over HTTP (chdb's connection, in tests). */
export type ClickHouseConnection = NonNullable<ClickHouseClientConfigOptions['connection']>;

export class ClickHouse {
  private readonly logger = new Logger(ClickHouse.name);
  readonly db: string;
  private readonly client: ClickHouseClient;
  private schema: Promise<ClickHouseVersion> | null = null;
  private known: ClickHouseVersion | null = null;

  /**
   * `timeoutMs`: how long a read may take before ClickHouse is taken as unavailable (CLICKHOUSE_TIMEOUT_MS);
   * an insert of a batch (up to 50,000 clicks, 25 MB with long referrers and UTM values) and a schema change may take twice as long.
   */
  constructor(
    url: string,
    readonly timeoutMs: number,
    connection?: ClickHouseConnection,
  ) {
    const parsed = new URL(url);
    this.db = identifier(decodeURIComponent(parsed.pathname.slice(1)) || 'linkyard');
    this.client = createClient({
      url: parsed.origin,
      username: decodeURIComponent(parsed.username) || 'default',
      password: decodeURIComponent(parsed.password),
      request_timeout: 2 * timeoutMs,
      max_open_connections: 10,
      // A socket idle for longer than the server keeps it (3 s on many versions) is closed by the
      // server; a busy event loop (redirects) can miss the client's own timer, so stale sockets are
      // dropped when a request picks one, not reused into a reset.
      keep_alive: { idle_socket_ttl: 1500, eagerly_destroy_stale_sockets: true },
      // 64-bit counts as JSON numbers on every version (18.16 quotes them by default, current engines do not).
      clickhouse_settings: { output_format_json_quote_64bit_integers: 0 },
      // Failures are the caller's to report (a 503, the recorder's retry), once, without the client's stack traces.
      log: { level: ClickHouseLogLevel.OFF },
      ...(connection ? { connection } : {}),
    });
  }

  /** The version read when the schema was made (null before). */
  get version(): ClickHouseVersion | null {
    return this.known;
  }

  /**
   * Resolves once the schema is in place (made now if need be); calls meanwhile share the attempt,
   * and the first call after a failed one tries again (a server back is used at once).
   */
  async ready(): Promise<ClickHouseVersion> {
    if (this.known) return this.known;
    this.schema ??= this.migrate().then(
      (version) => (this.known = version),
      (error: unknown) => {
        this.schema = null;
        throw error;
      },
    );
    return this.schema;
  }

  /**
   * Makes the schema in the background at start: the service does not wait for ClickHouse (clicks
   * wait in the recorder, statistics answer 503 until it is there). A failure is said once here and
   * tried again on the next use.
   */
  start(): void {
    this.ready().catch((error: Error) =>
      this.logger.warn(`ClickHouse is not ready yet (tried again when clicks or statistics need it): ${error.message}`),
    );
  }

  /** Rows of a SELECT (JSONEachRow), within the time limit on both sides (the schema's check included). */
  async query<Row>(sql: string, settings: Record<string, number | string> = {}): Promise<Row[]> {
    await this.readyWithin(this.timeoutMs);
    return this.guard(async () => {
      const result = await this.client.query({
        query: sql,
        format: 'JSONEachRow',
        clickhouse_settings: { max_execution_time: Math.ceil(this.timeoutMs / 1000), ...settings },
        abort_signal: AbortSignal.timeout(this.timeoutMs),
      });
      return result.json<Row>();
    });
  }

  /**
   * Inserts rows in one request (one block: the server takes it whole or not at all), every row
   * with the first row's columns. Written as text a few hundred rows at a time, the event loop free
   * between them: a batch of 20,000 clicks written at once held it (and the redirects) for over 100 ms.
   */
  async insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0]!);
    await this.insertText(table, columns, await rowsText(rows, columns));
  }

  /**
   * Inserts rows already written as TabSeparated lines of `columns` (each value as tsvValue writes
   * it), in one request: the click writer's, which writes its clicks' lines without making rows.
   */
  async insertText(table: string, columns: readonly string[], text: readonly Buffer[]): Promise<void> {
    if (text.length === 0) return;
    const version = await this.ready();
    columns.forEach(identifier);
    await this.guard(() =>
      this.client.insert({
        table: `${this.db}.${identifier(table)}`,
        // A stream made anew for each attempt (guard() may send it twice).
        values: Readable.from(text, { objectMode: false }),
        format: 'TabSeparated',
        columns: columns as [string, ...string[]],
        // Engines from 21.11 may buffer inserts (chdb does by default): a batch is stored when answered.
        clickhouse_settings: version.major > 21 || (version.major === 21 && version.minor >= 11) ? { async_insert: 0 } : {},
      }),
    );
  }

  /** A statement without rows (DDL, ALTER, INSERT … SELECT). */
  async command(sql: string, settings: Record<string, number | string> = {}): Promise<void> {
    await this.guard(() =>
      this.client.command({ query: sql, clickhouse_settings: settings, abort_signal: AbortSignal.timeout(2 * this.timeoutMs) }),
    );
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** ready(), or ClickHouseUnavailable once `ms` have passed (a schema check waiting on a stalled server). */
  private async readyWithin(ms: number): Promise<ClickHouseVersion> {
    if (this.known) return this.known;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.ready(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new ClickHouseUnavailable(`no answer within ${ms} ms`)), ms);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Network failures and timeouts become ClickHouseUnavailable, and so does an answer cut short (its
   * JSON unreadable: a failure after the rows began); SQL errors stay what they are.
   */
  private async guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      try {
        return await run();
      } catch (error) {
        // A kept-alive socket the server had closed: once more on a new one. Every statement here
        // may run twice (inserts are read once per batch, schema statements are IF NOT EXISTS).
        const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
        if (!RESET.test(`${typeof code === 'string' ? code : ''} ${typeof message === 'string' ? message : ''}`)) throw error;
        return await run();
      }
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name;
      if (unavailable(error) || name === 'SyntaxError') {
        throw new ClickHouseUnavailable(String((error as { message?: unknown }).message), { cause: error });
      }
      throw error;
    }
  }

  /** Makes the database and brings its tables up to the last version; the engine's version. */
  private async migrate(): Promise<ClickHouseVersion> {
    const [row] = await this.guard(async () =>
      (await this.client.query({ query: 'SELECT version() AS v', format: 'JSONEachRow' })).json<{ v: string }>(),
    );
    const v = row?.v ?? '0';
    const [major = 0, minor = 0] = v.split('.').map(Number);
    await this.command(`CREATE DATABASE IF NOT EXISTS ${this.db}`);
    await this.command(
      `CREATE TABLE IF NOT EXISTS ${this.db}.schema_versions (version UInt32, applied DateTime('UTC')) ENGINE = MergeTree ORDER BY version`,
    );
    const applied = await this.guard(async () =>
      (await this.client.query({ query: `SELECT DISTINCT version FROM ${this.db}.schema_versions`, format: 'JSONEachRow' })).json<{
        version: number;
      }>(),
    );
    const done = new Set(applied.map((row) => Number(row.version)));
    const versions = schemaVersions(this.db);
    for (let index = 0; index < versions.length; index++) {
      const version = index + 1;
      if (done.has(version)) continue;
      for (const statement of versions[index]!) await this.command(statement);
      await this.command(`INSERT INTO ${this.db}.schema_versions VALUES (${int(version)}, now())`);
      this.logger.log(`ClickHouse ${v}: schema version ${version} of the database ${this.db} in place`);
    }
    return { major, minor, text: v };
  }
}
