import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { ClientAddress } from '../common/client-address';
import { redactUrl } from '../common/redaction';
import { servableUrl } from '../common/urls';
import type { RouteDurations } from '../infrastructure/request-durations';
import type { VisitorSalt } from '../modules/clicks/visitor-salt';
import type { Visit } from '../modules/clicks/visitor';
import { LINK_ANSWER, linkPage, visitFrom, type Target } from './redirect-routes';
import { routeFor, type RedirectsService } from './redirects.service';

/** A path that can only be a short link's: one segment of an alias's characters, then the query if any. */
const ALIAS_PATH = /^\/([A-Za-z0-9_-]{1,50})(?:\?|$)/;

export interface CachedRedirectOptions {
  service: RedirectsService;
  salt: VisitorSalt;
  record: (method: string, url: string, visit: Visit, target: Target, destination: string) => void;
  client: ClientAddress;
  /** The request's id, as Fastify's genReqId gives it. */
  requestId: (request: IncomingMessage) => string;
  /** The headers every answer carries (the security headers), in the order Fastify's hook writes them. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** Paths the service serves as such (`/healthz`): never a short link's, whatever is cached. */
  ownPath: (path: string) => boolean;
  /** The service's logger. */
  log: FastifyBaseLogger;
  /** Whether a line is written per request (LOG_LEVEL info and below). */
  logRequests: boolean;
  /** The `/:alias` route's durations, when requests are measured. */
  durations: RouteDurations | null;
}

/**
 * The plain redirect of a link already in memory, answered from the raw request before Fastify
 * builds its request and runs its hooks and router: a GET of `/{alias}` whose domain and link are
 * both cached, a link that is within its dates and click limit, not password-protected, and shows no page on the way
 * (no frame, splash, overlay or pixel), to a destination that can be sent. Its answer is the one
 * the `/:alias` route would send, header for header (the security headers, X-Request-Id,
 * Cache-Control, Referrer-Policy, Location), with the same request log line, the same click and
 * the same request metrics; test/cached-redirect.e2e-spec.ts compares the two. Anything else
 * (false) goes on to Fastify as before: a HEAD, a request with a body, a link not in memory, a
 * page to show, and a request whose reading failed (the route then answers it, and logs why).
 */
export function cachedRedirect(options: CachedRedirectOptions): (request: IncomingMessage, response: ServerResponse) => boolean {
  const { service, salt, record, client, log, durations } = options;

  /** The answer this request would get, or null: nothing is written or counted by this. */
  const plainRedirect = (request: IncomingMessage) => {
    if (request.method !== 'GET') return null;
    const url = request.url ?? '';
    const match = ALIAS_PATH.exec(url);
    if (match === null) return null;
    const raw = request.headers;
    if (raw['content-length'] !== undefined || raw['transfer-encoding'] !== undefined) return null;
    const alias = match[1]!;
    if (options.ownPath(`/${alias}`) || salt.value === null) return null;
    const domain = service.cachedDomain(client.hostname(request).toLowerCase());
    if (domain === undefined) return null;
    const link = service.cachedLink(domain, alias);
    if (!link || link.passwordHash) return null;
    const visit = visitFrom(client.ip(request), raw, salt.value);
    const { destination: target, variant } = routeFor(link, visit);
    const location = servableUrl(target);
    if (location === null || linkPage(link, location) !== null) return null;
    // Last, as it counts the visit of a person under a click limit: the route answers any other case.
    if (service.admit(link, visit.bot) !== 'open') return null;
    return { url, link, visit, target, variant, location };
  };

  // The security headers as the route's answer ends up with them: its Referrer-Policy replaced in
  // place by a link's, the names and values as one flat list (what writeHead takes fastest).
  const fixed = options.headers.flatMap(([name, value]) =>
    name.toLowerCase() === 'referrer-policy' ? ['referrer-policy', LINK_ANSWER.referrerPolicy] : [name, value],
  );
  if (!fixed.includes('referrer-policy')) fixed.push('referrer-policy', LINK_ANSWER.referrerPolicy);
  return (request, response) => {
    const start = performance.now();
    let answer: ReturnType<typeof plainRedirect>;
    try {
      answer = plainRedirect(request);
    } catch {
      return false;
    }
    if (answer === null) return false;
    const { url, link, visit, target, variant, location } = answer;
    const id = options.requestId(request);
    response.writeHead(302, [
      ...fixed,
      'x-request-id',
      id,
      'cache-control',
      LINK_ANSWER.cacheControl,
      'location',
      location,
      'content-length',
      '0',
    ]);
    response.end();
    // Counted once answered: nothing after this point may send the request on to the route.
    try {
      record('GET', url, visit, { linkId: link.id, qrId: null, bioId: null, blockId: null, variant }, target);
      const elapsed = performance.now() - start;
      durations?.observe('GET', 302, elapsed / 1000);
      if (options.logRequests) {
        log.info({ reqId: id, method: 'GET', path: redactUrl(url), status: 302, ms: Math.round(elapsed * 10) / 10 }, 'request');
      }
    } catch (error) {
      log.error({ reqId: id, err: error }, 'a cached redirect was answered but its click or its log line failed');
    }
    return true;
  };
}
