import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Clock } from '../common/clock';
import type { RedisLink } from './redis';

/** The one storage instance, shared by the per-account limit and the failed-auth limit. */
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

  async increment(key: string, ttl: number, limit: number): Promise<WindowRecord> {
    const now = this.clock.now();
    const windowEnd = (Math.floor(now / ttl) + 1) * ttl;
    const totalHits = await this.incrementWindow(key, windowEnd);
    const timeToExpire = Math.max(1, Math.ceil((windowEnd - now) / 1000));
    const isBlocked = totalHits > limit;
    return { totalHits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0, windowEnd };
  }
}

/** Counters in this process; entries of ended windows are dropped as new windows begin. */
export class MemoryFixedWindowStorage extends FixedWindowStorage {
  private readonly windows = new Map<string, { windowEnd: number; hits: number }>();
  private nextSweep = 0;

  protected incrementWindow(key: string, windowEnd: number): Promise<number> {
    return Promise.resolve(this.count(key, windowEnd));
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
}
