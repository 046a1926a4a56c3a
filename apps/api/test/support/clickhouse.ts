import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLICKHOUSE, type ClickHouse, type ClickHouseConnection } from '../../src/modules/clicks/clickhouse/clickhouse';

/**
 * The click store of a test service. PostgreSQL unless the run names ClickHouse: `LINKYARD_TEST_CLICKHOUSE`
 * a server's HTTP address (the run's own, started by the global setup, see clickhouse-server.ts),
 * each service then on a database of its own, dropped with it.
 */
export async function clickStoreOfTest(): Promise<{
  env: Record<string, string>;
  connection?: ClickHouseConnection;
  drop(): Promise<void>;
}> {
  const server = process.env.LINKYARD_TEST_CLICKHOUSE;
  if (!server) return { env: {}, drop: async () => undefined };
  const name = `linkyard_test_${randomBytes(6).toString('hex')}`;
  return {
    env: { CLICKHOUSE_URL: `${server}/${name}` },
    drop: async () => {
      if (!process.env.KEEP) await fetch(server, { method: 'POST', body: `DROP DATABASE IF EXISTS ${name}` }).catch(() => undefined);
    },
  };
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
