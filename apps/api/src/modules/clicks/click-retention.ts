import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { ClicksRepository } from './clicks.repository';

const RUN_EVERY_MS = 10 * 60_000;
/** Rows deleted by one statement, and statements per run at most: a run never holds the database long. */
const RETENTION_BATCH = 10_000;
const MAX_BATCHES_PER_RUN = 100;
/** How long the visitor keys of an hour are kept to count its unique visitors (late batches included). */
const HOUR_VISITORS_KEPT_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Housekeeping of the click tables, every ten minutes on each instance (deleting the same old rows
 * twice is harmless): the visitor keys of hours long past (they only serve to count an hour's
 * unique visitors while its clicks land), and with CLICK_RETENTION_DAYS the raw clicks older than
 * that, in bounded batches. Totals, top lists and the hourly rollups are never touched, so the
 * statistics stay what they were.
 */
@Injectable()
export class ClickRetention implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ClickRetention.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<{ clicks: number; hourVisitors: number }> | null = null;

  constructor(
    @Inject(ClicksRepository) private readonly clicks: ClicksRepository,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.run().catch((error: unknown) => this.logger.warn(`Click housekeeping failed, tried again later: ${(error as Error).message}`));
    }, RUN_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass (also called by tests); what it deleted. Concurrent calls share the pass. */
  run(): Promise<{ clicks: number; hourVisitors: number }> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<{ clicks: number; hourVisitors: number }> {
    const now = this.clock.now();
    const hourVisitors = await this.deleteInBatches('click_hour_visitors', 'hour', new Date(now - HOUR_VISITORS_KEPT_MS));
    const days = this.config.clickRetentionDays;
    const clicks = days === null ? 0 : await this.deleteInBatches('clicks', 'created_at', new Date(now - days * DAY_MS));
    if (clicks > 0) this.logger.log(`Deleted ${clicks} raw clicks older than ${days} days (CLICK_RETENTION_DAYS).`);
    return { clicks, hourVisitors };
  }

  private async deleteInBatches(table: 'clicks' | 'click_hour_visitors', column: string, before: Date): Promise<number> {
    let deleted = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
      const count = await this.clicks.deleteOlder(table, column, before, RETENTION_BATCH);
      deleted += count;
      if (count < RETENTION_BATCH) break;
    }
    return deleted;
  }
}
