import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from './modules/auth/auth.module';
import { AdminGuard, AuthGuard, BodyGuard } from './modules/auth/auth.guard';
import { EnvelopeExceptionFilter } from './common/exception.filter';
import {
  MemoryFixedWindowStorage,
  RATE_LIMIT_STORAGE,
  RedisFixedWindowStorage,
  WorkersFixedWindowStorage,
  type FixedWindowStorage,
} from './infrastructure/fixed-window.storage';
import { RATE_LIMIT_WINDOW_MS, RateLimitGuard } from './modules/auth/rate-limit.guard';
import { REDIS, type RedisLink } from './infrastructure/redis';
import { RouteTable } from './common/route-table';
import { UnmatchedRoutesModule } from './common/unmatched-routes.module';
import { Clock } from './common/clock';
import { CLICKHOUSE, type ClickHouse } from './modules/clicks/clickhouse/clickhouse';
import type { Config } from './config/config';
import { CONFIG } from './config/config.provider';
import { HOST_RESOLVER, type HostResolver } from './infrastructure/host-resolver';
import { serviceConnection, type DatabaseTarget } from './database/data-source';
import { DatabaseModule, WriteEvents } from './database/write-events';
import { ACCOUNT_CACHE_DEPS, type AccountCacheDeps } from './database/account-cache';
import { RepositoriesModule } from './repositories.module';
import { CLICK_RECORDER_OPTIONS, CLICKHOUSE_BATCH, MAX_BATCH, type ClickRecorderOptions } from './modules/clicks/click-recorder';
import type { ClickSpool } from './modules/clicks/click-spool';
import { AccountModule } from './modules/account/account.module';
import { AdminModule } from './modules/admin/admin.module';
import { BioModule } from './modules/bio/bio.module';
import { DocsModule } from './modules/docs/docs.module';
import { DomainsModule } from './modules/domains/domains.module';
import { HealthModule } from './modules/health/health.module';
import { UsersModule } from './modules/users/users.module';
import { RedirectsModule } from './redirects/redirects.module';
import { CampaignsModule } from './modules/campaigns/campaigns.module';
import { ChannelsModule } from './modules/channels/channels.module';
import { LinksModule } from './modules/links/links.module';
import { OverlaysModule } from './modules/overlays/overlays.module';
import { PixelsModule } from './modules/pixels/pixels.module';
import { ReportsModule } from './modules/reports/reports.module';
import { QrModule } from './modules/qr/qr.module';
import { SplashModule } from './modules/splash/splash.module';
import { Metrics } from './infrastructure/metrics';
import { MetricsModule } from './modules/metrics/metrics.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';
import { SessionsModule } from './modules/sessions/sessions.module';
import { SsoModule } from './modules/sso/sso.module';
import { HttpsModule } from './modules/https/https.module';
import { LiveModule } from './modules/live/live.module';
import { SessionCsrfGuard } from './modules/sessions/session-csrf.guard';
import { WorkspaceGuard } from './modules/workspaces/workspace.guard';
import { WorkspacesModule } from './modules/workspaces/workspaces.module';

/**
 * What the service is built from: its configuration and the resources app.ts opened for it (the
 * database, Redis, the click spool: what must be closed even when the start fails), and, for
 * tests, the clock and the resolver. Every object of the service is made here, from these.
 */
export interface AppModuleOptions {
  config: Config;
  database: DatabaseTarget;
  redis: RedisLink;
  /** The click store's connection with CLICKHOUSE_URL, or null. */
  clickhouse: ClickHouse | null;
  /** The disk overflow of the click recorder; null: none (CLICK_SPOOL_DIR empty). */
  spool: ClickSpool | null;
  /** DNS lookups for branded domains; tests give a zone of their own. */
  hostResolver: HostResolver;
  clock: Clock;
}

/** Process-wide objects every module may inject, made once from the options. */
@Global()
@Module({})
class CoreModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: CONFIG, useValue: options.config },
        { provide: Clock, useValue: options.clock },
        { provide: REDIS, useValue: options.redis },
        { provide: CLICKHOUSE, useValue: options.clickhouse },
        { provide: HOST_RESOLVER, useValue: options.hostResolver },
        {
          provide: RATE_LIMIT_STORAGE,
          useFactory: (redis: RedisLink, clock: Clock): FixedWindowStorage =>
            redis.configured
              ? new RedisFixedWindowStorage(redis, clock)
              : redis.workers
                ? new WorkersFixedWindowStorage(redis.workers, clock)
                : new MemoryFixedWindowStorage(clock),
          inject: [REDIS, Clock],
        },
        {
          provide: CLICK_RECORDER_OPTIONS,
          useValue: {
            bufferLimit: options.config.clickBufferLimit,
            spool: options.spool,
            batchSize: options.clickhouse ? CLICKHOUSE_BATCH : MAX_BATCH,
          } satisfies ClickRecorderOptions,
        },
        RouteTable,
        Metrics,
        {
          provide: ACCOUNT_CACHE_DEPS,
          useFactory: (redis: RedisLink, clock: Clock, events: WriteEvents, metrics: Metrics): AccountCacheDeps => ({
            redis,
            clock,
            events,
            watch: (name, cache) => metrics.watchCache(name, cache),
          }),
          inject: [REDIS, Clock, WriteEvents, Metrics],
        },
      ],
      exports: [
        Clock,
        CONFIG,
        REDIS,
        CLICKHOUSE,
        RATE_LIMIT_STORAGE,
        RouteTable,
        CLICK_RECORDER_OPTIONS,
        HOST_RESOLVER,
        Metrics,
        ACCOUNT_CACHE_DEPS,
      ],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(options),
        TypeOrmModule.forRoot({ ...serviceConnection(options.database, options.config.databaseTimeoutMs), autoLoadEntities: true }),
        DatabaseModule,
        RepositoriesModule,
        ThrottlerModule.forRootAsync({
          inject: [RATE_LIMIT_STORAGE],
          // The module wants a throttler; RateLimitGuard counts every request in RATE_LIMIT_WINDOW_MS
          // at its account's own limit, and reads no throttler's setting.
          useFactory: (storage: FixedWindowStorage) => ({
            throttlers: [{ name: 'default', ttl: RATE_LIMIT_WINDOW_MS, limit: 30 }],
            storage,
          }),
        }),
        AuthModule,
        WebhooksModule,
        UsersModule,
        SessionsModule,
        SsoModule,
        HttpsModule,
        AccountModule,
        AdminModule,
        DomainsModule,
        LinksModule,
        CampaignsModule,
        ChannelsModule,
        PixelsModule,
        ReportsModule,
        QrModule,
        BioModule,
        OverlaysModule,
        SplashModule,
        LiveModule,
        WorkspacesModule,
        HealthModule,
        MetricsModule,
        DocsModule,
        RedirectsModule,
        UnmatchedRoutesModule,
      ],
      providers: [
        // Order matters: who you are, then how often you may ask, then whether you may. The first
        // two are also called before a body is read (app.ts), hence their own providers.
        AuthGuard,
        RateLimitGuard,
        { provide: APP_GUARD, useExisting: AuthGuard },
        { provide: APP_GUARD, useExisting: RateLimitGuard },
        // A session's changing request without its proof, or from another site: 403.
        { provide: APP_GUARD, useClass: SessionCsrfGuard },
        { provide: APP_GUARD, useClass: AdminGuard },
        // The workspace the request acts in, and whether the person's role there allows it (roles.ts).
        { provide: APP_GUARD, useExisting: WorkspaceGuard },
        // Last: the body is read once the caller is known and counted.
        { provide: APP_GUARD, useClass: BodyGuard },
        { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
      ],
    };
  }
}
