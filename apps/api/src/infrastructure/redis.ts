import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';

export const REDIS = Symbol('REDIS');

/** A command that takes longer than this marks Redis as away: requests never wait on it longer. */
const COMMAND_TIMEOUT_MS = 500;
/** While Redis is away, it is asked this often whether it is back. */
const PROBE_INTERVAL_MS = 1000;

export type RedisState = 'up' | 'down' | 'unused';

/**
 * The service's link to Redis (REDIS_URL), which shares rate-limit counters and cache
 * invalidations between instances. Redis is a help, not a need: when it is away (refused,
 * stopped, stalled), commands fail at once or within half a second, the link is marked down and
 * stays down until a probe answers. Meanwhile the rate limits count in this process and the
 * caches are bypassed (an invalidation from another instance could not reach them); when Redis is
 * back, the caches drop everything they hold. One warning in the log when it goes, one line when
 * it is back, and `/healthz` says which.
 */
export class RedisLink {
  private readonly logger = new Logger('Redis');
  private subscriber: Redis | null = null;
  private readonly handlers = new Map<string, (message: string) => void>();
  private readonly reconnectListeners: (() => void)[] = [];
  private isUp = false;
  private probe: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(private readonly client: Redis | null) {}

  /** No REDIS_URL: everything stays in this process. */
  static none(): RedisLink {
    return new RedisLink(null);
  }

  static connect(url: string): RedisLink {
    const client = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    const link = new RedisLink(client);
    client.on('ready', () => link.markUp());
    client.on('close', () => link.markDown('the connection closed'));
    client.on('error', () => undefined); // reported once by markDown
    return link;
  }

  get configured(): boolean {
    return this.client !== null;
  }

  get up(): boolean {
    return this.isUp;
  }

  get state(): RedisState {
    if (!this.client) return 'unused';
    return this.isUp ? 'up' : 'down';
  }

  /** Runs a command when Redis is up; throws when it is away or the command fails (and marks it down). */
  async run<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    if (!this.client || !this.isUp) throw new Error('Redis is unavailable');
    try {
      return await command(this.client);
    } catch (error) {
      this.markDown((error as Error).message);
      throw error;
    }
  }

  /** Tells the other instances; nothing happens while Redis is away (they bypass their caches). */
  publish(channel: string, message: string): void {
    if (!this.client || !this.isUp) return;
    this.client.publish(channel, message).catch((error: Error) => this.markDown(error.message));
  }

  /** Messages of a channel, from other instances (and this one). */
  subscribe(channel: string, handler: (message: string) => void): void {
    if (!this.client) return;
    this.handlers.set(channel, handler);
    if (!this.subscriber) {
      // Its own connection (a subscribed connection takes no other commands); it reconnects and
      // subscribes again by itself.
      this.subscriber = this.client.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
      this.subscriber.on('message', (name: string, message: string) => this.handlers.get(name)?.(message));
      this.subscriber.on('error', () => undefined);
    }
    this.subscriber.subscribe(channel).catch(() => undefined);
  }

  /** Called when Redis is back after being away: whatever was cached meanwhile may be stale. */
  onReconnect(listener: () => void): void {
    this.reconnectListeners.push(listener);
  }

  close(): void {
    this.closed = true;
    if (this.probe) clearInterval(this.probe);
    this.subscriber?.disconnect();
    this.client?.disconnect();
  }

  private markUp(): void {
    if (this.isUp || this.closed) return;
    const wasDown = this.probe !== null;
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
    this.isUp = true;
    if (wasDown) this.logger.warn('Redis is back: counters and cache invalidations are shared again.');
    for (const listener of this.reconnectListeners) listener();
  }

  private markDown(reason: string): void {
    if (this.closed || !this.client) return;
    if (this.isUp || this.probe === null) {
      this.logger.warn(`Redis is unavailable (${reason}): rate limits count in this process and nothing is cached until it is back.`);
    }
    this.isUp = false;
    if (this.probe) return;
    const client = this.client;
    this.probe = setInterval(() => {
      if (client.status !== 'ready') return; // reconnecting: 'ready' will mark it up
      client.ping().then(
        () => this.markUp(),
        () => undefined,
      );
    }, PROBE_INTERVAL_MS);
    this.probe.unref();
  }
}
