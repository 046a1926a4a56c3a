import { Logger } from '@nestjs/common';
import { SystemClock } from '../../common/clock';
import type { Click } from './click';
import { ClickRecorder, MAX_BATCH, type ClickBatchWriter, type ClickOverflow } from './click-recorder';
import type { SpooledBatch } from './click-spool';

/** Click number `index`: its visitor says which it is. */
const click = (index: number): Click => ({
  linkId: 1,
  qrId: null,
  bioId: null,
  blockId: null,
  at: new Date(Date.now()),
  country: null,
  referrer: null,
  browser: null,
  os: null,
  device: 'desktop',
  social: null,
  bot: false,
  visitor: String(index),
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  variant: null,
  domainId: null,
  orphan: null,
  alias: null,
});
const numberOf = (clicks: Click[]) => clicks.map((entry) => Number(entry.visitor));
const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);

/** The batch writer, as the recorder sees it: every attempt noted (with the fake time), failing while `down`. */
class FakeWriter implements ClickBatchWriter {
  down = false;
  readonly attempts: { at: number; clicks: Click[]; spoolId: string | null; batchId: string }[] = [];
  readonly written: { clicks: Click[]; spoolId: string | null; batchId: string }[] = [];

  /** While set, a write waits for it (a slow database). */
  hold: Promise<void> | null = null;

  async write(clicks: Click[], spoolId: string | null, batchId: string): Promise<void> {
    this.attempts.push({ at: Date.now(), clicks, spoolId, batchId });
    if (this.hold) await this.hold;
    if (this.down) throw new Error('the database is away');
    this.written.push({ clicks, spoolId, batchId });
  }

  /** The batches the writer was asked to prepare (ClickBatchWriter.prepare), with the batches written until then. */
  readonly prepared: { batchId: string; clicks: Click[]; writtenBefore: number }[] = [];

  prepare(clicks: Click[], batchId: string): void {
    this.prepared.push({ batchId, clicks, writtenBefore: this.written.length });
  }

  /** How many batches were written each time the writer was asked to settle its work. */
  readonly settled: number[] = [];

  async settle(): Promise<void> {
    this.settled.push(this.written.length);
  }

  get writtenClicks(): number[] {
    return this.written.flatMap((batch) => numberOf(batch.clicks));
  }
}

/** The disk spool in memory, holding `capacity` batches at most. */
class FakeSpool implements ClickOverflow {
  readonly batches: { id: string; clicks: Click[]; claimed: boolean }[] = [];
  private made = 0;

  constructor(private readonly capacity = Infinity) {}

  get size(): { files: number; bytes: number } {
    return { files: this.batches.length, bytes: 0 };
  }

  async put(clicks: Click[], id?: string): Promise<boolean> {
    if (this.batches.length >= this.capacity) return false;
    this.made += 1;
    this.batches.push({ id: id ?? `spooled-${this.made}`, clicks, claimed: false });
    return true;
  }

  async take(): Promise<SpooledBatch | null> {
    const batch = this.batches.find((entry) => !entry.claimed);
    if (!batch) return null;
    batch.claimed = true;
    return {
      id: batch.id,
      clicks: batch.clicks,
      done: async () => void this.batches.splice(this.batches.indexOf(batch), 1),
      release: async () => void (batch.claimed = false),
    };
  }
}

describe('ClickRecorder', () => {
  let writer: FakeWriter;
  const recorderWith = (options: { bufferLimit?: number; spool?: ClickOverflow | null; batchSize?: number } = {}) =>
    new ClickRecorder(
      writer,
      { bufferLimit: options.bufferLimit ?? 100_000, spool: options.spool ?? null, batchSize: options.batchSize },
      new SystemClock(),
    );
  const recordClicks = (recorder: ClickRecorder, from: number, count: number) => {
    for (const index of range(from, count)) recorder.record(click(index));
  };

  beforeAll(() => Logger.overrideLogger(false));
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    writer = new FakeWriter();
  });
  afterEach(() => jest.useRealTimers());

  describe('batching', () => {
    it('writes the clicks of a second as one batch, a second after the first of them', async () => {
      const recorder = recorderWith();
      recordClicks(recorder, 0, 2);
      await jest.advanceTimersByTimeAsync(600);
      recordClicks(recorder, 2, 3);
      await jest.advanceTimersByTimeAsync(399);
      expect(writer.attempts).toHaveLength(0);
      await jest.advanceTimersByTimeAsync(1);
      expect(writer.written.map((batch) => numberOf(batch.clicks))).toEqual([range(0, 5)]);
      expect(recorder.progress()).toMatchObject({ buffered: 0, written: 5 });
    });

    it('writes a full batch at once, in batches of MAX_BATCH, oldest first', async () => {
      const recorder = recorderWith();
      recordClicks(recorder, 0, 2 * MAX_BATCH + 10);
      await jest.advanceTimersByTimeAsync(0);
      expect(writer.written.map((batch) => batch.clicks.length)).toEqual([MAX_BATCH, MAX_BATCH, 10]);
      expect(writer.writtenClicks).toEqual(range(0, 2 * MAX_BATCH + 10));
      expect(writer.written.every((batch) => batch.spoolId === null)).toBe(true);
    });

    it('cuts batches of the size it is given (ClickHouse), never past the memory bound', async () => {
      const large = recorderWith({ batchSize: 3 * MAX_BATCH });
      recordClicks(large, 0, 3 * MAX_BATCH + 1);
      await jest.advanceTimersByTimeAsync(0);
      expect(writer.written.map((batch) => batch.clicks.length)).toEqual([3 * MAX_BATCH, 1]);

      writer = new FakeWriter();
      const bounded = recorderWith({ batchSize: 3 * MAX_BATCH, bufferLimit: 500 });
      recordClicks(bounded, 0, 500);
      await jest.advanceTimersByTimeAsync(0);
      recordClicks(bounded, 500, 500);
      await jest.advanceTimersByTimeAsync(0);
      expect(writer.written.map((batch) => batch.clicks.length)).toEqual([500, 500]);
      expect(writer.writtenClicks).toEqual(range(0, 1000));
    });
  });

  describe('the next batch prepared (ClickHouse: its insert beside the batch before)', () => {
    it('lets the writer start on the next batch while one is being written, once each, and writes them in order', async () => {
      const recorder = recorderWith();
      let release = () => undefined as void;
      writer.hold = new Promise<void>((resolve) => (release = resolve));
      recordClicks(recorder, 0, MAX_BATCH);
      await jest.advanceTimersByTimeAsync(0);
      expect(writer.attempts).toHaveLength(1);
      // Nothing queued behind the first batch yet: nothing to prepare.
      expect(writer.prepared).toHaveLength(0);
      recordClicks(recorder, MAX_BATCH, 2 * MAX_BATCH);
      expect(writer.prepared.map((entry) => numberOf(entry.clicks)[0])).toEqual([MAX_BATCH]);
      expect(writer.prepared[0]!.writtenBefore).toBe(0);

      writer.hold = null;
      release();
      await jest.advanceTimersByTimeAsync(0);
      expect(writer.writtenClicks).toEqual(range(0, 3 * MAX_BATCH));
      // The third batch was prepared as the second went to be written; each prepared batch was then written under its id.
      expect(writer.prepared.map((entry) => numberOf(entry.clicks)[0])).toEqual([MAX_BATCH, 2 * MAX_BATCH]);
      expect(writer.prepared.map((entry) => entry.writtenBefore)).toEqual([0, 1]);
      expect(writer.prepared.map((entry) => entry.batchId)).toEqual(writer.written.slice(1).map((batch) => batch.batchId));
    });

    it('prepares nothing while writes fail: the oldest batch is retried alone', async () => {
      const recorder = recorderWith();
      writer.down = true;
      recordClicks(recorder, 0, 3 * MAX_BATCH);
      await jest.advanceTimersByTimeAsync(0);
      // The first attempt, before any failure, prepared the second batch.
      expect(writer.prepared.map((entry) => numberOf(entry.clicks)[0])).toEqual([MAX_BATCH]);
      recordClicks(recorder, 3 * MAX_BATCH, MAX_BATCH);
      await jest.advanceTimersByTimeAsync(1000 + 2000 + 4000);
      expect(writer.attempts).toHaveLength(4);
      expect(writer.prepared).toHaveLength(1);

      writer.down = false;
      await jest.advanceTimersByTimeAsync(8000);
      expect(writer.writtenClicks).toEqual(range(0, 4 * MAX_BATCH));
      // Once the oldest batch is written, the batches after it are prepared again, one ahead.
      expect(writer.prepared.map((entry) => numberOf(entry.clicks)[0])).toEqual([MAX_BATCH, 2 * MAX_BATCH, 3 * MAX_BATCH]);
    });
  });

  describe('while the database refuses writes', () => {
    it('waits 1 s, then twice as long after each failure, up to 30 s', async () => {
      const recorder = recorderWith();
      writer.down = true;
      recordClicks(recorder, 0, 1);
      await jest.advanceTimersByTimeAsync(100_000);
      const start = new Date('2026-01-01T00:00:00Z').getTime();
      const waits = writer.attempts.map((attempt, index) => attempt.at - (index === 0 ? start : writer.attempts[index - 1]!.at));
      expect(waits).toEqual([1000, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
      expect(recorder.state()).toMatchObject({ buffered: 1, dropped: 0, failingSince: '2026-01-01T00:00:01.000Z' });
    });

    it('retries the oldest batch alone, and new clicks bring no attempt forward', async () => {
      const recorder = recorderWith();
      writer.down = true;
      recordClicks(recorder, 0, MAX_BATCH);
      await jest.advanceTimersByTimeAsync(0);
      expect(writer.attempts).toHaveLength(1);
      // Full batches and single clicks keep coming during the wait of 1 s.
      recordClicks(recorder, MAX_BATCH, 3 * MAX_BATCH + 1);
      await jest.advanceTimersByTimeAsync(999);
      expect(writer.attempts).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(writer.attempts).toHaveLength(2);
      expect(writer.attempts.map((attempt) => numberOf(attempt.clicks))).toEqual([range(0, MAX_BATCH), range(0, MAX_BATCH)]);
    });

    it('writes everything held once the database is back, then waits 1 s again after a new failure', async () => {
      const recorder = recorderWith();
      writer.down = true;
      recordClicks(recorder, 0, MAX_BATCH + 5);
      await jest.advanceTimersByTimeAsync(1000 + 1000 + 2000);
      expect(writer.attempts).toHaveLength(3);
      writer.down = false;
      await jest.advanceTimersByTimeAsync(4000);
      expect(writer.writtenClicks).toEqual(range(0, MAX_BATCH + 5));
      expect(recorder.state()).toMatchObject({ buffered: 0, failingSince: null, lastError: null });

      writer.down = true;
      const before = writer.attempts.length;
      recordClicks(recorder, 0, 1);
      await jest.advanceTimersByTimeAsync(1000);
      expect(writer.attempts).toHaveLength(before + 1);
      await jest.advanceTimersByTimeAsync(1000);
      expect(writer.attempts).toHaveLength(before + 2);
    });
  });

  describe('past the memory bound', () => {
    it('drops the oldest full batches when there is no spool, and counts them', async () => {
      const recorder = recorderWith({ bufferLimit: 2 * MAX_BATCH });
      writer.down = true;
      recordClicks(recorder, 0, 5 * MAX_BATCH);
      expect(recorder.state()).toMatchObject({ buffered: 2 * MAX_BATCH, dropped: 3 * MAX_BATCH });
      writer.down = false;
      await recorder.flush();
      expect(writer.writtenClicks).toEqual(range(3 * MAX_BATCH, 2 * MAX_BATCH));
    });

    it('sends the oldest full batches to the spool, and writes them after the ones in memory, with their ids', async () => {
      const spool = new FakeSpool();
      const recorder = recorderWith({ bufferLimit: 2 * MAX_BATCH, spool });
      writer.down = true;
      recordClicks(recorder, 0, 5 * MAX_BATCH);
      await jest.advanceTimersByTimeAsync(0);
      expect(recorder.progress()).toMatchObject({ buffered: 2 * MAX_BATCH, spooled: 3 * MAX_BATCH, spooledBatches: 3, dropped: 0 });
      expect(spool.batches.map((batch) => numberOf(batch.clicks))).toEqual([0, 1, 2].map((batch) => range(batch * MAX_BATCH, MAX_BATCH)));
      // The attempt of the outage was the oldest batch in memory alone, not the spooled ones too.
      expect(writer.attempts.map((attempt) => [attempt.spoolId, numberOf(attempt.clicks)[0]])).toEqual([[null, 3 * MAX_BATCH]]);

      writer.down = false;
      await recorder.flush();
      const spooledIds = writer.written.slice(2).map((batch) => batch.spoolId);
      expect(writer.written.map((batch) => batch.spoolId)).toEqual([null, null, ...spooledIds]);
      expect(spooledIds.every((id) => id?.startsWith('clicks-'))).toBe(true);
      expect(new Set(spooledIds).size).toBe(3);
      expect(writer.writtenClicks).toEqual([...range(3 * MAX_BATCH, 2 * MAX_BATCH), ...range(0, 3 * MAX_BATCH)]);
      expect(spool.batches).toEqual([]);
      expect(recorder.progress()).toMatchObject({ buffered: 0, spooledBatches: 0, written: 5 * MAX_BATCH, dropped: 0 });
    });

    it('never sends the batch being written to the spool, and loses none of those after it', async () => {
      const spool = new FakeSpool();
      const recorder = recorderWith({ bufferLimit: 2 * MAX_BATCH, spool });
      let release!: () => void;
      writer.hold = new Promise<void>((resolve) => (release = resolve));
      recordClicks(recorder, 0, MAX_BATCH);
      await jest.advanceTimersByTimeAsync(0);
      expect(writer.attempts).toHaveLength(1);
      // Past the bound while the first batch is being written: the next ones go to disk, not it.
      recordClicks(recorder, MAX_BATCH, 3 * MAX_BATCH);
      await jest.advanceTimersByTimeAsync(0);
      expect(spool.batches.map((batch) => numberOf(batch.clicks)[0])).toEqual([MAX_BATCH, 2 * MAX_BATCH]);
      writer.hold = null;
      release();
      await recorder.flush();
      expect([...writer.writtenClicks].sort((a, b) => a - b)).toEqual(range(0, 4 * MAX_BATCH));
      expect(recorder.progress()).toMatchObject({ buffered: 0, written: 4 * MAX_BATCH, dropped: 0 });
    });

    it('drops what the spool refuses once it is full', async () => {
      const spool = new FakeSpool(1);
      const recorder = recorderWith({ bufferLimit: 2 * MAX_BATCH, spool });
      writer.down = true;
      recordClicks(recorder, 0, 5 * MAX_BATCH);
      await jest.advanceTimersByTimeAsync(0);
      expect(recorder.progress()).toMatchObject({ buffered: 2 * MAX_BATCH, spooled: MAX_BATCH, spooledBatches: 1, dropped: 2 * MAX_BATCH });
    });

    it('puts back a spooled batch it could not write, for a later attempt', async () => {
      const spool = new FakeSpool();
      await spool.put([click(0)]);
      const recorder = recorderWith({ spool });
      writer.down = true;
      recorder.onModuleInit();
      await jest.advanceTimersByTimeAsync(1000);
      expect(writer.attempts.map((attempt) => attempt.spoolId)).toEqual(['spooled-1']);
      expect(spool.batches).toMatchObject([{ id: 'spooled-1', claimed: false }]);
      writer.down = false;
      await jest.advanceTimersByTimeAsync(1000);
      expect(writer.written.map((batch) => batch.spoolId)).toEqual(['spooled-1']);
      expect(spool.batches).toEqual([]);
    });
  });

  describe('batch ids', () => {
    it('keeps a batch its id through retries, the spool and a stop, and never gives two batches one', async () => {
      const spool = new FakeSpool();
      const recorder = recorderWith({ spool });
      writer.down = true;
      recordClicks(recorder, 0, MAX_BATCH + 7);
      await jest.advanceTimersByTimeAsync(1000 + 1000 + 2000);
      const tried = writer.attempts.map((attempt) => attempt.batchId);
      expect(tried).toHaveLength(3);
      expect(new Set(tried).size).toBe(1);
      expect(tried[0]).toMatch(/^clicks-\d{13}-[0-9a-f-]{36}$/);
      // Stopped while the store refuses: both batches go to disk under the ids they were tried with.
      await recorder.stop();
      expect(spool.batches.map((batch) => [batch.id === tried[0], batch.clicks.length])).toEqual([
        [true, MAX_BATCH],
        [false, 7],
      ]);
      const second = spool.batches[1]!.id;
      expect(second).toMatch(/^clicks-\d{13}-[0-9a-f-]{36}$/);

      writer.down = false;
      const next = recorderWith({ spool });
      await next.flush();
      expect(writer.written.map((batch) => [batch.spoolId, batch.batchId])).toEqual([
        [tried[0], tried[0]],
        [second, second],
      ]);
    });
  });

  describe('on stop', () => {
    it("settles the writer's work after what it holds is written, on a flush and on a stop", async () => {
      const recorder = recorderWith();
      recordClicks(recorder, 0, 10);
      await recorder.flush();
      expect(writer.settled).toEqual([1]);
      recordClicks(recorder, 10, 10);
      await recorder.stop();
      expect(writer.settled).toEqual([1, 2]);
      expect(writer.writtenClicks).toEqual(range(0, 20));
    });

    it('writes what it holds at once, and counts clicks recorded afterwards as lost', async () => {
      const recorder = recorderWith();
      recordClicks(recorder, 0, 10);
      await recorder.stop();
      expect(writer.writtenClicks).toEqual(range(0, 10));
      recorder.record(click(10));
      await jest.advanceTimersByTimeAsync(60_000);
      expect(writer.writtenClicks).toEqual(range(0, 10));
      expect(recorder.state()).toMatchObject({ buffered: 0, dropped: 1 });
    });

    it('puts what it cannot write on the spool, in batches of MAX_BATCH at most', async () => {
      const spool = new FakeSpool();
      const recorder = recorderWith({ spool });
      writer.down = true;
      recordClicks(recorder, 0, MAX_BATCH + 500);
      await recorder.stop();
      expect(spool.batches.map((batch) => numberOf(batch.clicks))).toEqual([range(0, MAX_BATCH), range(MAX_BATCH, 500)]);
      expect(recorder.progress()).toMatchObject({ buffered: 0, spooled: MAX_BATCH + 500, dropped: 0 });
    });

    it('tries nothing more once stopped: what it spooled is left to the next start (another process may take it)', async () => {
      const spool = new FakeSpool();
      const recorder = recorderWith({ spool });
      writer.down = true;
      recordClicks(recorder, 0, 10);
      // A failed attempt first, so that the last drain of the stop sets the retry's wait again.
      await jest.advanceTimersByTimeAsync(1000);
      await recorder.stop();
      const attempts = writer.attempts.length;
      await jest.advanceTimersByTimeAsync(120_000);
      expect(writer.attempts).toHaveLength(attempts);
      expect(spool.batches.map((batch) => batch.claimed)).toEqual([false]);
    });

    it('counts what it can neither write nor spool as lost', async () => {
      const recorder = recorderWith({ spool: null });
      writer.down = true;
      recordClicks(recorder, 0, 30);
      await recorder.stop();
      expect(recorder.progress()).toMatchObject({ buffered: 0, spooled: 0, dropped: 30 });
    });
  });
});
