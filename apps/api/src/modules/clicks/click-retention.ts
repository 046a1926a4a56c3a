import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { ClicksRepository } from './clicks.repository';
import { CLICKHOUSE, type ClickHouse } from './clickhouse/clickhouse';
import { ClickHouseRetention } from './clickhouse/clickhouse-retention';

const RUN_EVERY_MS = 10 * 60_000;
/** Rows deleted by one statement, and statements per run at most: a run never holds the database long. */
const RETENTION_BATCH = 10_000;
const MAX_BATCHES_PER_RUN = 100;
/** How long the visitor keys of an hour are kept to count its unique visitors (late batches included). */
const HOUR_VISITORS_KEPT_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;
/**
 * Deleted targets handled by one pass (one delete per table for all of them: an account's links go
 * in a few), and how long after a delete (the writer no longer sends a deleted target's clicks; an
 * insert under way when it was deleted has landed by then).
 */
const PURGE_BATCH = 10_000;
const PURGE_AFTER_MS = 60_000;
/** Months given a table ahead of the current one (UTC), so a click never waits for one to be made. */
const MONTHS_AHEAD = 2;

/** The first instant (UTC) of the month `offset` months from the one of `time`. */
const monthOf = (time: number, offset = 0): Date => {
  const date = new Date(time);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
};

/**
 * Housekeeping of the click tables, at start and every ten minutes on each instance (each step is
 * harmless twice): raw clicks are kept in a table per month (UTC), and the current month and the
 * two after it are given theirs ahead; the visitor keys of hours long past are deleted (they only
 * serve to count an hour's unique visitors while its clicks land); and with CLICK_RETENTION_DAYS
 * the raw clicks older than that go, the months wholly past it as whole tables, the rest in bounded
 * batches. Totals, top lists and the hourly rollups are never touched, so the statistics stay what
 * they were. With ClickHouse the raw clicks there are the ones kept CLICK_RETENTION_DAYS (see
 * ClickHouseRetention).
 */
@Injectable()
export class ClickRetention implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ClickRetention.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<{ clicks: number; hourVisitors: number; monthsAdded: number; monthsDropped: number }> | null = null;
  private readonly clickhouse: ClickHouseRetention | null;

  constructor(
    @Inject(ClicksRepository) private readonly clicks: ClicksRepository,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(CLICKHOUSE) clickhouse: ClickHouse | null,
  ) {
    this.clickhouse = clickhouse ? new ClickHouseRetention(clickhouse) : null;
  }

  onModuleInit(): void {
    const run = () => {
      this.run().catch((error: unknown) => this.logger.warn(`Click housekeeping failed, tried again later: ${(error as Error).message}`));
    };
    this.timer = setInterval(run, RUN_EVERY_MS);
    this.timer.unref();
    setImmediate(() => {
      if (this.timer) run();
    });
  }

  /** Stops the timer, and waits for a pass under way (its statements have the database's time limit). */
  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One pass (also called by tests); what it deleted. Concurrent calls share the pass. */
  run(): Promise<{ clicks: number; hourVisitors: number; monthsAdded: number; monthsDropped: number }> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<{ clicks: number; hourVisitors: number; monthsAdded: number; monthsDropped: number }> {
    const now = this.clock.now();
    let monthsAdded = 0;
    for (let offset = 0; offset <= MONTHS_AHEAD; offset += 1) if (await this.clicks.addMonth(monthOf(now, offset))) monthsAdded += 1;
    const hourVisitors = await this.deleteInBatches('click_hour_visitors', 'hour', new Date(now - HOUR_VISITORS_KEPT_MS));
    const days = this.config.clickRetentionDays;
    let clicks = 0;
    let monthsDropped = 0;
    if (days !== null) {
      const before = new Date(now - days * DAY_MS);
      // ClickHouse away leaves its raw clicks for the next pass, not PostgreSQL's.
      if (this.clickhouse) {
        ({ clicks, monthsDropped } = await this.clickhouse.deleteOlder(before, now).catch((error: Error) => {
          this.logger.warn(`The retention of ClickHouse's raw clicks failed, tried again later: ${error.message}`);
          return { clicks: 0, monthsDropped: 0 };
        }));
      }
      // Months that end before the limit go whole; the rest of the way, row by row.
      for (const month of await this.clicks.months()) {
        if (monthOf(month.getTime(), 1).getTime() > before.getTime()) break;
        await this.clicks.dropMonth(month);
        monthsDropped += 1;
      }
      clicks += await this.deleteInBatches('clicks', 'created_at', before);
    }
    await this.purgeDeleted(now);
    if (clicks > 0 || monthsDropped > 0)
      this.logger.log(
        `Deleted the raw clicks older than ${days} days (CLICK_RETENTION_DAYS): ${monthsDropped} whole months, and ${clicks} clicks.`,
      );
    return { clicks, hourVisitors, monthsAdded, monthsDropped };
  }

  /**
   * The clicks of deleted links, QR codes, bio pages, buttons and domains: PostgreSQL's went with
   * them; ClickHouse's are deleted here, in batches a minute old, once a day per instance (each
   * delete rewrites the tables' parts) but for a backlog past one batch, which goes on at the next
   * passes. Without ClickHouse the notes are only cleared.
   */
  private async purgeDeleted(now: number): Promise<void> {
    if (!this.clickhouse) {
      for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
        const due = await this.clicks.purgesDue(new Date(now), RETENTION_BATCH);
        if (due.length > 0) await this.clicks.forgetPurges(due.map((row) => row.id));
        if (due.length < RETENTION_BATCH) break;
      }
      return;
    }
    if (now - this.lastPurge < DAY_MS) return;
    const due = await this.clicks.purgesDue(new Date(now - PURGE_AFTER_MS), PURGE_BATCH);
    if (due.length === 0) return;
    const purged = await this.clickhouse.purge(due).catch((error: Error) => {
      this.logger.warn(`Deleting the clicks of deleted links from ClickHouse failed, tried again later: ${error.message}`);
      return false;
    });
    if (!purged) return;
    await this.clicks.forgetPurges(due.map((row) => row.id));
    // A full batch: more are waiting, for the next pass rather than the next day.
    if (due.length < PURGE_BATCH) this.lastPurge = now;
    this.logger.log(`Asked ClickHouse to delete the clicks of ${due.length} deleted links, QR codes, bio pages or domains.`);
  }

  private lastPurge = 0;

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
