import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock';
import type { Click } from './click';
import type { ClickSpool } from './click-spool';

const FLUSH_INTERVAL_MS = 1000;
/** Clicks written in one transaction. */
export const MAX_BATCH = 2000;
/**
 * Clicks per batch at most with ClickHouse as the click store: one insert each, and the fewer parts
 * its tables get, the less merging (see docs/scaling.md). Below 65,536: a click's place in its batch
 * is ClickHouse's `seq UInt16`.
 */
export const CLICKHOUSE_BATCH = 50_000;
/** Waits between attempts while the database refuses writes: doubling from 1 s to 30 s. */
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;
const DROP_LOG_INTERVAL_MS = 10_000;

/**
 * What writes a batch (ClickWriter, in the service): one transaction, which takes the whole batch
 * or fails and writes nothing. A spooled batch comes with its id, so that it is never written twice.
 * Every batch has an id (`batchId`) given when it is cut and kept through retries and the spool: a
 * store that may have taken a batch whose answer was lost (ClickHouse) counts it once by it.
 */
export interface ClickBatchWriter {
  write(batch: Click[], spoolId: string | null, batchId: string): Promise<void>;
  /**
   * Starts the part of writing a queued batch that a store takes twice as once (ClickHouse's insert),
   * while the batch before it is still being written; its write() then waits for that part instead
   * of doing it (a failure there fails that attempt, retried as any). Never throws.
   */
  prepare?(batch: Click[], batchId: string): void;
  /** What the writer does after its batches (the unique counts ClickHouse reads apart), done; never rejects. */
  settle?(): Promise<void>;
}

/** A batch of clicks and its id (`clicks-<ms>-<uuid>`, the spool's file name when it goes there). */
export interface ClickBatch {
  id: string;
  clicks: Click[];
}

export const newBatchId = (): string => `clicks-${Date.now()}-${randomUUID()}`;

export const CLICK_BATCH_WRITER = Symbol('CLICK_BATCH_WRITER');

/** Where batches go past the memory bound (ClickSpool): what the recorder uses of it. */
export type ClickOverflow = Pick<ClickSpool, 'size' | 'put' | 'take'>;

/** Where the recorder stands, for /healthz and the logs. */
export interface ClickRecorderState {
  /** Clicks held in memory, not yet written. */
  buffered: number;
  /** Batches of clicks on disk (see ClickSpool), not yet written. */
  spooledBatches: number;
  /** Clicks lost since the start: the memory and disk bounds were both reached. */
  dropped: number;
  /** Since when writes fail (ISO time), or null while they succeed. */
  failingSince: string | null;
  lastError: string | null;
}

/** Totals since the start and the oldest click held: what the metrics and `/readyz` read. */
export interface ClickRecorderProgress {
  /** Clicks held in memory, not yet written. */
  buffered: number;
  /** Clicks in batches the database committed. */
  written: number;
  /** Clicks put in the disk spool (memory bound reached, or a stop without database). */
  spooled: number;
  dropped: number;
  spooledBatches: number;
  /** The time (the service clock's) of the oldest click held in memory; null when none is. */
  oldestBufferedAt: number | null;
  /** Since when writes have failed (the service clock's time); null while they succeed. */
  failingSince: number | null;
}

export interface ClickRecorderOptions {
  /** Clicks held in memory at most; past it, whole batches go to the spool (or are dropped). */
  bufferLimit: number;
  /**
   * Clicks per batch at most (MAX_BATCH when not given; never past bufferLimit). ClickHouse takes
   * larger inserts much faster per click (CLICKHOUSE_BATCH), PostgreSQL's row per click does not.
   */
  batchSize?: number;
  /** Disk overflow; null: none (past the memory bound clicks are dropped). */
  spool: ClickOverflow | null;
}

export const CLICK_RECORDER_OPTIONS = Symbol('CLICK_RECORDER_OPTIONS');

/**
 * Clicks are recorded off the response path: the redirect only appends to a batch in memory.
 * Full batches queue up; the batch writer (ClickBatchWriter) takes them in order, one at a time,
 * every second or as soon as a batch is full (a writer may start on the next batch meanwhile: see
 * ClickBatchWriter.prepare). The recorder holds no SQL. When the database
 * refuses, the writer waits (1 s, doubling to 30 s) and retries the oldest batch alone: new clicks
 * never trigger a retry of everything held. Memory is bounded: past `bufferLimit` clicks, the
 * oldest full batches go to the disk spool, and only past the spool's bound are clicks dropped,
 * counted and logged. A clean stop writes what it can and spools the rest; batches from the spool
 * are written once each (their ids are recorded in the same transaction).
 */
@Injectable()
export class ClickRecorder implements OnModuleInit {
  private readonly logger = new Logger(ClickRecorder.name);
  /** The batch being filled. */
  private pending: Click[] = [];
  /** Full batches waiting for the writer, oldest first. */
  private readonly queue: ClickBatch[] = [];
  /** Batches being written to the spool by bound(). */
  private readonly puts = new Set<Promise<void>>();
  /** The batch being written (out of the queue meanwhile), or null. */
  private writing: ClickBatch | null = null;
  /** The id of the last batch the writer was asked to prepare (see ClickBatchWriter.prepare). */
  private prepared: string | null = null;
  private queued = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private failures = 0;
  private failingSince: Date | null = null;
  private lastError: string | null = null;
  private dropped = 0;
  private droppedLogged = 0;
  private lastDropLog = 0;
  private stopped = false;
  // For progress(): counted as clicks pass, read when asked.
  private writtenCount = 0;
  private spooledCount = 0;

  constructor(
    @Inject(CLICK_BATCH_WRITER) private readonly writer: ClickBatchWriter,
    @Inject(CLICK_RECORDER_OPTIONS) private readonly options: ClickRecorderOptions,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Batches a stopped process left on disk are written from the first drain on. */
  onModuleInit(): void {
    if (this.options.spool && this.options.spool.size.files > 0) this.schedule(FLUSH_INTERVAL_MS);
  }

  progress(): ClickRecorderProgress {
    const oldest = this.writing?.clicks[0] ?? this.queue[0]?.clicks[0] ?? this.pending[0];
    return {
      buffered: this.pending.length + this.queued,
      written: this.writtenCount,
      spooled: this.spooledCount,
      dropped: this.dropped,
      spooledBatches: this.options.spool?.size.files ?? 0,
      oldestBufferedAt: oldest ? oldest.at.getTime() : null,
      failingSince: this.failingSince?.getTime() ?? null,
    };
  }

  state(): ClickRecorderState {
    return {
      buffered: this.pending.length + this.queued,
      spooledBatches: this.options.spool?.size.files ?? 0,
      dropped: this.dropped,
      failingSince: this.failingSince?.toISOString() ?? null,
      lastError: this.lastError,
    };
  }

  record(click: Click): void {
    if (this.stopped) {
      this.drop(1);
      return;
    }
    this.pending.push(click);
    if (this.pending.length >= Math.min(this.options.batchSize ?? MAX_BATCH, this.options.bufferLimit)) {
      this.cut();
      this.bound();
      // A full batch is written at once, unless writes are failing (then the retry timer runs); while
      // another is being written, the writer may start on it.
      if (this.failures === 0) {
        this.prepareNext();
        this.schedule(0);
      }
    } else {
      this.schedule(FLUSH_INTERVAL_MS);
    }
  }

  /** Writes everything held now (tests, and the stop), without waiting for the timer. */
  async flush(): Promise<void> {
    this.clearTimer();
    if (this.running) await this.running;
    await this.drain();
    await this.writer.settle?.();
  }

  /** The last flush, on a clean stop; what cannot be written goes to the spool, or is counted lost. */
  async stop(): Promise<void> {
    this.clearTimer();
    if (this.running) await this.running;
    await this.drain();
    this.stopped = true;
    // That drain, had it failed, set the retry's timer: a stopped recorder retries nothing (its
    // spooled batches are the next start's, or another instance's).
    this.clearTimer();
    // Batches on their way to the spool are there before the process ends.
    await Promise.all(this.puts);
    // Each batch keeps its id on disk: one a store took without answering is then counted once.
    if (this.pending.length > 0) this.cut();
    const left = this.queue.splice(0);
    this.queued = 0;
    if (left.length > 0) await this.spoolAtStop(left);
    // Then what the writer does after its batches (a store away may keep it until its time limit).
    await this.writer.settle?.();
  }

  /** What a stop could not write: to the spool, or counted lost. */
  private async spoolAtStop(left: ClickBatch[]): Promise<void> {
    let saved = 0;
    let lost = 0;
    for (const batch of left) {
      if (this.options.spool && (await this.options.spool.put(batch.clicks, batch.id))) saved += batch.clicks.length;
      else {
        this.drop(batch.clicks.length);
        lost += batch.clicks.length;
      }
    }
    this.spooledCount += saved;
    this.logger.warn(`Stopping with the database unavailable: ${saved} clicks kept on disk for the next start, ${lost} lost.`);
  }

  /** The batch being filled goes to the queue, with its id. */
  private cut(): void {
    this.queue.push({ id: newBatchId(), clicks: this.pending });
    this.queued += this.pending.length;
    this.pending = [];
  }

  private schedule(delay: number): void {
    if (this.stopped || this.running) return;
    if (this.timer && delay > 0) return;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain();
    }, delay);
    this.timer.unref?.();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Keeps memory within bufferLimit: the oldest full batches go to disk, or are dropped. */
  private bound(): void {
    while (this.queued + this.pending.length > this.options.bufferLimit && this.queue.length > 0) {
      const { id, clicks } = this.queue.shift()!;
      this.queued -= clicks.length;
      const spool = this.options.spool;
      if (!spool) {
        this.drop(clicks.length);
        continue;
      }
      const put = spool.put(clicks, id).then((kept) => {
        if (kept) this.spooledCount += clicks.length;
        else this.drop(clicks.length);
      });
      this.puts.add(put);
      void put.finally(() => this.puts.delete(put));
    }
  }

  private drop(count: number): void {
    this.dropped += count;
    const now = this.clock.now();
    if (now - this.lastDropLog >= DROP_LOG_INTERVAL_MS) {
      this.logger.error(
        `Clicks dropped: ${this.dropped - this.droppedLogged} since the last report (${this.dropped} in all): the database is unavailable and the memory and disk bounds are reached.`,
      );
      this.lastDropLog = now;
      this.droppedLogged = this.dropped;
    }
  }

  /**
   * Writes the queued batches, then the spooled ones, oldest first, until all are written or one
   * fails. Called by the timer, or at once by flush and stop (ignoring the back-off).
   */
  private drain(): Promise<void> {
    if (this.running) return this.running;
    // Cleared in a callback, which always runs after the assignment below, even when there was
    // nothing to write and the drain finished at once.
    const run = this.drainOnce()
      .catch((error: unknown) => this.logger.error(`The click writer failed: ${(error as Error).message}`))
      .finally(() => {
        this.running = null;
        this.reschedule();
      });
    this.running = run;
    return run;
  }

  private async drainOnce(): Promise<void> {
    if (this.pending.length > 0) {
      this.cut();
      // A part-filled batch cut at each retry adds to what is held too.
      this.bound();
    }
    while (this.queue.length > 0) {
      // Out of the queue while it is written, so that bound() cannot send it to the spool meanwhile
      // (written twice then); still counted in `queued` until it is written.
      const batch = this.queue.shift()!;
      this.writing = batch;
      if (this.failures === 0) this.prepareNext();
      const written = await this.attempt(() => this.writer.write(batch.clicks, null, batch.id), batch.clicks.length);
      this.writing = null;
      if (!written) {
        this.queue.unshift(batch);
        return;
      }
      this.queued -= batch.clicks.length;
    }
    const spool = this.options.spool;
    while (spool && spool.size.files > 0) {
      const spooled = await spool.take();
      if (!spooled) break;
      if (!(await this.attempt(() => this.writer.write(spooled.clicks, spooled.id, spooled.id), spooled.clicks.length))) {
        await spooled.release();
        return;
      }
      await spooled.done();
    }
  }

  /**
   * While a batch is being written, the next one queued is prepared (once): the writer's two stores
   * then work at once, the next batch's insert beside this one's transaction. Not while writes
   * fail: the retry of the oldest batch goes alone.
   */
  private prepareNext(): void {
    const next = this.queue[0];
    if (!this.writing || !next || next.id === this.prepared || !this.writer.prepare) return;
    this.prepared = next.id;
    this.writer.prepare(next.clicks, next.id);
  }

  private async attempt(write: () => Promise<void>, size: number): Promise<boolean> {
    try {
      await write();
      if (this.failures > 0) this.logger.warn(`Clicks are written again (after ${this.failures} failed attempts).`);
      this.failures = 0;
      this.failingSince = null;
      this.writtenCount += size;
      this.lastError = null;
      return true;
    } catch (error) {
      this.failures += 1;
      this.failingSince ??= new Date(this.clock.now());
      this.lastError = (error as Error).message;
      if (this.failures === 1 || this.failures % 10 === 0) {
        this.logger.error(`Could not record ${size} clicks (attempt ${this.failures}; kept for a retry): ${this.lastError}`);
      }
      return false;
    }
  }

  private reschedule(): void {
    const waiting = this.pending.length + this.queued > 0 || (this.options.spool?.size.files ?? 0) > 0;
    if (!waiting) return;
    if (this.failures > 0) this.schedule(Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (this.failures - 1)));
    else this.schedule(this.queue.length > 0 ? 0 : FLUSH_INTERVAL_MS);
  }
}
