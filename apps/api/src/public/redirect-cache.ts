import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource, type EntitySubscriberInterface, type QueryRunner } from 'typeorm';
import { REDIS, type RedisLink } from '../infrastructure/redis';
import { Clock } from '../common/clock';
import { CLICKS_ONLY } from '../modules/clicks/click-recorder';

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
 * What the public routes looked up (hosts, links, QR codes, campaigns), kept in process, unknown
 * keys included, so a redirect rarely reaches the database. Bounded by size (least recently used
 * entries go first), so no stream of new hosts or aliases can grow it. Any write through the API
 * drops it all, here and (with Redis) on every instance: writes are rare next to clicks, and a
 * whole drop cannot miss a dependency (a pixel's tag, a splash page's text, a domain's redirects).
 * While Redis is away nothing is cached (another instance's write could not reach this one), and
 * when it is back the cache starts empty.
 */
@Injectable()
export class RedirectCache implements EntitySubscriberInterface {
  private readonly entries: LRUCache<string, { value: unknown }>;

  constructor(
    @Inject(DataSource) dataSource: DataSource,
    @Inject(REDIS) private readonly redis: RedisLink,
    @Inject(Clock) clock: Clock,
  ) {
    this.entries = new LRUCache({
      maxSize: MAX_BYTES,
      sizeCalculation: (entry, key) => 2 * key.length + approximateSize(entry.value),
      ttl: TTL_MS,
      ttlAutopurge: false,
      perf: clock,
    });
    dataSource.subscribers.push(this);
    redis.subscribe(CHANNEL, () => this.entries.clear());
    redis.onReconnect(() => this.entries.clear());
  }

  /** The cached value, or the loader's (null included), cached for a while. */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.redis.configured && !this.redis.up) return load();
    const entry = this.entries.get(key);
    if (entry) return entry.value as T;
    const value = await load();
    this.entries.set(key, { value });
    return value;
  }

  /** Entries and their estimated bytes. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }

  clear(): void {
    this.entries.clear();
    this.redis.publish(CHANNEL, '*');
  }

  // Entity events (save, update, delete through TypeORM) and every commit but click batches.
  afterInsert(): void {
    this.clear();
  }
  afterUpdate(): void {
    this.clear();
  }
  afterRemove(): void {
    this.clear();
  }
  afterTransactionCommit(event: { queryRunner: QueryRunner }): void {
    if (!(event.queryRunner.data as Record<string, unknown> | undefined)?.[CLICKS_ONLY]) this.clear();
  }
}
