import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { REDIS, type RedisLink } from '../infrastructure/redis';
import { Clock } from '../common/clock';
import { Metrics } from '../modules/metrics/metrics';
import { WriteEvents, type WriteEvent, type WriteKind } from '../database/write-events';

const CHANNEL = 'linkyard:redirect-invalidate';
/** What the cache may hold at most, keys and values estimated together. */
const MAX_BYTES = 64 * 1024 * 1024;
const TTL_MS = 5 * 60_000;

/** A rough size in bytes of a cached value (strings, buffers, numbers, arrays and objects). */
export function approximateSize(value: unknown): number {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') size += 2 * item.length + 16;
    else if (Buffer.isBuffer(item)) size += item.byteLength + 32;
    else if (Array.isArray(item)) {
      size += 16;
      stack.push(...(item as unknown[]));
    } else if (item !== null && typeof item === 'object') {
      size += 32;
      for (const [key, entry] of Object.entries(item)) {
        size += 2 * key.length;
        stack.push(entry);
      }
    } else size += 8;
  }
  return size;
}

/**
 * What a write may have changed: `a:<id>` the cached entries of an account, `n:<table>` the
 * unknown keys a new record of that table may now answer, `*` everything.
 */
type Mark = `a:${number}` | `n:${string}` | '*';

/** The cache keys (by their prefix) whose unknown entries a new record of a table may answer. */
const KINDS_OF_TABLE: Record<string, string[]> = {
  links: ['link'],
  domains: ['host'],
  qr_codes: ['qr'],
  campaigns: ['rotator', 'campaign'],
  bio_pages: ['bio'],
};

/** The table of what a write event says was created, whose unknown keys it may now answer. */
const TABLE_OF_KIND: Partial<Record<WriteKind, string>> = {
  link: 'links',
  domain: 'domains',
  qr: 'qr_codes',
  campaign: 'campaigns',
  bio: 'bio_pages',
};

/** What a write may have changed: its account's entries, and what was missing of a kind it created. */
function marksOfEvent(event: WriteEvent): Mark[] {
  const table = event.kind in TABLE_OF_KIND && 'created' in event && event.created ? TABLE_OF_KIND[event.kind] : undefined;
  return table ? [`a:${event.account}`, `n:${table}`] : [`a:${event.account}`];
}

/**
 * What the public routes looked up (hosts, links, QR codes, campaigns), kept in process, unknown
 * keys included, so a redirect rarely reaches the database. Bounded by size (least recently used
 * entries go first), so no stream of new hosts or aliases can grow it. Every entry belongs to one
 * account (the `userId` of what was found); a write drops the entries of the account it wrote for,
 * and the entries of unknown keys (the write may have made one exist), here and (with Redis) on
 * every instance. The other accounts' entries stay: a busy service with many accounts writing
 * keeps its cache. Writes are heard through WriteEvents, which every repository announces
 * its writes to (test/repositories.e2e-spec.ts fails when one does not). While Redis is away nothing is cached (another instance's write could not reach this one),
 * and when it is back the cache starts empty.
 */
@Injectable()
export class RedirectCache {
  private readonly entries: LRUCache<string, { value: unknown; owner: string }>;
  /** Keys by owner: `a:<account>` for what was found, `n:<kind>` for unknown keys of a kind. */
  private readonly byOwner = new Map<string, Set<string>>();
  /** Lookups answered from memory, and those that were loaded (while Redis is away, all), for the metrics. */
  private hits = 0;
  private misses = 0;
  /**
   * Counts the drops: a value loaded while a write was dropping entries may be from before the
   * write (or half before it), so it is answered once but not kept.
   */
  private drops = 0;

  constructor(
    @Inject(REDIS) private readonly redis: RedisLink,
    @Inject(Clock) clock: Clock,
    @Inject(Metrics) metrics: Metrics,
    @Inject(WriteEvents) events: WriteEvents,
  ) {
    metrics.watchCache('redirect', this);
    // The repositories announce their writes: each drops what it may have changed.
    events.listen((written) => {
      for (const event of written) for (const mark of marksOfEvent(event)) this.drop(mark);
    });
    this.entries = new LRUCache({
      maxSize: MAX_BYTES,
      sizeCalculation: (entry, key) => 2 * key.length + approximateSize(entry.value),
      ttl: TTL_MS,
      ttlAutopurge: false,
      perf: clock,
      dispose: (entry, key) => {
        const keys = this.byOwner.get(entry.owner);
        keys?.delete(key);
        if (keys?.size === 0) this.byOwner.delete(entry.owner);
      },
    });
    redis.subscribe(CHANNEL, (message) => this.dropLocal(message as Mark));
    redis.onReconnect(() => this.dropLocal('*'));
  }

  /**
   * The cached value, or the loader's (null included), cached for a while. A value found belongs
   * to the account in its `userId`.
   */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.redis.configured && !this.redis.up) {
      this.misses += 1;
      return load();
    }
    const entry = this.entries.get(key);
    if (entry) {
      this.hits += 1;
      return entry.value as T;
    }
    this.misses += 1;
    const drops = this.drops;
    const value = await load();
    if (drops !== this.drops) return value;
    const userId = (value as { userId?: unknown } | null)?.userId;
    const owner = typeof userId === 'number' ? `a:${userId}` : `n:${key.slice(0, key.indexOf(':'))}`;
    this.entries.set(key, { value, owner });
    let keys = this.byOwner.get(owner);
    if (!keys) this.byOwner.set(owner, (keys = new Set()));
    keys.add(key);
    return value;
  }

  /**
   * The cached value of this key (null included) counted as a hit, or undefined when it is not in
   * memory (or nothing may be trusted: Redis away), without loading it: for the answers that only
   * take what is known at once (see cached-redirect.ts).
   */
  peek<T>(key: string): T | undefined {
    if (this.redis.configured && !this.redis.up) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.hits += 1;
    return entry.value as T;
  }

  /** Lookups since the start: answered from memory, or loaded. */
  get lookups(): { hits: number; misses: number } {
    return { hits: this.hits, misses: this.misses };
  }

  /** Entries and their estimated bytes. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }

  /** Drops what a write may have changed (see Mark), here and on every instance. */
  drop(mark: Mark): void {
    this.dropLocal(mark);
    // Not waited for: an instance that cannot hear stops trusting its cache within a moment.
    void this.redis.publish(CHANNEL, mark);
  }

  private dropLocal(mark: Mark): void {
    this.drops += 1;
    if (mark === '*' || mark === 'n:*') return this.entries.clear();
    const owners = mark.startsWith('n:') ? (KINDS_OF_TABLE[mark.slice(2)] ?? []).map((kind) => `n:${kind}`) : [mark];
    for (const owner of owners) for (const key of [...(this.byOwner.get(owner) ?? [])]) this.entries.delete(key);
  }
}
