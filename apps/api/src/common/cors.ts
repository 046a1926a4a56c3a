import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from './api-prefix';

/** What a browser script may read of an answer, besides the simple headers. */
const EXPOSED = 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, X-Request-Id';
const METHODS = 'GET, POST, PUT, DELETE';
const HEADERS = 'Authorization, Content-Type, X-Request-Id, X-Linkyard-Workspace';

/**
 * CORS for the API only (`/l/api`): API keys travel in the Authorization header and carry no
 * ambient authority (no cookies), so a page of another origin gains nothing it could not do with
 * the key itself; credentials mode is never allowed. A preflight is answered here, before the key
 * is read (browsers send none with it). `origins` is '*' (any) or a list; an empty list turns CORS
 * off. Written as a hook of a few lines rather than a plugin, so the public pages and the redirect
 * path pay nothing for it.
 */
export function registerCors(fastify: FastifyInstance, origins: '*' | string[]): void {
  if (origins !== '*' && origins.length === 0) return;
  const prefix = `/${API_PREFIX}/`;
  fastify.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined || !request.url.startsWith(prefix)) return done();
    let allowed: string | null = '*';
    if (origins !== '*') {
      reply.header('Vary', 'Origin');
      allowed = origins.includes(origin) ? origin : null;
    }
    if (allowed === null) return done();
    reply.header('Access-Control-Allow-Origin', allowed).header('Access-Control-Expose-Headers', EXPOSED);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      void reply
        .code(204)
        .header('Access-Control-Allow-Methods', METHODS)
        .header('Access-Control-Allow-Headers', HEADERS)
        .header('Access-Control-Max-Age', '86400')
        .header('Content-Length', '0')
        .send();
      return;
    }
    done();
  });
}
