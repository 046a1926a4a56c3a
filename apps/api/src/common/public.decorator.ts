import { applyDecorators, SetMetadata } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';

export const IS_PUBLIC = 'linkyard:public';
export const IS_ADMIN_ONLY = 'linkyard:admin-only';

/**
 * The route needs no API key (and is not rate limited per account). Put on each handler, not on a
 * class: it is also written into the Fastify route's config, which Fastify reads per handler, so
 * the check made before a body is read (app.ts) knows the route without Nest.
 */
export const Public = (): MethodDecorator => applyDecorators(SetMetadata(IS_PUBLIC, true), RouteConfig({ [IS_PUBLIC]: true }));

/** Whether the route a request matched is marked @Public(). */
export const isPublicRoute = (request: FastifyRequest): boolean =>
  (request.routeOptions.config as unknown as Record<string, unknown> | undefined)?.[IS_PUBLIC] === true;

/** Only admin keys may call the route; others get 403. */
export const AdminOnly = (): MethodDecorator & ClassDecorator => SetMetadata(IS_ADMIN_ONLY, true);
