import { ConfigError, loadConfig, type Config } from './config/config';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Tracing patches `http` and `pg` as they load: it starts before the service's modules are
  // loaded, and without an endpoint its SDK is never loaded at all.
  const tracing = config.tracing ? (await import('./tracing')).startTracing(config.tracing) : null;
  const { createApp } = await import('./app');
  const linkyard = await createApp(config);
  await linkyard.app.listen({ port: config.port, host: config.host });
  const database = config.databaseUrl ? 'Postgres (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`Linkyard listening on ${config.host}:${config.port} — public address ${config.publicUrl}, database: ${database}`);
  console.log(`API: ${config.publicUrl}/l/api   reference: ${config.publicUrl}/l/api/docs`);
  if (linkyard.createdAdminKey) {
    console.log(
      [
        '',
        '============================================================',
        ' An admin account was created. Its API key, shown only once:',
        '',
        `   ${linkyard.createdAdminKey}`,
        '',
        ' Keep it secret. Rotate it with POST /l/api/account/apikey/rotate.',
        '============================================================',
        '',
      ].join('\n'),
    );
  }

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then stopping.`);
    try {
      await linkyard.close();
      // The last spans go out before the process ends, unless the collector is slow to take them.
      if (tracing) await Promise.race([tracing.shutdown(), new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
      process.exit(0);
    } catch (error) {
      console.error('Unclean stop:', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Linkyard could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
