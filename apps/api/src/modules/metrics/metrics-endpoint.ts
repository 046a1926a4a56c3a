import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../../infrastructure/metrics';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const REFUSED = JSON.stringify({ error: 1, message: 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.' });

/** Whether an Authorization header carries the token; compared in constant time (as digests, so lengths never show). */
export function carriesToken(header: string | undefined, token: string): boolean {
  const given = header === undefined ? undefined : BEARER.exec(header)?.[1];
  if (given === undefined) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** `GET /metrics` on the service's own port, for holders of METRICS_TOKEN only (401 otherwise). */
export function serveMetrics(fastify: FastifyInstance, metrics: Metrics, token: string): void {
  fastify.get('/metrics', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!carriesToken(request.headers.authorization, token)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').type('application/json; charset=utf-8').send(REFUSED);
    }
    return reply.type(metrics.contentType).send(await metrics.exposition());
  });
}

/**
 * `/metrics` on a port of its own (METRICS_PORT on METRICS_HOST, loopback by default), apart from
 * the public traffic: a plain HTTP server that answers `GET /metrics` (and asks for METRICS_TOKEN
 * when it is set) and 404 to anything else.
 */
export async function listenForMetrics(metrics: Metrics, host: string, port: number, token: string | undefined): Promise<Server> {
  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    if (token !== undefined && !carriesToken(request.headers.authorization, token)) {
      response.writeHead(401, { 'Content-Type': 'application/json; charset=utf-8', 'WWW-Authenticate': 'Bearer' }).end(REFUSED);
      return;
    }
    const body = await metrics.exposition();
    response.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
  const server = createServer((request, response) => {
    answer(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
