import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ClickTarget } from '../click';
import { ClicksRepository } from '../clicks.repository';
import { CLICKHOUSE, type ClickHouse } from './clickhouse';
import type { ClickHouseRow } from './clickhouse-reads';
import { allTimeVisitors } from './clickhouse-visitors';

/** How often the counts of the targets clicked since are read at most: a target's unique count trails its clicks by about this. */
const INTERVAL_MS = 1000;
/**
 * The pause after a read, in reads' durations: reads take at most a tenth of the time. A read
 * merges the all-time visitor sets of every target clicked since, so its cost grows with their
 * visitors: read every second regardless, slow reads crowded out the click writer's inserts.
 */
const PAUSE_FACTOR = 9;
/** The longest wait between reads: after failures (1 s, doubling) and after slow reads. */
const RETRY_MAX_MS = 30_000;
/** Targets read in one statement (its text stays far below ClickHouse's limit on a query's size). */
const CHUNK = 5000;
/** Targets waiting at most; past it, new ones wait for their next click (logged). */
const MAX_WAITING = 1_000_000;

/** What marking needs of a raw click's row (clickRows). */
type TouchedRow = Pick<ClickHouseRow, 'target' | 'target_id' | 'bot'>;

/**
 * With ClickHouse, the all-time unique counts PostgreSQL shows on a link, QR code, bio page, block
 * or domain, read apart from the batches: the click writer marks the targets people clicked once a
 * batch is stored, and the counts of all the targets marked since are read here at most once a
 * second, one read at a time, and paused for nine times a read's duration after it (slow reads
 * are of many targets with many visitors, under heavy traffic). Reading them with every batch made
 * the write path pay for every link's whole visitor set (up to 256 kB) with every batch it touched.
 *
 * A count trails the clicks by about a second, by ten times a read's duration when reads are slow
 * (the pause at most 30 s); `settle()` reads what is marked now (the recorder's
 * flush and its clean stop). A read that fails (ClickHouse or PostgreSQL away) puts its targets
 * back, to be read again later. Targets marked when the process ends otherwise are read again at
 * their next click (the whole set is read then).
 */
@Injectable()
export class UniqueCounts implements OnModuleDestroy {
  private readonly logger = new Logger('ClickHouse');
  private waiting = new Map<ClickTarget, Set<number>>();
  private size = 0;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = false;
  private lastDropLog = 0;
  /** When the next read may start (performance.now()): the last one's end and its pause. */
  private nextReadAt = 0;

  constructor(
    @Inject(CLICKHOUSE) private readonly ch: ClickHouse | null,
    @Inject(ClicksRepository) private readonly clicks: ClicksRepository,
  ) {}

  /** Marks the targets of people's clicks in `rows` (bots are never counted) to be read. */
  touched(rows: readonly TouchedRow[]): void {
    if (!this.ch || this.stopped) return;
    let dropped = 0;
    for (const row of rows) if (!row.bot && !this.mark(row.target, row.target_id)) dropped += 1;
    if (dropped > 0 && Date.now() - this.lastDropLog > 10_000) {
      this.lastDropLog = Date.now();
      this.logger.warn(`${MAX_WAITING.toLocaleString('en')} targets wait for their unique counts: the others wait for their next click`);
    }
    if (this.size > 0 && !this.running) this.schedule(this.pause());
  }

  /** Reads and writes the counts of every target marked until now (done when it is, or when that failed). */
  async settle(): Promise<void> {
    // Another settle() may have started the next read meanwhile: wait for it too.
    while (this.running) await this.running;
    this.clearTimer();
    if (this.size > 0) await this.run();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private schedule(ms: number): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, ms);
    this.timer.unref();
  }

  /** The wait before the next read: a second, or longer while the last read's pause lasts. */
  private pause(): number {
    return Math.max(INTERVAL_MS, this.nextReadAt - performance.now());
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private run(): Promise<void> {
    this.running ??= this.refresh().finally(() => {
      this.running = null;
      if (this.size > 0) this.schedule(this.failures > 0 ? Math.min(RETRY_MAX_MS, INTERVAL_MS * 2 ** (this.failures - 1)) : this.pause());
    });
    return this.running;
  }

  private async refresh(): Promise<void> {
    const ch = this.ch;
    if (!ch) return;
    const taken = this.waiting;
    this.waiting = new Map();
    this.size = 0;
    const chunks: [ClickTarget, number[]][] = [];
    for (const [target, set] of taken) {
      const ids = [...set];
      for (let from = 0; from < ids.length; from += CHUNK) chunks.push([target, ids.slice(from, from + CHUNK)]);
    }
    let done = 0;
    const started = performance.now();
    try {
      for (const [target, ids] of chunks) {
        const counts = await allTimeVisitors(ch, target, ids);
        // Targets whose rows a batch holds now (never waited for) are read again next time.
        for (const id of await this.clicks.writeUniques(target, counts)) this.mark(target, id);
        done += 1;
      }
      this.failures = 0;
      const ended = performance.now();
      this.nextReadAt = ended + Math.min(RETRY_MAX_MS, PAUSE_FACTOR * (ended - started));
    } catch (error) {
      // What was not written waits for the next read, with what was marked meanwhile.
      for (const [target, ids] of chunks.slice(done)) for (const id of ids) this.mark(target, id);
      this.failures += 1;
      if (!this.stopped) this.logger.warn(`Unique counts not read from ClickHouse yet (tried again later): ${(error as Error).message}`);
    }
  }

  /** Marks one target; false when the bound kept it out. */
  private mark(target: ClickTarget, id: number): boolean {
    let set = this.waiting.get(target);
    if (!set) this.waiting.set(target, (set = new Set()));
    if (set.has(id)) return true;
    if (this.size >= MAX_WAITING) return false;
    set.add(id);
    this.size += 1;
    return true;
  }
}
