import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { ApiError } from './common/api-error';
import { API_PREFIX } from './common/api-prefix';
import type { AuthenticatedRequest } from './common/account';
import { MemoryFixedWindowStorage, RedisFixedWindowStorage } from './common/fixed-window.storage';
import { createRedis } from './common/redis';
import { BODY_LIMIT, registerJsonParser } from './common/request-body';
import { RouteTable } from './common/route-table';
import { createValidationPipe } from './common/validation.pipe';
import type { Config } from './config/config';
import { EmbeddedPostgres } from './database/embedded-postgres';
import { runMigrations } from './database/migrate';
import { UsersService } from './modules/users/users.service';
import { ClickRecorder } from './public/click-recorder';
import { registerPublicRoutes } from './public/public-routes';
import { PublicService } from './public/public.service';

export interface LinkyardApp {
  app: NestFastifyApplication;
  config: Config;
  /** The key of the admin account created on this start (first start on an empty database). */
  createdAdminKey: string | undefined;
  /** Stops serving, waits for requests in flight, then closes the database. */
  close(): Promise<void>;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the whole service on the configured database, migrated and ready to listen. */
export async function createApp(config: Config): Promise<LinkyardApp> {
  const embedded = config.databaseUrl ? null : await EmbeddedPostgres.start(config.dataDir);
  const redis = createRedis(config.redisUrl);
  const storage = redis ? new RedisFixedWindowStorage(redis) : new MemoryFixedWindowStorage();
  const routes = new RouteTable();

  const adapter = new FastifyAdapter({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // One line per request is written by the onResponse hook below, with the account.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    genReqId: (request: IncomingMessage) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const fastify = adapter.getInstance();
  fastify.addHook('onRoute', (route) => routes.add(route.method, route.url));
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  // One line per request at info level and below; above it the hook is not even registered.
  if (['info', 'debug', 'trace'].includes(config.logLevel)) {
    fastify.addHook('onResponse', async (request: AuthenticatedRequest, reply) => {
      request.log.info(
      {
        reqId: request.id,
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        account: request.account?.id,
      },
      'request',
    );
    });
  }
  registerJsonParser(fastify);

  let app: NestFastifyApplication | undefined;
  try {
    app = await NestFactory.create<NestFastifyApplication>(
      AppModule.forRoot({
        config,
        database: config.databaseUrl ? { url: config.databaseUrl } : embedded!.connection,
        redis,
        storage,
        routes,
      }),
      adapter,
      { bodyParser: false, logger: config.logLevel === 'silent' ? false : ['error', 'warn'] },
    );
    app.setGlobalPrefix(API_PREFIX, { exclude: ['healthz'] });
    app.useGlobalPipes(createValidationPipe());
    registerPublicRoutes(fastify, app.get(PublicService), app.get(ClickRecorder));
    await runMigrations(app.get(DataSource), embedded !== null);
    await app.init();
  } catch (error) {
    await app?.close().catch(() => undefined);
    redis?.disconnect();
    await embedded?.stop();
    throw error;
  }

  const createdAdminKey = await bootstrapAdmin(app.get(UsersService), config);
  const nest = app;
  return {
    app: nest,
    config,
    createdAdminKey,
    async close() {
      // Stop taking requests and let those in flight finish, write the clicks they recorded, then
      // close the rest (Nest closes the server again, which is then a no-op).
      await fastify.close();
      await nest.get(ClickRecorder).stop();
      await nest.close();
      redis?.disconnect();
      await embedded?.stop();
    },
  };
}

/** ADMIN_API_KEY always names an admin; without it, an empty database gets one admin, once. */
async function bootstrapAdmin(users: UsersService, config: Config): Promise<string | undefined> {
  if (config.adminApiKey) {
    await users.ensureAdminKey(config.adminApiKey);
    return undefined;
  }
  if ((await users.count()) > 0) return undefined;
  try {
    return await users.createBootstrapAdmin();
  } catch (error) {
    // Another instance starting on the same empty database created it first.
    if (error instanceof ApiError && error.status === 409) return undefined;
    throw error;
  }
}
