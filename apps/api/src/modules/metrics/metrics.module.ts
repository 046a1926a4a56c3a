import { Module } from '@nestjs/common';
import { ClicksModule } from '../clicks/clicks.module';
import { ServiceMetrics } from './service-metrics';

/**
 * The metrics of the click recorder, the caches (each makes itself known: Metrics.watchCache) and
 * the database pool. `Metrics` itself (the
 * registry, the request durations, the refusals) is made by the application before Nest starts,
 * so the Fastify hooks can use it, and is injectable everywhere.
 */
@Module({ imports: [ClicksModule], providers: [ServiceMetrics] })
export class MetricsModule {}
