import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { DatabasePool, type PoolState } from '../../database/pool';
import { ClickRecorder, type ClickRecorderProgress } from '../clicks/click-recorder';
import { Metrics } from '../../infrastructure/metrics';

/**
 * The metrics of what the service keeps anyway: the click recorder, the caches and the database
 * pool. Each is read when Prometheus scrapes (`collect`), so none adds work to a request.
 */
@Injectable()
export class ServiceMetrics {
  constructor(
    @Inject(Metrics) metrics: Metrics,
    @Inject(ClickRecorder) clicks: ClickRecorder,
    @Inject(DatabasePool) database: DatabasePool,
    @Inject(Clock) clock: Clock,
  ) {
    const clickGauge = (name: string, help: string, read: (progress: ClickRecorderProgress) => number) =>
      metrics.gauge({
        name,
        help,
        collect() {
          this.set(read(clicks.progress()));
        },
      });
    const clickCounter = (name: string, help: string, read: (progress: ClickRecorderProgress) => number) =>
      metrics.counter({
        name,
        help,
        // The recorder keeps the total; the counter shows it.
        collect() {
          this.reset();
          this.inc(read(clicks.progress()));
        },
      });
    clickGauge('linkyard_clicks_buffered', 'Clicks held in memory, not yet written to the database.', (progress) => progress.buffered);
    clickCounter(
      'linkyard_clicks_written_total',
      'Clicks written to the database (in committed batches) since the start.',
      (progress) => progress.written,
    );
    clickCounter(
      'linkyard_clicks_dropped_total',
      'Clicks lost since the start: the memory bound and the disk spool were both full, or there was no spool.',
      (progress) => progress.dropped,
    );
    clickCounter(
      'linkyard_clicks_spooled_total',
      'Clicks put in the disk spool since the start (memory bound reached while the database was away, or a stop without it).',
      (progress) => progress.spooled,
    );
    clickGauge('linkyard_clicks_spool_batches', 'Batches of clicks waiting in the disk spool.', (progress) => progress.spooledBatches);
    clickGauge(
      'linkyard_clicks_ingest_lag_seconds',
      'Age of the oldest click held in memory (0 when none is): how far the click writer is behind.',
      ({ oldestBufferedAt }) => (oldestBufferedAt === null ? 0 : Math.max(0, (clock.now() - oldestBufferedAt) / 1000)),
    );

    metrics.counter({
      name: 'linkyard_cache_hits_total',
      help: 'Lookups answered from an in-process cache, by cache: redirect (links, hosts, QR codes, campaigns of the public routes), auth (API keys).',
      labelNames: ['cache'],
      collect() {
        this.reset();
        for (const [cache, watched] of metrics.watchedCaches) this.inc({ cache }, watched.lookups.hits);
      },
    });
    metrics.counter({
      name: 'linkyard_cache_misses_total',
      help: 'Lookups an in-process cache could not answer (the database was asked), by cache; while Redis is away every lookup is one.',
      labelNames: ['cache'],
      collect() {
        this.reset();
        for (const [cache, watched] of metrics.watchedCaches) this.inc({ cache }, watched.lookups.misses);
      },
    });
    metrics.gauge({
      name: 'linkyard_cache_entries',
      help: 'Entries held by an in-process cache, by cache.',
      labelNames: ['cache'],
      collect() {
        for (const [cache, watched] of metrics.watchedCaches) this.set({ cache }, watched.size.entries);
      },
    });

    const pool = (name: string, help: string, read: (pool: PoolState) => number) =>
      metrics.gauge({
        name,
        help,
        collect() {
          const current = database.state();
          if (current) this.set(read(current));
        },
      });
    pool('linkyard_db_pool_connections', 'Connections the database pool holds open, busy or idle.', (current) => current.total);
    pool('linkyard_db_pool_idle_connections', 'Open connections of the database pool that no query uses.', (current) => current.idle);
    pool(
      'linkyard_db_pool_waiting_requests',
      'Queries waiting for a connection of the database pool (all are busy).',
      (current) => current.waiting,
    );
    pool('linkyard_db_pool_max_connections', 'The most connections the database pool may open.', (current) => current.max);
  }
}
