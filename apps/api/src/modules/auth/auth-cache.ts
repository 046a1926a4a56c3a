import { Inject, Injectable } from '@nestjs/common';
import type { Account } from '../../common/account';
import { Clock } from '../../common/clock';
import { Metrics } from '../../infrastructure/metrics';
import { WriteEvents } from '../../database/write-events';
import { REDIS, type RedisLink } from '../../infrastructure/redis';

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
const CHANNEL = 'linkyard:auth-invalidate';

/**
 * Key hash -> account, for a short while, so the guard does not query the database on every
 * request. Rotation, deletion and plan changes drop an account's entries at once, here and (with
 * Redis) on every other instance.
 */
@Injectable()
export class AuthCache {
  private readonly entries = new Map<string, { account: Account; until: number }>();
  /** Told of each account whose keys were dropped ('*': every account), here or on another instance. */
  private readonly dropListeners: ((account: number | '*') => void)[] = [];
  /** Keys found here, and keys looked up in the database (while Redis is away, all), for the metrics. */
  private hits = 0;
  private misses = 0;

  constructor(
    @Inject(REDIS) private readonly redis: RedisLink,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(Metrics) metrics: Metrics,
    @Inject(WriteEvents) events: WriteEvents,
  ) {
    metrics.watchCache('auth', this);
    // A key rotated or revoked, an account changed or deleted: its keys are read again, everywhere,
    // before the write answers.
    events.listen((written) =>
      Promise.all(
        [...new Set(written.filter((event) => event.kind === 'key' || event.kind === 'account').map((event) => event.account))].map(
          (account) => this.invalidate(account),
        ),
      ).then(() => undefined),
    );
    // '*': announcements were lost while Redis was away (too many to keep): drop every key.
    redis.subscribe(CHANNEL, (message) => this.dropLocal(message === '*' ? '*' : Number(message)));
    redis.onReconnect(() => this.dropLocal('*'));
  }

  get(keyHash: string): Account | undefined {
    // While Redis is away another instance's rotation could not reach this one: no caching.
    if (this.redis.configured && !this.redis.up) {
      this.misses += 1;
      return undefined;
    }
    const entry = this.entries.get(keyHash);
    if (!entry || entry.until <= this.clock.now()) {
      if (entry) this.entries.delete(keyHash);
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    return entry.account;
  }

  /** Lookups since the start: answered from memory, or from the database. */
  get lookups(): { hits: number; misses: number } {
    return { hits: this.hits, misses: this.misses };
  }

  /** Keys held now. */
  get size(): { entries: number } {
    return { entries: this.entries.size };
  }

  set(keyHash: string, account: Account): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(keyHash, { account, until: this.clock.now() + TTL_MS });
  }

  /**
   * Forget every cached key of this account, on all instances: resolves once every instance has
   * heard, or none trusts its cache any more (Redis away), so a key rotated or revoked is refused
   * everywhere once the change has answered.
   */
  invalidate(userId: number): Promise<void> {
    this.dropLocal(userId);
    return this.redis.publish(CHANNEL, String(userId));
  }

  /** Hears of every account whose keys may have changed (what holds on to a key, such as a live stream, checks it again). */
  onDrop(listener: (account: number | '*') => void): void {
    this.dropListeners.push(listener);
  }

  private dropLocal(userId: number | '*'): void {
    if (userId === '*') this.entries.clear();
    else for (const [hash, entry] of this.entries) if (entry.account.user.id === userId) this.entries.delete(hash);
    for (const listener of this.dropListeners) listener(userId);
  }
}
