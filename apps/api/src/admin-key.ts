import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config/config';

/**
 * `pnpm admin:key`: a new API key for the first admin account, or a new admin account when there
 * is none, printed once: for an operator who lost the key printed at the first start. Runs on the
 * service's own configuration (DATABASE_URL or DATA_DIR). The embedded database can be opened by
 * one process at a time: stop the service first. On PostgreSQL it may run beside the service; the
 * old key stops working at once (with Redis on every instance; without it, within 30 seconds).
 */
async function main(): Promise<void> {
  const config = { ...loadConfig(), logLevel: 'warn' as const, metricsToken: undefined, metricsPort: null, tracing: null };
  const { createApp } = await import('./app');
  const { UsersService } = await import('./modules/users/users.service');
  const linkyard = await createApp(config);
  try {
    const { username, apiKey, created } = await linkyard.app.get(UsersService).resetAdminKey();
    const where = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : `the embedded database in ${resolve(config.dataDir)}`;
    process.stdout.write(
      [
        created
          ? `No admin account existed in ${where}: one was created (username "${username}").`
          : `A new API key for the admin "${username}" in ${where}.`,
        'Its API key, shown only once (the previous one no longer works):',
        '',
        `   ${apiKey}`,
        '',
      ].join('\n'),
    );
  } finally {
    await linkyard.close();
  }
}

main().catch((error: unknown) => {
  console.error(`linkyard admin:key: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
