import type { DataSource } from 'typeorm';

// Any constant shared by every instance: the advisory lock that lets one instance migrate at a time.
const MIGRATION_LOCK = 7_351_001;

/**
 * Runs pending migrations, each in its own transaction. On Postgres several instances may start
 * together, so they take turns under an advisory lock; the embedded database has one process.
 */
export async function runMigrations(dataSource: DataSource, embedded: boolean): Promise<void> {
  if (embedded) {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}
