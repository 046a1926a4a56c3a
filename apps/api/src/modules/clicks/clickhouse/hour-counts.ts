import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CLICKHOUSE, type ClickHouse } from './clickhouse';
import { COUNT_BATCH, countSettledHours, settledAfter, type ClickHouseRow } from './clickhouse-reads';
import { int } from './clickhouse-sql';

/** How often the hours clicked since are looked at: an hour settles a minute or more after its last click. */
const INTERVAL_MS = 60_000;
/** Hours looked at in one statement (their keys are its text). */
const CHUNK = 5000;
/** Hours waiting at most; past it, new ones are counted by their first read instead (logged). */
const MAX_WAITING = 200_000;

/** How far back a sweep looks for hours left uncounted, and how often it runs (the first a settle time after start). */
const SWEEP_HOURS = 48;
const SWEEP_EVERY_MS = 3_600_000;

/** What marking needs of a raw click's row (clickRows). */
type TouchedRow = Pick<ClickHouseRow, 'target' | 'target_id' | 'at' | 'bot'>;

/**
 * With ClickHouse, each hour people clicked is counted once it settles, in the background: the
 * click writer marks the hours of its batches, and once a minute those whose last click is settled
 * are counted (ClickHouseReads reads a counted hour from one row). Without it, an hour is counted
 * by the first read that finds it, and the first read of a year of a link with millions of clicks
 * whose statistics nobody opened counted every hour at once, past the read's time limit (503).
 *
 * Hours not settled yet wait for the next look; those counted meanwhile (by a read, or another
 * instance) are dropped. A look that fails (ClickHouse away) keeps its hours for the next one.
 *
 * Hours marked when a process ends (an instance stopped before its minute, or past the bound) are
 * left to a sweep: a settle time after start, then once an hour, each instance counts every settled
 * hour of the last two days not counted yet, whoever marked it. Older ones are counted by their
 * first read.
 */
@Injectable()
export class HourCounts implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ClickHouse');
  private waiting = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private lastDropLog = 0;

  constructor(@Inject(CLICKHOUSE) private readonly ch: ClickHouse | null) {}

  /** Marks the hours of people's clicks in `rows` (`target:id:hour`, the hour in unix seconds). */
  touched(rows: readonly TouchedRow[]): void {
    if (!this.ch || this.stopped) return;
    let dropped = 0;
    let last = '';
    for (const row of rows) {
      if (row.bot) continue;
      const key = `${String(row.target)}:${String(row.target_id)}:${String(Number(row.at) - (Number(row.at) % 3600))}`;
      // A hot link's clicks follow each other in a batch: often the key just seen.
      if (key === last || this.waiting.has(key)) continue;
      last = key;
      if (this.waiting.size >= MAX_WAITING) dropped += 1;
      else this.waiting.add(key);
    }
    if (dropped > 0 && Date.now() - this.lastDropLog > 60_000) {
      this.lastDropLog = Date.now();
      this.logger.warn(`${MAX_WAITING.toLocaleString('en')} hours wait to be counted: the others are counted at their first read`);
    }
    if (this.waiting.size > 0 && !this.timer && !this.running) this.schedule();
  }

  /** Counts the settled hours marked until now (tests; the timer's work, now). */
  async count(): Promise<void> {
    while (this.running) await this.running;
    this.clearTimer();
    await this.run();
  }

  onApplicationBootstrap(): void {
    if (this.ch) this.scheduleSweep(settledAfter(this.ch) * 1000 + 5000);
  }

  onModuleDestroy(): void {
    this.stopped = true;
    this.clearTimer();
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
  }

  /** Counts the settled hours of the last SWEEP_HOURS not counted yet, whoever marked them; how many. */
  async sweep(): Promise<number> {
    const ch = this.ch;
    if (!ch) return 0;
    const from = Math.floor(Date.now() / 3_600_000 - SWEEP_HOURS) * 3600;
    const range = `hour >= toDateTime(${int(from)}, 'UTC')`;
    let counted = 0;
    for (;;) {
      const pass = await countSettledHours(ch, range);
      counted += pass.counted;
      // Fewer than a pass takes: every settled hour of the span is counted.
      if (pass.counted < COUNT_BATCH || this.stopped) return counted;
    }
  }

  private scheduleSweep(ms: number): void {
    if (this.stopped) return;
    this.sweepTimer = setTimeout(() => {
      this.sweepTimer = null;
      void this.sweep()
        .then((counted) => {
          if (counted > 0) this.logger.log(`${counted.toLocaleString('en')} hours left uncounted were counted`);
        })
        .catch((error: unknown) => {
          if (!this.stopped) this.logger.warn(`Hours left uncounted not swept (tried again in an hour): ${(error as Error).message}`);
        })
        .finally(() => this.scheduleSweep(SWEEP_EVERY_MS));
    }, ms);
    this.sweepTimer.unref?.();
  }

  private schedule(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, INTERVAL_MS);
    this.timer.unref?.();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private run(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.look()
      .catch((error: unknown) => this.logger.warn(`Hours not counted (tried again in a minute): ${(error as Error).message}`))
      .finally(() => {
        this.running = null;
        if (this.waiting.size > 0) this.schedule();
      });
    return this.running;
  }

  /** Each chunk of the hours waiting: the settled ones counted, the others kept, those counted meanwhile dropped. */
  private async look(): Promise<void> {
    const ch = this.ch;
    if (!ch) return;
    const keys = [...this.waiting];
    for (let from = 0; from < keys.length && !this.stopped; from += CHUNK) {
      const chunk = keys.slice(from, from + CHUNK);
      const hours = chunk.map((key) => Number(key.slice(key.lastIndexOf(':') + 1)));
      // The partitions of those hours alone (by month).
      const range = `hour >= toDateTime(${int(Math.min(...hours))}, 'UTC') AND hour <= toDateTime(${int(Math.max(...hours))}, 'UTC')`;
      const { unsettled } = await countSettledHours(ch, range, chunk);
      const keep = new Set(unsettled);
      for (const key of chunk) if (!keep.has(key)) this.waiting.delete(key);
    }
  }
}
