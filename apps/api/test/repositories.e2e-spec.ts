import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DataSource, type QueryRunner } from 'typeorm';
import { sqlExamplesOf, type SqlFixtures } from '../src/database/sql';
import { WriteEvents, type WriteEvent, type WriteKind } from '../src/database/write-events';
import { CLICKS_ONLY } from '../src/modules/clicks/click';
import { useApi } from './support/app';
import { sqlFixtures } from './support/sql-fixtures';

/**
 * Every repository method, called with its examples (`@Sql`) on a real database: the statements
 * each sends are written in the `.sql` file beside its repository (`SQL_WRITE=1 pnpm --filter
 * @linkyard/api exec jest test/repositories` rewrites them; CI fails when one is stale), and a
 * method that writes what the caches hold must announce it (WriteEvents).
 */

const SRC = join(__dirname, '..', 'src');
const WRITE = process.env.SQL_WRITE === '1';

/** The tables whose writes the caches must hear of, and the events that say so. */
const ANNOUNCED: Record<string, WriteKind[]> = {
  links: ['link'],
  link_pixels: ['link', 'page'],
  domains: ['domain'],
  qr_codes: ['qr'],
  campaigns: ['campaign'],
  bio_pages: ['bio'],
  pixels: ['page'],
  splash_pages: ['page'],
  overlays: ['page'],
  users: ['key', 'account'],
  workspace_members: ['account'],
  workspace_keys: ['key'],
};

/**
 * Whether a statement was sent in a click batch's transaction (marked CLICKS_ONLY): it changes
 * only the counters of the records the caches hold (clicks, scans, visits), so it announces nothing.
 */
const clicksOnly = (runner: QueryRunner | undefined) => Boolean(runner?.data?.[CLICKS_ONLY]);

/** The classes a repository file exports. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the files are found at run time
const exportsOf = (file: string): unknown[] => Object.values(require(file) as Record<string, unknown>);

function repositoryFiles(folder = SRC): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return repositoryFiles(path);
    return entry.name.endsWith('.repository.ts') ? [path] : [];
  });
}

/** A statement as the file shows it: its lines trimmed, blank ones dropped. */
const tidy = (sql: string) =>
  sql
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

/** The tables a statement writes. */
function writtenTables(sql: string): string[] {
  return [...sql.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([a-z_]+)"?/gi)].map((match) => match[1]!.toLowerCase());
}

describe('the repositories', () => {
  const api = useApi();
  const files = repositoryFiles();
  let fixtures: SqlFixtures;
  const written = new Map<string, string[]>();
  const unannounced: string[] = [];

  beforeAll(async () => {
    fixtures = await sqlFixtures(api);
    const dataSource = api.linkyard.app.get(DataSource);
    const events = api.linkyard.app.get(WriteEvents);
    const original = dataSource.logger;
    let statements: { sql: string; clicksOnly: boolean }[] = [];
    // Only what the call sends: the service's own background work (the webhook dispatcher's polls,
    // the click writer) runs outside the call's async context and is left out.
    const inCall = new AsyncLocalStorage<true>();
    dataSource.logger = new Proxy(original, {
      get(target, name, receiver) {
        if (name === 'logQuery') {
          return (query: string, _parameters: unknown, runner?: QueryRunner) =>
            inCall.getStore() && statements.push({ sql: tidy(query), clicksOnly: clicksOnly(runner) });
        }
        return Reflect.get(target, name, receiver) as unknown;
      },
    });
    const announced: WriteEvent[] = [];
    const untap = events.tap((event) => announced.push(event));
    try {
      // The methods that delete run last, so the records the others use are there.
      const calls = files.flatMap((file) =>
        exportsOf(file).flatMap((exported) => {
          if (typeof exported !== 'function') return [];
          const repository = api.linkyard.app.get<unknown, object>(exported, { strict: false });
          return sqlExamplesOf(repository).flatMap(([method, examples]) =>
            examples.map((example, index) => ({ file, repository, name: `${exported.name}.${method}`, method, example, index })),
          );
        }),
      );
      const ordered = [
        ...calls.filter((call) => !/^(delete|remove)/.test(call.method)),
        ...calls.filter((call) => /^(delete|remove)/.test(call.method)),
      ];
      for (const call of ordered) {
        statements = [];
        announced.length = 0;
        const run = (call.repository as Record<string, (...args: unknown[]) => Promise<unknown>>)[call.method]!;
        await inCall.run(true, () => run.apply(call.repository, call.example(fixtures)));
        const lines = written.get(call.file) ?? [];
        lines.push(
          `-- ${call.name}${call.index > 0 ? ` (example ${call.index + 1})` : ''}`,
          ...statements.map((statement) => `${statement.sql};`),
          '',
        );
        written.set(call.file, lines);
        for (const table of statements.flatMap((statement) => (statement.clicksOnly ? [] : writtenTables(statement.sql)))) {
          const kinds = ANNOUNCED[table];
          if (kinds && !announced.some((event) => kinds.includes(event.kind)))
            unannounced.push(`${call.name} writes ${table} without announcing ${kinds.join(' or ')}`);
        }
      }
    } finally {
      untap();
      dataSource.logger = original;
    }
  }, 120_000);

  it('have every public method marked with examples (@Sql)', () => {
    const unmarked = files.flatMap((file) =>
      exportsOf(file).flatMap((exported) => {
        if (typeof exported !== 'function') return [];
        const marked = new Set(sqlExamplesOf(Object.create(exported.prototype as object) as object).map(([method]) => method));
        return Object.getOwnPropertyNames(exported.prototype)
          .filter((name) => name !== 'constructor' && typeof (exported.prototype as Record<string, unknown>)[name] === 'function')
          .filter((name) => !marked.has(name))
          .map((name) => `${exported.name}.${name}`);
      }),
    );
    expect(unmarked).toEqual([]);
  });

  it('announce every write of what the caches hold', () => {
    expect(unannounced).toEqual([]);
  });

  it.each(files.map((file) => [relative(SRC, file)]))('%s: its .sql file holds the statements it sends', (name) => {
    const file = join(SRC, name);
    const sqlFile = file.replace(/\.ts$/, '.sql');
    const text = [
      `-- The statements of ${name.split('/').pop()}, method by method, as test/repositories.e2e-spec.ts`,
      '-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.',
      '',
      ...(written.get(file) ?? []),
    ].join('\n');
    if (WRITE) writeFileSync(sqlFile, text);
    expect(existsSync(sqlFile) ? readFileSync(sqlFile, 'utf8') : '(missing)').toBe(text);
  });
});
