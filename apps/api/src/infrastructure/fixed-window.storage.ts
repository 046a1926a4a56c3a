import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Clock } from '../common/clock';
import type { RedisLink } from './redis';
import type { WorkerBus } from './workers';

/** The one storage instance, shared by the per-account limit and the limits on guessing. */
export const RATE_LIMIT_STORAGE = Symbol('RATE_LIMIT_STORAGE');

export interface WindowRecord {
  totalHits: number;
  /** Seconds until the window ends. */
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
  /** When the window ends, in ms since the epoch. */
  windowEnd: number;
}

/**
 * Fixed windows aligned on multiples of the window length, so every instance agrees on where a
 * window starts and ends. One counter per key and window: O(1) per request.
 */
export abstract class FixedWindowStorage implements ThrottlerStorage {
  constructor(protected readonly clock: Clock) {}

  protected abstract incrementWindow(key: string, windowEnd: number): Promise<number>;
  protected abstract decrementWindow(key: string, windowEnd: number): Promise<void>;
  protected abstract claim(key: string, until: number, gapMs: number): Promise<number | null>;

  async increment(key: string, ttl: number, limit: number): Promise<WindowRecord> {
    const now = this.clock.now();
    const windowEnd = (Math.floor(now / ttl) + 1) * ttl;
    const totalHits = await this.incrementWindow(key, windowEnd);
    const timeToExpire = Math.max(1, Math.ceil((windowEnd - now) / 1000));
    const isBlocked = totalHits > limit;
    return { totalHits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0, windowEnd };
  }

  /**
   * Takes back one hit that `increment` counted under `key` (an attempt that turned out not to be
   * what the limit counts: a right password); nothing once the hit's window has ended.
   */
  async refund(key: string, record: WindowRecord): Promise<void> {
    if (record.windowEnd > this.clock.now()) await this.decrementWindow(key, record.windowEnd);
  }

  /**
   * Claims the key's turn for the next `gapMs`: 0 when the key had no turn running (it has one now,
   * ending `gapMs` from now), else the milliseconds until the running turn ends. Whoever claims
   * first gets the turn; the others are told how long to wait.
   */
  async claimTurn(key: string, gapMs: number): Promise<number> {
    const now = this.clock.now();
    const runningUntil = await this.claim(key, now + gapMs, gapMs);
    return runningUntil === null ? 0 : Math.max(1, runningUntil - now);
  }
}

/** Counters in this process; entries of ended windows are dropped as new windows begin. */
export class MemoryFixedWindowStorage extends FixedWindowStorage {
  private readonly windows = new Map<string, { windowEnd: number; hits: number }>();
  private nextSweep = 0;
  /** The turns running, by key: when each ends. */
  private readonly turns = new Map<string, number>();

  protected incrementWindow(key: string, windowEnd: number): Promise<number> {
    return Promise.resolve(this.count(key, windowEnd));
  }

  protected decrementWindow(key: string, windowEnd: number): Promise<void> {
    this.uncount(key, windowEnd);
    return Promise.resolve();
  }

  protected claim(key: string, until: number): Promise<number | null> {
    return Promise.resolve(this.claimUntil(key, until));
  }

  uncount(key: string, windowEnd: number): void {
    const entry = this.windows.get(key);
    if (entry && entry.windowEnd === windowEnd && entry.hits > 0) entry.hits -= 1;
  }

  /** When the key's running turn ends, or null when none ran (the key's turn now ends at `until`). */
  claimUntil(key: string, until: number): number | null {
    const now = this.clock.now();
    const running = this.turns.get(key);
    if (running !== undefined && running > now) return running;
    // Ended turns are dropped as new ones begin, as windows are (count).
    if (this.turns.size > 1000) for (const [entryKey, end] of this.turns) if (end <= now) this.turns.delete(entryKey);
    this.turns.set(key, until);
    return null;
  }

  count(key: string, windowEnd: number): number {
    const now = this.clock.now();
    if (now >= this.nextSweep) {
      for (const [entryKey, entry] of this.windows) if (entry.windowEnd <= now) this.windows.delete(entryKey);
      this.nextSweep = windowEnd;
    }
    const entry = this.windows.get(key);
    if (entry && entry.windowEnd === windowEnd) {
      entry.hits += 1;
      return entry.hits;
    }
    this.windows.set(key, { windowEnd, hits: 1 });
    return 1;
  }
}

/**
 * Counters shared by every instance through Redis; each window's key expires with it. While Redis
 * is away (see RedisLink) the counting goes on in this process, so every API call is still
 * limited and answered; when Redis is back, the shared counters take over again.
 */
export class RedisFixedWindowStorage extends FixedWindowStorage {
  private readonly local: MemoryFixedWindowStorage;

  constructor(
    private readonly redis: RedisLink,
    clock: Clock,
  ) {
    super(clock);
    this.local = new MemoryFixedWindowStorage(clock);
  }

  protected async incrementWindow(key: string, windowEnd: number): Promise<number> {
    if (this.redis.up) {
      try {
        return await this.redis.run(async (client) => {
          const redisKey = `linkyard:rl:${key}:${windowEnd}`;
          const results = await client
            .multi()
            .incr(redisKey)
            .pexpireat(redisKey, windowEnd + 1000)
            .exec();
          const [incrError, hits] = results?.[0] ?? [new Error('no reply from Redis'), 0];
          if (incrError) throw incrError;
          return Number(hits);
        });
      } catch {
        // Counted here instead, below.
      }
    }
    return this.local.count(key, windowEnd);
  }

  protected async decrementWindow(key: string, windowEnd: number): Promise<void> {
    if (this.redis.up) {
      try {
        await this.redis.run((client) => {
          const redisKey = `linkyard:rl:${key}:${windowEnd}`;
          // Made to expire with its window again: a key gone meanwhile never stays behind.
          return client
            .multi()
            .decr(redisKey)
            .pexpireat(redisKey, windowEnd + 1000)
            .exec();
        });
        return;
      } catch {
        // Taken back here instead, below.
      }
    }
    this.local.uncount(key, windowEnd);
  }

  /** The turn is a key that lives as long as the turn, claimed atomically; taken, its value says when it ends. */
  protected async claim(key: string, until: number, gapMs: number): Promise<number | null> {
    if (this.redis.up) {
      try {
        return await this.redis.run(async (client) => {
          const running = (await client.eval(CLAIM_TURN, 1, `linkyard:turn:${key}`, String(until), String(gapMs))) as string | null;
          return running === null ? null : Number(running);
        });
      } catch {
        // Claimed here instead, below.
      }
    }
    return this.local.claimUntil(key, until);
  }
}

/** KEYS[1]: the turn; ARGV: when a new turn ends, and its length. The running turn's end, or nil once claimed. */
const CLAIM_TURN = `local running = redis.call('GET', KEYS[1])
if running then return running end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false`;

/**
 * Counters of an instance's workers (WORKERS > 1) without Redis: kept in the primary process, so
 * a limit holds whichever worker answers. Should the primary not answer, the worker counts on its
 * own meanwhile, as with Redis away.
 */
export class WorkersFixedWindowStorage extends FixedWindowStorage {
  private readonly local: MemoryFixedWindowStorage;

  constructor(
    private readonly bus: WorkerBus,
    clock: Clock,
  ) {
    super(clock);
    this.local = new MemoryFixedWindowStorage(clock);
  }

  protected incrementWindow(key: string, windowEnd: number): Promise<number> {
    return this.bus.count(key, windowEnd).catch(() => this.local.count(key, windowEnd));
  }

  protected decrementWindow(key: string, windowEnd: number): Promise<void> {
    return this.bus.uncount(key, windowEnd).catch(() => this.local.uncount(key, windowEnd));
  }

  protected claim(key: string, until: number): Promise<number | null> {
    return this.bus.claim(key, until).catch(() => this.local.claimUntil(key, until));
  }
}
