import { mkdtempSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { EmbeddedPostgres } from '../../src/database/embedded-postgres';
import { StartupLock } from '../../src/database/migrate';
import { ClickHouseServer } from './clickhouse-server';

/**
 * Once per run, on the embedded database: migrate a fresh one and dump it, so every test service
 * starts from the dump (half a second) instead of creating and migrating its own (two).
 */
export default async function globalSetup(): Promise<void> {
  // LINKYARD_CLICKHOUSE=server: the run's services keep their clicks in one real ClickHouse server
  // (Debian's), started here and stopped by the teardown; each service on a database of its own.
  if (process.env.LINKYARD_CLICKHOUSE === 'server') {
    const server = await ClickHouseServer.start();
    (globalThis as { linkyardClickHouse?: ClickHouseServer }).linkyardClickHouse = server;
    process.env.LINKYARD_TEST_CLICKHOUSE = server.url;
  }
  // LINKYARD_CLICKHOUSE=chdb: each test process's engine keeps its data in a folder under this one.
  if (process.env.LINKYARD_CLICKHOUSE === 'chdb') process.env.LINKYARD_CHDB_ROOT = mkdtempSync(join(tmpdir(), 'linkyard-chdb-'));
  if (process.env.DATABASE_URL) return;
  const embedded = await EmbeddedPostgres.start('memory://');
  try {
    const lock = await StartupLock.migrate(embedded.connection);
    await lock.release();
    // The template databases serve CREATE DATABASE, which no test service runs: without them the
    // dump holds one database instead of three, a third of the files each service unpacks.
    const client = new Client({ ...embedded.connection, user: embedded.connection.username });
    await client.connect();
    try {
      for (const template of ['template0', 'template1']) {
        await client.query(`ALTER DATABASE ${template} IS_TEMPLATE false`);
        await client.query(`DROP DATABASE ${template}`);
      }
      await client.query('CHECKPOINT');
    } finally {
      await client.end();
    }
    const path = join(tmpdir(), `linkyard-test-seed-${process.pid}.tar`);
    await writeFile(path, Buffer.from(await (await embedded.dump()).arrayBuffer()));
    process.env.LINKYARD_TEST_SEED = path;
  } finally {
    await embedded.stop();
  }
}
