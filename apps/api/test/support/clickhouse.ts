import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@clickhouse/client';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLICKHOUSE, type ClickHouse, type ClickHouseConnection } from '../../src/modules/clicks/clickhouse/clickhouse';

/**
 * The click store of a test service: PostgreSQL, unless the run names ClickHouse in
 * `LINKYARD_CLICKHOUSE`, each service then on a database of its own, dropped with it:
 * - `server`: the run's real server (Debian's 18.16), started by the global setup (clickhouse-server.ts);
 * - `chdb`: a current engine in process, the registry's `chdb` package installed apart (too large for
 *   the workspace) in the folder `CHDB_DIR` (`npm install --prefix $CHDB_DIR chdb`), one data folder per
 *   test process.
 */
export async function clickStoreOfTest(): Promise<{
  env: Record<string, string>;
  connection?: ClickHouseConnection;
  drop(): Promise<void>;
}> {
  const mode = process.env.LINKYARD_CLICKHOUSE;
  if (!mode) return { env: {}, drop: async () => undefined };
  const name = `linkyard_test_${randomBytes(6).toString('hex')}`;
  if (mode === 'chdb') {
    const connection = () => chdbConnection();
    return {
      env: { CLICKHOUSE_URL: `http://chdb.invalid/${name}` },
      connection: connection(),
      drop: async () => {
        const client = createClient({ connection: connection() });
        await client.command({ query: `DROP DATABASE IF EXISTS ${name}` }).catch(() => undefined);
        await client.close();
      },
    };
  }
  const server = process.env.LINKYARD_TEST_CLICKHOUSE;
  if (mode !== 'server' || !server) throw new Error(`LINKYARD_CLICKHOUSE must be server or chdb, got ${mode}`);
  return {
    env: { CLICKHOUSE_URL: `${server}/${name}` },
    drop: async () => {
      await fetch(server, { method: 'POST', body: `DROP DATABASE IF EXISTS ${name}` }).catch(() => undefined);
    },
  };
}

/**
 * A connection to chdb's engine in this process, on this process's data folder (chdb takes one
 * folder per process). Loaded through Node's own require, outside jest's module registry: a native
 * module is loaded once per process.
 */
function chdbConnection(): ClickHouseConnection {
  const dir = process.env.CHDB_DIR;
  if (!dir) throw new Error('LINKYARD_CLICKHOUSE=chdb needs CHDB_DIR, the folder chdb was installed in (npm install --prefix)');
  const load = createRequire(join(dir, 'package.json'));
  const { createChdbConnection } = load('chdb/connection') as { createChdbConnection: (options: { path: string }) => ClickHouseConnection };
  return createChdbConnection({ path: join(process.env.LINKYARD_CHDB_ROOT ?? tmpdir(), `linkyard-chdb-${process.pid}`) });
}

/** A link's raw clicks as stored (a click sent twice counted once): in ClickHouse when the service uses it, else in PostgreSQL. */
export async function rawClickCount(app: INestApplication, linkId: number): Promise<number> {
  const clickhouse = app.get<ClickHouse | null>(CLICKHOUSE);
  if (clickhouse) {
    const [row] = await clickhouse.query<{ count: number }>(
      `SELECT count() AS count FROM (SELECT 1 FROM ${clickhouse.db}.clicks WHERE target = 'link' AND target_id = ${Number(linkId)}
         LIMIT 1 BY at, at_ms, batch_id, seq)`,
    );
    return Number(row!.count);
  }
  const [row] = await app.get(DataSource).query<[{ count: string }]>('SELECT count(*) AS count FROM clicks WHERE link_id = $1', [linkId]);
  return Number(row.count);
}
