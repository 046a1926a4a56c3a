import { All, Controller, Inject, Module, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { unmatchedRoute } from './exception.filter';
import { RouteTable } from './route-table';

/**
 * Every path under /l/api that no endpoint serves, for every method: answered here, at the end of
 * the same pipeline as any endpoint (the key, the rate limit and its headers, then the 404, or 405
 * with `Allow` when the path exists with another method). The router prefers every real route to
 * this wildcard, whatever the order.
 */
@Controller()
class UnmatchedRoutesController {
  constructor(@Inject(RouteTable) private readonly routes: RouteTable) {}

  @All('*')
  unmatched(@Req() request: FastifyRequest): never {
    throw unmatchedRoute(this.routes, request);
  }
}

/** Imported last by the application module. */
@Module({ controllers: [UnmatchedRoutesController] })
export class UnmatchedRoutesModule {}
