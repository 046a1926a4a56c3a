import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';

let seed: Blob | undefined;

/** The migrated embedded database that global-setup dumped, read once per worker. */
function migratedSeed(): Blob | undefined {
  const path = process.env.LINKYARD_TEST_SEED;
  if (!path) return undefined;
  seed ??= new Blob([readFileSync(path)]);
  return seed;
}

/**
 * Puts the migrated database in an empty folder, as the service would leave it after its first
 * start there (which takes seconds: a process of its own makes the database, then the migrations
 * run). Tests of the first start itself run the built service on a folder of their own.
 */
export function seedFolder(folder: string): void {
  const path = process.env.LINKYARD_TEST_SEED;
  if (!path || existsSync(join(folder, 'PG_VERSION'))) return;
  execFileSync('tar', ['-xf', path, '-C', folder], { stdio: 'pipe' });
}

/**
 * A database of its own for one test file: on Postgres (DATABASE_URL set) a new database that is
 * dropped afterwards, so files can run in parallel; otherwise a throw-away embedded one.
 */
export async function createTestDatabase(): Promise<{ env: Record<string, string>; seed?: Blob; drop(): Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return { env: { DATA_DIR: 'memory://' }, seed: migratedSeed(), drop: async () => undefined };

  const name = `linkyard_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    async drop() {
      const client = new Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
