import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolveSecurityHeaders } from '@nestjs/core/security/security-headers.js';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestPinoLogger } from './infrastructure/nest-logger';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyHttpOptions } from 'fastify';
import { AppModule } from './app.module';
import { ApiError } from './common/api-error';
import { type Clock, SystemClock } from './common/clock';
import { API_PREFIX } from './common/api-prefix';
import type { AuthenticatedRequest } from './common/account';
import { RATE_LIMIT_STORAGE, type FixedWindowStorage } from './infrastructure/fixed-window.storage';
import { registerCors } from './common/cors';
import { redactUrl } from './common/redaction';
import { RedisLink } from './infrastructure/redis';
import { BODY_LIMIT, LARGE_BODY_LIMIT, LARGE_BODY_ROUTES, registerBodyReaders } from './common/request-body';
import { isPublicRoute } from './common/public.decorator';
import { AuthGuard, refuseDisabled } from './modules/auth/auth.guard';
import { PasswordHasher } from './modules/auth/password';
import { RateLimitGuard } from './modules/auth/rate-limit.guard';
import { RouteTable } from './common/route-table';
import { createValidationPipe } from './common/validation.pipe';
import type { Config } from './config/config';
import { EmbeddedPostgres } from './database/embedded-postgres';
import type { DatabaseTarget } from './database/data-source';
import { StartupLock } from './database/migrate';
import { systemResolver, type HostResolver } from './infrastructure/host-resolver';
import { UsersService } from './modules/users/users.service';
import { LiveClicks } from './modules/clicks/live-clicks';
import { ClickRecorder } from './modules/clicks/click-recorder';
import { ClickHouse, type ClickHouseConnection } from './modules/clicks/clickhouse/clickhouse';
import { ClickSpool } from './modules/clicks/click-spool';
import { VisitorSalt } from './modules/clicks/visitor-salt';
import { Metrics } from './infrastructure/metrics';
import { listenForMetrics, serveMetrics } from './modules/metrics/metrics-endpoint';
import { measureRequests } from './modules/metrics/request-metrics';
import { registerRedirectRoutes, visitRecorder } from './redirects/redirect-routes';
import { registerDashboard } from './dashboard/dashboard-routes';
import { RedirectsService } from './redirects/redirects.service';
import { cachedRedirect } from './redirects/cached-redirect';
import { clientAddress, trustProxyOf } from './common/client-address';
import type { Server as HttpsServer } from 'node:https';
import { AutomaticHttps } from './modules/https/automatic-https';
import { createHttpsServer, redirectToHttps } from './modules/https/https-server';

export interface LinkyardApp {
  app: NestFastifyApplication;
  config: Config;
  /**
   * On an empty database without ADMIN_API_KEY: creates the first admin account and returns its
   * key, to be shown once; otherwise undefined. Called once the service listens, so that a start
   * that fails (a port taken) never makes an admin whose key nobody saw.
   */
  createFirstAdmin(): Promise<string | undefined>;
  /**
   * What the HTTP server does with a request: a cached link's plain redirect answered at once,
   * everything else through Fastify (see redirects/cached-redirect.ts). Tests send requests here.
   */
  handle: (request: IncomingMessage, response: ServerResponse) => void;
  /**
   * The HTTPS listener of automatic HTTPS (ACME_EMAIL), not yet listening: main.ts (or a test)
   * listens on HTTPS_PORT once HTTP listens, so the CA's challenges are answered. Null when off.
   */
  https: HttpsServer | null;
  /** Stops serving, waits for requests in flight, then closes the database. */
  close(): Promise<void>;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A request's id: the caller's X-Request-Id when it is a sensible one, else a new UUID. */
function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Headers on every answer. The policy here is the API's (JSON: nothing may load, nothing may
 * frame it); HTML pages (the public pages, the API reference) send their own. Images stay
 * embeddable by other sites (QR codes are printed on their pages), and HSTS is left to the TLS
 * terminator, which knows which hosts are served over https.
 */
const SECURITY_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"], 'base-uri': ["'none'"], 'form-action': ["'none'"] },
  },
  crossOriginResourcePolicy: false,
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
} as const;

/** Builds the whole service on the configured database, migrated and ready to listen. */
export interface CreateAppOptions {
  /** Where log lines go (JSON lines); default: standard output. */
  logStream?: NodeJS.WritableStream;
  /** DNS lookups for branded domains; default: the system's resolver. */
  hostResolver?: HostResolver;
  /** The time the service goes by; default: the system's. Tests move theirs instead of waiting. */
  clock?: Clock;
  /** A dump of a migrated embedded database that a `memory://` one starts from (tests). */
  embeddedSeed?: Blob;
  /** How ClickHouse is reached instead of HTTP (tests: a current engine in process), with CLICKHOUSE_URL set. */
  clickhouseConnection?: ClickHouseConnection;
}

export async function createApp(config: Config, options: CreateAppOptions = {}): Promise<LinkyardApp> {
  const embedded = config.databaseUrl ? null : await EmbeddedPostgres.start(config.dataDir, options.embeddedSeed);
  const database: DatabaseTarget = config.databaseUrl ? { url: config.databaseUrl } : embedded!.connection;
  const redis = config.redisUrl ? RedisLink.connect(config.redisUrl) : RedisLink.none();
  const clickhouse = config.clickhouseUrl
    ? new ClickHouse(config.clickhouseUrl, config.clickhouseTimeoutMs, options.clickhouseConnection)
    : null;
  const clock = options.clock ?? new SystemClock();
  let startup: StartupLock | undefined;
  let metricsServer: Server | null = null;
  let httpsServer: HttpsServer | null = null;
  const trustProxy = trustProxyOf(config.trustProxy);
  const client = clientAddress(trustProxy);
  // Set once the service is ready, cleared when it closes: Fastify then answers everything (a 503 while closing).
  let answerCached: ((request: IncomingMessage, response: ServerResponse) => boolean) | null = null;
  let fastifyHandler: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  // With automatic HTTPS, plain HTTP answers the CA's challenges and sends hosts with a certificate to HTTPS.
  let automaticHttps: AutomaticHttps | null = null;
  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    if (automaticHttps && (automaticHttps.answerChallenge(request, response) || redirectToHttps(automaticHttps, client, request, response)))
      return;
    if (answerCached === null || !answerCached(request, response)) fastifyHandler!(request, response);
  };

  const adapter = new FastifyAdapter({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // One line per request is written by the onResponse hook below, with the account.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy,
    bodyLimit: BODY_LIMIT,
    // A request (headers and body) that takes longer to arrive is cut off: slow bodies hold no socket for ever.
    requestTimeout: config.requestTimeoutMs,
    // Node checks for late requests on an interval (30 s by default): often enough to hold the limit.
    http: {
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(config.requestTimeoutMs / 4))),
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
    },
    genReqId: requestIdOf,
    // The server Fastify would make (its settings as it applies them), with the cached redirects in front.
    serverFactory: (handler: (request: IncomingMessage, response: ServerResponse) => void, options: FastifyHttpOptions<Server>) => {
      fastifyHandler = handler;
      const server = createServer(options.http ?? {}, handle);
      server.keepAliveTimeout = options.keepAliveTimeout!;
      server.requestTimeout = options.requestTimeout!;
      server.setTimeout(options.connectionTimeout);
      return server;
    },
  });
  const fastify = adapter.getInstance();
  // Nest's lines, and those of the service's `new Logger(...)`, go through the same JSON logger.
  const nestLogger = config.logLevel === 'silent' ? false : new NestPinoLogger(fastify.log);
  Logger.overrideLogger(nestLogger);

  let app: NestFastifyApplication | undefined;
  try {
    startup = await StartupLock.migrate(database);
    const spool = config.clickSpoolDir ? await ClickSpool.open(config.clickSpoolDir, config.clickSpoolLimitBytes) : null;
    app = await NestFactory.create<NestFastifyApplication>(
      AppModule.forRoot({ config, database, redis, clickhouse, spool, clock, hostResolver: options.hostResolver ?? systemResolver }),
      adapter,
      { bodyParser: false, logger: nestLogger },
    );
    // Nest has made every object; its routes are registered at init, after Fastify's hooks below.
    clickhouse?.start();
    const metrics = app.get(Metrics);
    const routes = app.get(RouteTable);
    const storage = app.get<symbol, FixedWindowStorage>(RATE_LIMIT_STORAGE);

    // Requests are timed, and the process measured, only when /metrics is served somewhere: without
    // METRICS_TOKEN or METRICS_PORT no hook is registered at all (docs/operations.md).
    const measured = config.metricsToken !== undefined || config.metricsPort !== null;
    if (measured) {
      metrics.collectProcessMetrics();
      measureRequests(fastify, metrics.requests);
    }
    fastify.addHook('onRoute', (route) => {
      routes.add(route.method, route.url);
      if (LARGE_BODY_ROUTES.has(route.url)) route.bodyLimit = LARGE_BODY_LIMIT;
    });
    fastify.addHook('onRequest', (request, reply, done) => {
      reply.header('X-Request-Id', request.id);
      done();
    });
    registerCors(fastify, config.corsOrigins);
    // One line per request at info level and below; above it the hook is not even registered. The
    // path only: a query string may carry what must not be logged (a key sent as ?key= by mistake).
    const logsRequests = ['info', 'debug', 'trace'].includes(config.logLevel);
    if (logsRequests) {
      fastify.addHook('onResponse', (request: AuthenticatedRequest, reply, done) => {
        request.log.info(
          {
            method: request.method,
            path: redactUrl(request.url),
            status: reply.statusCode,
            ms: Math.round(reply.elapsedTime * 10) / 10,
            account: request.account?.id,
          },
          'request',
        );
        done();
      });
    }
    registerBodyReaders(fastify);
    // The caller of an API call with a body is known and counted from the headers before a byte of
    // the body is read: a request without a valid key, or over its account's limit, is answered at
    // once, and only an authenticated caller may send the 8 MiB a bulk call or an import takes. The
    // guards run again in Nest's pipeline, where they find this request authenticated and counted.
    let checkCaller: ((request: AuthenticatedRequest, reply: FastifyReply) => Promise<void>) | null = null;
    fastify.addHook('preParsing', async (request: AuthenticatedRequest, reply, payload) => {
      if (checkCaller && carriesBody(request) && request.routeOptions.url?.startsWith(`/${API_PREFIX}/`) && !isPublicRoute(request)) {
        await checkCaller(request, reply);
      }
      return payload;
    });

    app.setGlobalPrefix(API_PREFIX, { exclude: ['healthz', 'readyz'] });
    app.useSecurityHeaders(SECURITY_HEADERS);
    app.useGlobalPipes(createValidationPipe());
    registerRedirectRoutes(
      fastify,
      app.get(RedirectsService),
      app.get(ClickRecorder),
      app.get(VisitorSalt),
      storage,
      clock,
      metrics,
      app.get(PasswordHasher),
      routes,
    );
    registerDashboard(fastify, app.get(RedirectsService));
    const authGuard = app.get(AuthGuard);
    const rateLimitGuard = app.get(RateLimitGuard);
    checkCaller = async (request, reply) => {
      await authGuard.authenticate(request);
      await rateLimitGuard.consume(request, reply);
      // A disabled account's key never costs the reading of a body either.
      refuseDisabled(request);
    };
    if (config.metricsPort === null && config.metricsToken !== undefined) serveMetrics(fastify, metrics, config.metricsToken);
    await app.init();
    // Fastify compiles its routes' hooks when ready (which listen() waits for): a request may be handed to it from now on.
    await fastify.ready();
    answerCached = cachedRedirect({
      service: app.get(RedirectsService),
      salt: app.get(VisitorSalt),
      record: visitRecorder(app.get(ClickRecorder), clock),
      client,
      requestId: requestIdOf,
      headers: resolveSecurityHeaders(SECURITY_HEADERS).headers,
      ownPath: (path) => routes.isFixed(path),
      log: fastify.log,
      logRequests: logsRequests,
      durations: measured ? metrics.requests.route('public', '/:alias') : null,
    });
    if (config.acme) {
      const certificates = app.get(AutomaticHttps);
      await certificates.start();
      automaticHttps = certificates;
      httpsServer = createHttpsServer(certificates, handle, { requestTimeoutMs: config.requestTimeoutMs, keepAliveTimeoutMs: 72_000 });
    }
    if (config.metricsPort !== null) {
      metricsServer = await listenForMetrics(metrics, config.metricsHost, config.metricsPort, config.metricsToken);
    }
  } catch (error) {
    await app?.close().catch(() => undefined);
    closeServer(metricsServer);
    closeServer(httpsServer);
    await startup?.release();
    redis.close();
    await clickhouse?.close();
    await embedded?.stop();
    throw error;
  }

  try {
    // Still under the start-up lock: ADMIN_API_KEY names an admin, and the free plan has the
    // configured limit, before any request is served.
    const users = app.get(UsersService);
    if (config.adminApiKey) await users.ensureAdminKey(config.adminApiKey);
    await users.applyDefaultRateLimit();
  } finally {
    await startup.release();
  }
  const nest = app;
  return {
    app: nest,
    config,
    handle,
    https: httpsServer,
    createFirstAdmin: () => createFirstAdmin(nest.get(UsersService), config),
    async close() {
      // Stop taking requests and let those in flight finish, write the clicks they recorded, then
      // close the rest (Nest closes the server again, which is then a no-op).
      // Live click streams never finish on their own: they end first, so the server can close.
      nest.get(LiveClicks).closeAll();
      answerCached = null;
      const https = httpsServer;
      const httpsClosed = https?.listening ? new Promise((resolve) => https.close(resolve)) : null;
      https?.closeIdleConnections();
      await fastify.close();
      await httpsClosed;
      closeServer(metricsServer);
      await nest.get(ClickRecorder).stop();
      await nest.close();
      redis.close();
      await clickhouse?.close();
      await embedded?.stop();
    },
  };
}

/** Whether a request comes with a body (a length above zero, or chunks). */
function carriesBody(request: FastifyRequest): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}

/** Stops the metrics port: a scrape in flight is cut, there is nothing to finish. */
function closeServer(server: Server | HttpsServer | null): void {
  server?.close();
  server?.closeAllConnections();
}

/** Without ADMIN_API_KEY, an empty database gets one admin, once. */
async function createFirstAdmin(users: UsersService, config: Config): Promise<string | undefined> {
  if (config.adminApiKey || (await users.count()) > 0) return undefined;
  try {
    return await users.createBootstrapAdmin();
  } catch (error) {
    // Another instance starting on the same empty database created it first.
    if (error instanceof ApiError && error.status === 409) return undefined;
    throw error;
  }
}
