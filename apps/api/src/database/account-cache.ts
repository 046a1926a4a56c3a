import { LRUCache } from 'lru-cache';
import type { RedisLink } from '../infrastructure/redis';
import type { Clock } from '../common/clock';
import type { WriteEvent, WriteEvents, WriteKind } from './write-events';

/**
 * What every AccountCache is made with: Redis (its drops reach the other instances), the clock,
 * the writes' announcements, and the metrics it makes itself known to (ACCOUNT_CACHE_DEPS, wired
 * once for the application).
 */
export interface AccountCacheDeps {
  redis: RedisLink;
  clock: Clock;
  events: WriteEvents;
  watch: (name: string, cache: AccountCache) => void;
}
export const ACCOUNT_CACHE_DEPS = Symbol('ACCOUNT_CACHE_DEPS');

/** What an AccountCache is: its name in the metrics, its Redis channel, and its bounds. */
export interface AccountCacheOptions {
  /** Its name in the metrics (`linkyard_cache_hits_total{cache="…"}`). */
  name: string;
  /** The Redis channel its drops are announced on; one per cache. */
  channel: string;
  /** What it may hold at most, keys and values estimated together. */
  maxBytes: number;
  ttlMs: number;
  /** The writes that drop an account's entries. */
  kinds: readonly WriteKind[];
  /**
   * A write answers once every instance has dropped what it held (or none trusts its cache: Redis
   * away), so a read anywhere after the write's answer shows it. When not said, the other
   * instances hear within a moment, and the write does not wait for them.
   */
  dropsBeforeAnswer?: boolean;
}

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
 * Values read from the database for an account, kept in process, so a read that comes often (a
 * redirect's link, an account's list of domains) rarely reaches the database. Bounded by size
 * (least recently used entries go first), so no stream of new keys can grow it. Every entry
 * belongs to one account (the `userId` of what was found; an unknown key belongs to its kind); a
 * write drops the entries of the account it wrote for, and the entries of unknown keys (the write
 * may have made one exist), here and (with Redis) on every instance. The other accounts' entries
 * stay: a busy service with many accounts writing keeps its cache. Writes are heard through
 * WriteEvents, which every repository announces its writes to (test/repositories.e2e-spec.ts fails
 * when one does not). While Redis is away nothing is cached (another instance's write could not
 * reach this one), and when it is back the cache starts empty.
 */
export class AccountCache {
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

  private readonly channel: string;
  private readonly redis: RedisLink;

  constructor(options: AccountCacheOptions, { redis, clock, events, watch }: AccountCacheDeps) {
    this.channel = options.channel;
    this.redis = redis;
    watch(options.name, this);
    // The repositories announce their writes: each drops what it may have changed.
    const kinds = new Set<WriteKind>(options.kinds);
    events.listen((written) => {
      const drops: Promise<void>[] = [];
      for (const event of written) {
        if (!kinds.has(event.kind)) continue;
        for (const mark of marksOfEvent(event)) drops.push(this.drop(mark));
      }
      // Not waited for unless said: an instance that cannot hear stops trusting its cache within a moment.
      if (options.dropsBeforeAnswer && drops.length > 0) return Promise.all(drops).then(() => undefined);
    });
    this.entries = new LRUCache({
      maxSize: options.maxBytes,
      sizeCalculation: (entry, key) => 2 * key.length + approximateSize(entry.value),
      ttl: options.ttlMs,
      ttlAutopurge: false,
      perf: clock,
      dispose: (entry, key) => {
        const keys = this.byOwner.get(entry.owner);
        keys?.delete(key);
        if (keys?.size === 0) this.byOwner.delete(entry.owner);
      },
    });
    redis.subscribe(this.channel, (message) => this.dropLocal(message as Mark));
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
   * take what is known at once (the redirects answered before routing).
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

  /**
   * Drops what a write may have changed (see Mark), here and on every instance: resolves once the
   * others have heard, or none of them trusts its cache any more.
   */
  drop(mark: Mark): Promise<void> {
    this.dropLocal(mark);
    return this.redis.publish(this.channel, mark);
  }

  private dropLocal(mark: Mark): void {
    this.drops += 1;
    if (mark === '*' || mark === 'n:*') return this.entries.clear();
    const owners = mark.startsWith('n:') ? (KINDS_OF_TABLE[mark.slice(2)] ?? []).map((kind) => `n:${kind}`) : [mark];
    for (const owner of owners) for (const key of [...(this.byOwner.get(owner) ?? [])]) this.entries.delete(key);
  }
}
