import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Account } from './account';
import { REDIS } from './redis';

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
const CHANNEL = 'linkyard:auth-invalidate';

/**
 * Key hash -> account, for a short while, so the guard does not query the database on every
 * request. Rotation, deletion and plan changes drop an account's entries at once, here and (with
 * Redis) on every other instance.
 */
@Injectable()
export class AuthCache implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(AuthCache.name);
  private readonly entries = new Map<string, { account: Account; until: number }>();
  private subscriber: Redis | null = null;

  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  async onModuleInit(): Promise<void> {
    if (!this.redis) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, message: string) => this.dropLocal(Number(message)));
    this.subscriber.on('error', (error: Error) => this.logger.warn(`Redis subscriber: ${error.message}`));
    await this.subscriber.subscribe(CHANNEL);
  }

  async onModuleDestroy(): Promise<void> {
    this.subscriber?.disconnect();
  }

  get(keyHash: string): Account | undefined {
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(keyHash);
      return undefined;
    }
    return entry.account;
  }

  set(keyHash: string, account: Account): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(keyHash, { account, until: Date.now() + TTL_MS });
  }

  /** Forget every cached key of this account, on all instances. */
  async invalidate(userId: number): Promise<void> {
    this.dropLocal(userId);
    if (this.redis) await this.redis.publish(CHANNEL, String(userId));
  }

  private dropLocal(userId: number): void {
    for (const [hash, entry] of this.entries) if (entry.account.id === userId) this.entries.delete(hash);
  }
}
