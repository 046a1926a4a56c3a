import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { WorkerBus } from './workers';

export const REDIS = Symbol('REDIS');

/** A command that takes longer than this marks Redis as away: requests never wait on it longer. */
const COMMAND_TIMEOUT_MS = 500;
/** While Redis is away, it is asked this often whether it is back. */
const PROBE_INTERVAL_MS = 1000;
/**
 * Every instance sends itself a heartbeat through Redis's channels this often, and trusts what
 * other instances tell it (that is, keeps its caches) only while its last heartbeat came back
 * within TRUST_MS: a stalled Redis (stopped with SIGSTOP, a frozen network) answers nothing yet
 * closes nothing, and an instance that only serves redirects would otherwise never notice.
 * TRUST_MS is under COMMAND_TIMEOUT_MS: by the time a writer finds its announcement failed, no
 * other instance trusts its cache any longer.
 */
export const HEARTBEAT_MS = 100;
export const TRUST_MS = 400;
const HEARTBEAT_CHANNEL = 'linkyard:heartbeat';
/** Announcements kept while Redis is away, sent when it is back (past this, one that drops everything). */
const MAX_KEPT = 1000;

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
  /** The connection answers commands. */
  private connected = false;
  /** When this instance's last heartbeat came back through the channels (ms, the system clock's). */
  private confirmedAt = 0;
  private readonly instance = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  private heartbeat: NodeJS.Timeout | null = null;
  private probe: NodeJS.Timeout | null = null;
  private closed = false;
  /** Announcements that could not be sent, by channel, in order: sent when Redis is back. */
  private readonly kept = new Map<string, Set<string>>();

  private constructor(
    private readonly client: Redis | null,
    /** Without Redis, in one of an instance's workers (WORKERS > 1): the primary relays between them. */
    readonly workers: WorkerBus | null = null,
  ) {}

  /** No REDIS_URL: everything stays in this process (in this instance's workers, through their primary). */
  static none(): RedisLink {
    return new RedisLink(null, WorkerBus.current());
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
    client.on('ready', () => {
      link.connected = true;
      link.beat();
    });
    client.on('close', () => link.markDown('the connection closed'));
    client.on('error', () => undefined); // reported once by markDown
    link.listen(HEARTBEAT_CHANNEL, (message) => link.heard(message));
    link.heartbeat = setInterval(() => link.beat(), HEARTBEAT_MS);
    link.heartbeat.unref();
    return link;
  }

  get configured(): boolean {
    return this.client !== null;
  }

  /**
   * Redis answers, and its channels carry this instance's heartbeat (the last came back within
   * TRUST_MS): what other instances announce reaches this one, so its caches may be trusted.
   */
  get up(): boolean {
    return this.connected && Date.now() - this.confirmedAt < TRUST_MS;
  }

  get state(): RedisState {
    if (!this.client) return 'unused';
    return this.up ? 'up' : 'down';
  }

  /** Runs a command when Redis is up; throws when it is away or the command fails (and marks it down). */
  async run<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    if (!this.client || !this.up) throw new Error('Redis is unavailable');
    try {
      return await command(this.client);
    } catch (error) {
      this.markDown((error as Error).message);
      throw error;
    }
  }

  /**
   * Tells the other instances (they bypass their caches while they cannot hear, and drop them when
   * they hear again); resolves once they have heard, or once none of them trusts its cache any more.
   * An announcement that cannot be sent is kept and sent when Redis is back, and then the caller
   * waits TRUST_MS: by then no instance still trusts what it cached before (a key rotated while
   * Redis stalls is refused everywhere once the rotation has answered).
   */
  async publish(channel: string, message: string): Promise<void> {
    if (!this.client) return this.workers?.publish(channel, message);
    if (this.up) {
      try {
        await this.client.publish(channel, message);
        return;
      } catch (error) {
        this.markDown((error as Error).message);
      }
    }
    this.keep(channel, message);
    await new Promise((resolve) => setTimeout(resolve, TRUST_MS));
  }

  /** Messages of a channel, from other instances (and this one). */
  subscribe(channel: string, handler: (message: string) => void): void {
    if (!this.client) this.workers?.subscribe(channel, handler);
    else this.listen(channel, handler);
  }

  /** Whether a message sent now reaches the other processes: Redis is up, or this is one of an instance's workers. */
  get shares(): boolean {
    return this.client ? this.up : this.workers !== null;
  }

  /** Sends a message to every process that subscribed (without waiting for them); throws when none can be reached. */
  async send(channel: string, message: string): Promise<void> {
    if (this.client) await this.run((client) => client.publish(channel, message));
    else if (this.workers) void this.workers.publish(channel, message);
    else throw new Error('Nothing shares messages: no Redis, no workers');
  }

  private listen(channel: string, handler: (message: string) => void): void {
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
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.subscriber?.disconnect();
    this.client?.disconnect();
  }

  /** Sends this instance's heartbeat; a missing one makes the link down (and the caches bypassed). */
  private beat(): void {
    if (this.closed || !this.client) return;
    if (this.connected && this.confirmedAt > 0 && Date.now() - this.confirmedAt >= TRUST_MS) {
      this.markDown(`no heartbeat through Redis for ${TRUST_MS} ms`);
    }
    if (this.client.status !== 'ready') return;
    this.client.publish(HEARTBEAT_CHANNEL, this.instance).catch(() => undefined);
  }

  /** A heartbeat came back: trusted again (after a lapse, the caches start empty and what was kept is sent). */
  private heard(message: string): void {
    if (message !== this.instance || this.closed) return;
    const wasUp = this.up;
    this.confirmedAt = Date.now();
    if (!wasUp) this.markUp();
  }

  private markUp(): void {
    if (this.closed) return;
    const wasDown = this.probe !== null;
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
    if (wasDown) this.logger.warn('Redis is back: counters and cache invalidations are shared again.');
    for (const listener of this.reconnectListeners) listener();
    this.sendKept();
  }

  private markDown(reason: string): void {
    if (this.closed || !this.client) return;
    if (this.probe === null) {
      this.logger.warn(`Redis is unavailable (${reason}): rate limits count in this process and nothing is cached until it is back.`);
    }
    this.confirmedAt = 0;
    if (this.client.status !== 'ready') this.connected = false;
    if (this.probe) return;
    const client = this.client;
    this.probe = setInterval(() => {
      if (client.status !== 'ready') return; // reconnecting: 'ready' will send a heartbeat
      this.beat();
    }, PROBE_INTERVAL_MS);
    this.probe.unref();
  }

  /** Keeps an announcement for when Redis is back; past MAX_KEPT, one that drops every cache instead. */
  private keep(channel: string, message: string): void {
    const messages = this.kept.get(channel) ?? new Set<string>();
    messages.add(message);
    if (messages.size > MAX_KEPT) {
      messages.clear();
      messages.add('*');
    }
    this.kept.set(channel, messages);
  }

  private sendKept(): void {
    const client = this.client;
    if (!client) return;
    for (const [channel, messages] of this.kept) {
      for (const message of messages) client.publish(channel, message).catch(() => this.keep(channel, message));
    }
    this.kept.clear();
  }
}
