import { Module } from '@nestjs/common';
import { PublicModule } from '../../public/public.module';
import { AuthModule } from '../auth/auth.module';
import { ClicksModule } from '../clicks/clicks.module';
import { ServiceMetrics } from './service-metrics';

/**
 * The metrics of the click recorder, the caches and the database pool. `Metrics` itself (the
 * registry, the request durations, the refusals) is made by the application before Nest starts,
 * so the Fastify hooks can use it, and is injectable everywhere.
 */
@Module({ imports: [ClicksModule, AuthModule, PublicModule], providers: [ServiceMetrics] })
export class MetricsModule {}
