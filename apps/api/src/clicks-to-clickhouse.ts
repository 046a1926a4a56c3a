import { ConfigError, loadConfig } from './config/config';

/**
 * `pnpm clicks:to-clickhouse`: copies the clicks PostgreSQL holds into ClickHouse, for an
 * installation that has just set CLICKHOUSE_URL (from then on PostgreSQL gets no new raw clicks nor
 * rollups). Run it once the service runs with ClickHouse, beside it (on PostgreSQL) or with it
 * stopped (the embedded database: one process at a time). It prints its progress; stopped, it goes
 * on from where it was when run again; at the end it compares the counts of both and exits 1 when
 * they differ.
 */
async function main(): Promise<void> {
  const config = { ...loadConfig(), logLevel: 'warn' as const, metricsToken: undefined, metricsPort: null, tracing: null };
  if (!config.clickhouseUrl) throw new ConfigError('CLICKHOUSE_URL', 'is not set: it names the ClickHouse to copy the clicks into');
  const { createApp } = await import('./app');
  const { copyClicksToClickHouse } = await import('./modules/clicks/clickhouse/clickhouse-copy.command');
  const linkyard = await createApp(config);
  try {
    const same = await copyClicksToClickHouse(
      linkyard.app,
      (line) => process.stderr.write(`${line}\n`),
      (line) => process.stdout.write(`${line}\n`),
    );
    if (!same) process.exitCode = 1;
  } finally {
    await linkyard.close();
  }
}

main().catch((error: unknown) => {
  console.error(`linkyard clicks:to-clickhouse: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
