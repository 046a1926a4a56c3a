import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource, type EntitySubscriberInterface, type QueryRunner } from 'typeorm';
import { REDIS } from '../common/redis';

const CHANNEL = 'linkyard:redirect-invalidate';
const MAX_ENTRIES = 50_000;
const TTL_MS = 5 * 60_000;

/** Marks a query runner whose commits do not change what redirects serve (click batches). */
export const CLICKS_ONLY = 'linkyardClicksOnly';

/**
 * What the public routes looked up (hosts, links, QR codes, campaigns), kept in process, unknown
 * keys included, so a redirect rarely reaches the database. Any write through the API drops it
 * all, here and (with Redis) on every instance: writes are rare next to clicks, and a whole drop
 * cannot miss a dependency (a pixel's tag, a splash page's text, a domain's redirects).
 */
@Injectable()
export class RedirectCache implements EntitySubscriberInterface, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(RedirectCache.name);
  private readonly entries = new Map<string, { value: unknown; until: number }>();
  private subscriber: Redis | null = null;

  constructor(
    @Inject(DataSource) dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {
    dataSource.subscribers.push(this);
  }

  async onModuleInit(): Promise<void> {
    if (!this.redis) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', () => this.entries.clear());
    this.subscriber.on('error', (error: Error) => this.logger.warn(`Redis subscriber: ${error.message}`));
    await this.subscriber.subscribe(CHANNEL);
  }

  onModuleDestroy(): void {
    this.subscriber?.disconnect();
  }

  /** The cached value, or the loader's (null included), cached for a while. */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    const now = Date.now();
    if (entry && entry.until > now) return entry.value as T;
    const value = await load();
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, until: now + TTL_MS });
    return value;
  }

  clear(): void {
    this.entries.clear();
    if (this.redis) void this.redis.publish(CHANNEL, '*').catch(() => undefined);
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
