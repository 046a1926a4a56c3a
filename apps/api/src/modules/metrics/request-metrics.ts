import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { API_PREFIX } from '../../common/api-prefix';
import { UNMATCHED_ROUTE, type Area, type RequestDurations, type RouteDurations } from '../../infrastructure/request-durations';

/** The probes and the scrape: measured apart, so they never blur the public pages' figures. */
const META_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

type ResponseHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

const measuring = new WeakSet<ResponseHook>();

function areaOf(path: string): Area {
  if (path === `/${API_PREFIX}` || path.startsWith(`/${API_PREFIX}/`)) return 'api';
  return META_ROUTES.has(path) ? 'meta' : 'public';
}

function hookFor(durations: RouteDurations): ResponseHook {
  const hook: ResponseHook = (request, reply, done) => {
    durations.observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  };
  measuring.add(hook);
  return hook;
}

/**
 * Times every request into `durations`, labelled by its route's pattern (`/l/api/url/:id`, never
 * the path asked for) so the labels stay few whatever is requested. The route's series are found
 * once, when the route is registered, and its own onResponse hook holds them: a request costs a
 * lookup by method and a bucket increment (see RequestDurations), and no Nest interceptor is on
 * the redirect's path. Catch-all routes and requests no route matched count as `unmatched`.
 * Must be called before any route is registered.
 */
export function measureRequests(fastify: FastifyInstance, durations: RequestDurations): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const hooks = (route.onResponse === undefined ? [] : [route.onResponse].flat()) as ResponseHook[];
    // The HEAD route Fastify adds beside a GET one comes with the GET one's hooks, ours included.
    if (hooks.some((hook) => measuring.has(hook))) return;
    const label = route.url.includes('*') ? UNMATCHED_ROUTE : route.url;
    route.onResponse = [...hooks, hookFor(durations.route(areaOf(route.url), label))] as RouteOptions['onResponse'];
  });

  // Requests outside every route, the catch-alls included (another method outside /l/api):
  // Fastify's own 404, which runs the instance's hooks only.
  const unmatchedApi = durations.route('api', UNMATCHED_ROUTE);
  const unmatchedPublic = durations.route('public', UNMATCHED_ROUTE);
  fastify.addHook('onResponse', (request, reply, done) => {
    if (request.is404) {
      const durations = areaOf(request.url.split('?', 1)[0]!) === 'api' ? unmatchedApi : unmatchedPublic;
      durations.observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });
}
