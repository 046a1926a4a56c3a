import { rm } from 'node:fs/promises';
import type { ClickHouseServer } from './clickhouse-server';

export default async function globalTeardown(): Promise<void> {
  if (process.env.LINKYARD_TEST_SEED) await rm(process.env.LINKYARD_TEST_SEED, { force: true });
  await (globalThis as { linkyardClickHouse?: ClickHouseServer }).linkyardClickHouse?.destroy();
  if (process.env.LINKYARD_CHDB_ROOT) await rm(process.env.LINKYARD_CHDB_ROOT, { recursive: true, force: true });
}
