import { ArgumentsHost, Catch, ExceptionFilter, Inject, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import { logFailure, toErrorResponse } from './error-response';
import { sendOrClose } from './reply';
import { RouteTable } from './route-table';

/** Turns an unmatched request into a 404 or, when the path exists with another method, a 405. */
export function unmatchedRoute(routes: RouteTable, request: FastifyRequest): ApiError {
  const path = request.url.split('?')[0] ?? '/';
  // No endpoint's path ends with a slash: say where the one meant is, rather than "use GET" for a GET.
  if (path.length > 1 && path.endsWith('/')) {
    const meant = path.replace(/\/+$/, '');
    const there = routes.methodsFor(meant).length > 0 ? ` The endpoint is at ${meant}, without the trailing slash.` : '';
    return new ApiError(404, `There is no endpoint at ${path}.${there}`);
  }
  const allowed = routes.methodsFor(path).filter((method) => method !== 'HEAD');
  if (allowed.length > 0) {
    return new ApiError(405, `Method ${request.method} is not allowed on ${path}; use ${allowed.join(' or ')}.`, {
      Allow: allowed.join(', '),
    });
  }
  return new ApiError(404, `There is no endpoint at ${path}.`);
}

/**
 * The one place errors become the `{error: 1, message}` envelope. Pages outside the API answer
 * their own errors (the public side registers its own 404 for every other GET).
 */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  constructor(@Inject(RouteTable) private readonly routes: RouteTable) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    // Nest's router answers an unmatched request with a NotFoundException and no matched route.
    const unmatched = exception instanceof NotFoundException && !request.routeOptions?.url;
    sendError(request, reply, unmatched ? unmatchedRoute(this.routes, request) : exception);
  }
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): void {
  const response = toErrorResponse(error);
  logFailure(request, response, error);
  sendOrClose(reply, () => reply.status(response.status).headers(response.headers).send(response.body));
}
