import { collectDefaultMetrics, Counter, Gauge, Registry, type CounterConfiguration, type GaugeConfiguration } from 'prom-client';
import { REQUEST_DURATION_NAME, RequestDurations } from './request-durations';

/**
 * What refused a request with 429: an account's API limit, a dashboard session's budget, failed
 * keys or passwords from an address, the gap between password attempts at one account, or link
 * passwords.
 */
export const REFUSAL_KINDS = ['account', 'session', 'auth_failures', 'password_gap', 'link_password'] as const;
export type RefusalKind = (typeof REFUSAL_KINDS)[number];

const METRIC_NAME = /^linkyard_[a-z][a-z0-9_]*$/;

/**
 * The service's metrics (docs/operations.md), on a registry of this service's own: two services
 * in one process (tests) never share or collide. Values that the service already keeps (clicks
 * held, cache hits, the database pool) are read when Prometheus scrapes, through `collect`; only
 * the request durations and the refusals are counted as they happen.
 *
 * Other modules add theirs through `counter` and `gauge` (injected as `Metrics`):
 *
 *     metrics.gauge({ name: 'linkyard_..._backlog', help: '...', collect() { this.set(queue.size); } });
 */
/** What the metrics read of an in-process cache. */
export interface WatchedCache {
  readonly lookups: { hits: number; misses: number };
  readonly size: { entries: number };
}

export class Metrics {
  private readonly caches = new Map<string, WatchedCache>();
  readonly requests = new RequestDurations();
  private readonly registry = new Registry();
  private readonly refusals: Counter<'kind'>;
  private processMetrics = false;

  constructor() {
    this.refusals = this.counter({
      name: 'linkyard_rate_limit_refusals_total',
      help: 'Requests refused with 429, by kind: account (the per-account API limit), session (a dashboard session over its budget), auth_failures (failed keys or passwords from one address), password_gap (password attempts at one account spaced out), link_password (password attempts on a link).',
      labelNames: ['kind'],
    });
    // Every kind from the start, at 0: rate() and increase() see the first refusal.
    for (const kind of REFUSAL_KINDS) this.refusals.inc({ kind }, 0);
  }

  /** A counter on this service's registry; its name starts with `linkyard_` and ends in `_total`. */
  counter<T extends string>(config: Omit<CounterConfiguration<T>, 'registers'>): Counter<T> {
    this.checkName(config.name);
    if (!config.name.endsWith('_total')) throw new Error(`The counter ${config.name} must end in _total.`);
    return new Counter({ ...config, registers: [this.registry] });
  }

  /** A gauge on this service's registry; its name starts with `linkyard_`, with its unit in it. */
  gauge<T extends string>(config: Omit<GaugeConfiguration<T>, 'registers'>): Gauge<T> {
    this.checkName(config.name);
    return new Gauge({ ...config, registers: [this.registry] });
  }

  /**
   * A cache whose lookups and size are read at each scrape: the caches make themselves known here
   * (the metrics module imports none of them).
   */
  watchCache(name: string, cache: WatchedCache): void {
    this.caches.set(name, cache);
  }

  /** The caches that made themselves known, by name. */
  get watchedCaches(): ReadonlyMap<string, WatchedCache> {
    return this.caches;
  }

  refused(kind: RefusalKind): void {
    this.refusals.inc({ kind });
  }

  /** The process's own metrics (CPU, memory, event loop, GC: `process_*`, `nodejs_*`), once. */
  collectProcessMetrics(): void {
    if (this.processMetrics) return;
    this.processMetrics = true;
    collectDefaultMetrics({ register: this.registry });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Everything, in the Prometheus text format. */
  async exposition(): Promise<string> {
    return `${await this.registry.metrics()}\n${this.requests.exposition()}`;
  }

  private checkName(name: string): void {
    if (!METRIC_NAME.test(name)) throw new Error(`A Linkyard metric's name starts with linkyard_ (snake case): ${name}`);
    if (name === REQUEST_DURATION_NAME || this.registry.getSingleMetric(name)) throw new Error(`The metric ${name} is already registered.`);
  }
}
