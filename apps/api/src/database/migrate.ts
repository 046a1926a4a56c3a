import type { DataSource, QueryRunner } from 'typeorm';
import { isEmbedded, openMaintenance, type DatabaseTarget } from './data-source';

// Any constant shared by every instance: the advisory lock that lets one instance start at a time.
const STARTUP_LOCK = 7_351_001;

/**
 * The part of a start that must happen once however many instances start together: pending
 * migrations (each in its own transaction), then what the caller does before `release` (the
 * admin bootstrap). On Postgres this runs under an advisory lock held on a connection of its own,
 * without the service's query time limit (a migration may take long); instances take turns. The
 * embedded database belongs to one process and has one connection, which is given back at once.
 */
export class StartupLock {
  private constructor(
    private readonly dataSource: DataSource,
    private readonly runner: QueryRunner | null,
  ) {}

  static async migrate(target: DatabaseTarget): Promise<StartupLock> {
    const dataSource = await openMaintenance(target);
    if (isEmbedded(target)) {
      try {
        await dataSource.runMigrations({ transaction: 'each' });
      } finally {
        await dataSource.destroy();
      }
      return new StartupLock(dataSource, null);
    }
    const runner = dataSource.createQueryRunner();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
      await dataSource.runMigrations({ transaction: 'each' });
    } catch (error) {
      await runner.release().catch(() => undefined);
      await dataSource.destroy().catch(() => undefined);
      throw error;
    }
    return new StartupLock(dataSource, runner);
  }

  async release(): Promise<void> {
    if (!this.runner) return;
    await this.runner.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    await this.runner.release().catch(() => undefined);
    await this.dataSource.destroy().catch(() => undefined);
  }
}
