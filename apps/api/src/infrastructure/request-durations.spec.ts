import { Histogram, Registry } from 'prom-client';
import { REQUEST_DURATION_BUCKETS, REQUEST_DURATION_NAME, RequestDurations } from './request-durations';

/** Sample lines of an exposition as `name{sorted labels}` -> value, comments left out. */
function samples(text: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = (match[2] ?? '').match(/\w+="(?:[^"\\]|\\.)*"/g) ?? [];
    result.set(`${match[1]}{${labels.sort().join(',')}}`, Number(match[3]));
  }
  return result;
}

describe('RequestDurations', () => {
  const observations: [area: 'api' | 'public' | 'meta', route: string, method: string, status: number, seconds: number][] = [
    ['public', '/:alias', 'GET', 302, 0.0002],
    ['public', '/:alias', 'GET', 302, 0.0007],
    ['public', '/:alias', 'GET', 404, 0.003],
    ['api', '/l/api/url/:id', 'GET', 200, 0.012],
    ['api', '/l/api/url/:id', 'DELETE', 503, 7],
    ['api', 'unmatched', 'POST', 404, 42],
    ['meta', '/healthz', 'GET', 200, 0.001],
  ];

  it('writes the same histogram as prom-client for the same requests', async () => {
    const ours = new RequestDurations();
    const registry = new Registry();
    const reference = new Histogram({
      name: REQUEST_DURATION_NAME,
      help: 'reference',
      labelNames: ['area', 'route', 'method', 'status_class'],
      buckets: [...REQUEST_DURATION_BUCKETS],
      registers: [registry],
    });
    for (const [area, route, method, status, seconds] of observations) {
      ours.route(area, route).observe(method, status, seconds);
      reference.observe({ area, route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    }
    expect(samples(ours.exposition())).toEqual(samples(await registry.metrics()));
  });

  it('counts a value on a bucket bound in that bucket, and escapes labels', () => {
    const durations = new RequestDurations();
    durations.route('public', '/a "quoted" \\ route').observe('GET', 200, 0.001);
    const text = durations.exposition();
    expect(text).toContain(`le="0.001",area="public",route="/a \\"quoted\\" \\\\ route",method="GET",status_class="2xx"} 1`);
    expect(text).toContain(`le="0.0005",area="public",route="/a \\"quoted\\" \\\\ route",method="GET",status_class="2xx"} 0`);
  });

  it('folds every method outside the known ones into one series, `other`', () => {
    const durations = new RequestDurations();
    const route = durations.route('api', 'unmatched');
    for (const method of ['PROPFIND', 'MKCOL', 'LOCK', 'SEARCH', 'PURGE', 'get']) route.observe(method, 404, 0.001);
    route.observe('GET', 404, 0.001);
    const methods = new Set([...durations.exposition().matchAll(/method="([^"]*)"/g)].map((match) => match[1]));
    expect([...methods].sort()).toEqual(['GET', 'other']);
    expect(durations.exposition()).toContain('route="unmatched",method="other",status_class="4xx"} 6');
  });

  it('labels a route by the redaction rule of the logs and traces', () => {
    const durations = new RequestDurations();
    durations.route('public', '/lyk_not-a-pattern?token=abc').observe('GET', 200, 0.001);
    const text = durations.exposition();
    expect(text).toContain('route="/REDACTED"');
    expect(text).not.toContain('token');
  });
});
