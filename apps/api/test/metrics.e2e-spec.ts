import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { startApi, useApi, type TestApi } from './support/app';
import { freePort } from './support/built-service';
import { createLink, createUser, linkAlias, type TestUser } from './support/factories';
import { FIREFOX, US } from './support/visitors';

const TOKEN = 'metrics-token-0123456789abcdefghij';
const OPERATIONS = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'operations.md'), 'utf8');

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and these labels (others may be present); undefined when none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** The metric families a scrape names in its `# TYPE` lines. */
const families = (text: string): string[] => [...text.matchAll(/^# TYPE (\S+) \S+$/gm)].map((match) => match[1]!);

async function scrape(api: TestApi): Promise<{ text: string; samples: Sample[] }> {
  const response = await api.request('GET', '/metrics', { key: null, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return { text: response.text, samples: parse(response.text) };
}

/** GET on a loopback port, outside the service's inject. */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), text }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('GET /metrics', () => {
  describe('with METRICS_TOKEN, on the main port', () => {
    const api = useApi({ METRICS_TOKEN: TOKEN });
    let user: TestUser;
    let linkId: number;
    let alias: string;

    beforeAll(async () => {
      user = await createUser(api);
      linkId = await createLink(api, user);
      alias = await linkAlias(api, user, linkId);
    });

    it('answers 401 without the token or with another one', async () => {
      const none = await api.request('GET', '/metrics', { key: null });
      expect(none.status).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      const other = await api.request('GET', '/metrics', { key: null, headers: { authorization: `Bearer ${TOKEN}x` } });
      expect(other.status).toBe(401);
      // An API key is not the metrics token.
      expect((await api.request('GET', '/metrics', { key: user.apikey })).status).toBe(401);
    });

    it('counts a redirect, an API call, a 404 and the 429s by route pattern, method and status class', async () => {
      const before = (await scrape(api)).samples;
      const count = (samples: Sample[], labels: Record<string, string>) =>
        valueOf(samples, 'linkyard_http_request_duration_seconds_count', labels) ?? 0;
      const redirect = { area: 'public', route: '/:alias', method: 'GET', status_class: '3xx' };
      const read = { area: 'api', route: '/l/api/url/:id', method: 'GET', status_class: '2xx' };
      const unknown = { area: 'api', route: 'unmatched', method: 'GET', status_class: '4xx' };

      const visit = await api.request('GET', `/${alias}`, { key: null, remoteAddress: US, headers: { 'user-agent': FIREFOX } });
      expect(visit.status).toBe(302);
      await api.request('GET', `/${alias}`, { key: null, remoteAddress: US, headers: { 'user-agent': FIREFOX } });
      expect((await api.request('GET', `/l/api/url/${linkId}`, { key: user.apikey })).status).toBe(200);
      expect((await api.request('GET', '/l/api/no-such-endpoint', { key: user.apikey, outsideContract: true })).status).toBe(404);
      // An account over its limit, and an address past the failed-key limit: all in one window of
      // the limits (the clock set back to the start of its minute, so no window ends meanwhile).
      api.clock.set(Math.floor(Date.now() / 60_000) * 60_000);
      const limited = await createUser(api, { ratelimit: 1 });
      await api.request('GET', '/l/api/account', { key: limited.apikey });
      expect((await api.request('GET', '/l/api/account', { key: limited.apikey })).status).toBe(429);
      let refused = 0;
      for (let attempt = 0; attempt < 25; attempt += 1) {
        const response = await api.request('GET', '/l/api/account', { key: 'lyk_wrong', remoteAddress: '203.0.113.9' });
        if (response.status === 429) refused += 1;
      }
      api.clock.reset();
      expect(refused).toBe(5);
      await api.flushClicks();

      const after = (await scrape(api)).samples;
      expect(count(after, redirect) - count(before, redirect)).toBe(2);
      expect(count(after, read) - count(before, read)).toBe(1);
      expect(count(after, unknown) - count(before, unknown)).toBe(1);
      expect(count(after, { area: 'api', route: '/l/api/account', method: 'GET', status_class: '4xx' })).toBe(1 + 25);
      expect(valueOf(after, 'linkyard_rate_limit_refusals_total', { kind: 'account' })).toBe(1);
      expect(valueOf(after, 'linkyard_rate_limit_refusals_total', { kind: 'auth_failures' })).toBe(refused);
      expect(valueOf(after, 'linkyard_rate_limit_refusals_total', { kind: 'link_password' })).toBe(0);
      // The histogram's buckets end at +Inf with the count.
      expect(valueOf(after, 'linkyard_http_request_duration_seconds_bucket', { ...redirect, le: '+Inf' })).toBe(count(after, redirect));

      // The two visits were written; the second was answered from the redirect cache.
      expect(valueOf(after, 'linkyard_clicks_written_total')).toBe(2);
      expect(valueOf(after, 'linkyard_clicks_buffered')).toBe(0);
      expect(valueOf(after, 'linkyard_clicks_ingest_lag_seconds')).toBe(0);
      expect(valueOf(after, 'linkyard_clicks_dropped_total')).toBe(0);
      expect(valueOf(after, 'linkyard_cache_hits_total', { cache: 'redirect' })).toBeGreaterThan(
        valueOf(before, 'linkyard_cache_hits_total', { cache: 'redirect' })!,
      );
      expect(valueOf(after, 'linkyard_cache_hits_total', { cache: 'auth' })).toBeGreaterThan(0);
      expect(valueOf(after, 'linkyard_db_pool_max_connections')).toBeGreaterThanOrEqual(1);
    });

    it('labels routes by their pattern only: no alias, id or unknown path becomes a label', async () => {
      await api.request('GET', '/l/api/some/unknown/path/42', { key: user.apikey, outsideContract: true });
      await api.request('GET', '/no-such-alias-here', { key: null, headers: { 'user-agent': FIREFOX } });
      const { samples } = await scrape(api);
      const routes = new Set(samples.filter((sample) => sample.labels.route !== undefined).map((sample) => sample.labels.route));
      for (const route of routes) expect(route === 'unmatched' || route!.startsWith('/')).toBe(true);
      expect(
        [...routes].filter((route) => route!.includes(alias) || route!.includes(String(linkId)) || route!.includes('unknown')),
      ).toEqual([]);
      expect(samples.every((sample) => !JSON.stringify(sample.labels).includes('no-such-alias-here'))).toBe(true);
    });

    it('adds no series for a method outside the known ones: they all count as `other`', async () => {
      const before = (await scrape(api)).samples;
      for (const method of ['PROPFIND', 'MKCOL', 'LOCK', 'UNLOCK', 'SEARCH', 'PURGE', 'REPORT']) {
        const response = await api.request(method, '/l/api/account', { key: user.apikey, outsideContract: true });
        expect(response.status).toBeGreaterThanOrEqual(400);
        await api.request(method, `/${alias}`, { key: null, outsideContract: true });
      }
      const after = (await scrape(api)).samples;
      const methods = new Set(after.map((sample) => sample.labels.method).filter((method) => method !== undefined));
      expect(
        [...methods].filter((method) => !['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'other'].includes(method)),
      ).toEqual([]);
      const others = (samples: Sample[]) =>
        samples
          .filter((sample) => sample.name === 'linkyard_http_request_duration_seconds_count' && sample.labels.method === 'other')
          .reduce((sum, sample) => sum + sample.value, 0);
      expect(others(after) - others(before)).toBe(14);
    });

    it('keeps no query string and no key of a path in its labels, by the rule the logs and traces follow', async () => {
      await api.request('GET', '/lyk_path-secret-1?token=query-secret-2', { key: null, outsideContract: true });
      await api.request('GET', '/l/api/account?key=lyk_query-secret-3', { key: user.apikey });
      await api.request('GET', '/l/api/lyk_path-secret-4/x?password=query-secret-5', { key: user.apikey, outsideContract: true });
      const { text } = await scrape(api);
      for (const secret of ['path-secret', 'query-secret', 'token=', 'password=']) expect(text).not.toContain(secret);
    });

    it('names only metrics docs/operations.md documents, with the process metrics', async () => {
      const { text } = await scrape(api);
      const names = families(text);
      expect(names).toEqual(expect.arrayContaining(['linkyard_http_request_duration_seconds', 'process_cpu_seconds_total']));
      expect(names.filter((name) => !OPERATIONS.includes(`\`${name}\``))).toEqual([]);
    });
  });

  it('is not served without METRICS_TOKEN or METRICS_PORT: the 404 page', async () => {
    const api = await startApi();
    try {
      const response = await api.request('GET', '/metrics', { key: null });
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    } finally {
      await api.close();
    }
  });

  it('keeps two services in one process apart', async () => {
    const [first, second] = await Promise.all([startApi({ METRICS_TOKEN: TOKEN }), startApi({ METRICS_TOKEN: TOKEN })]);
    try {
      for (let visit = 0; visit < 3; visit += 1) await first.request('GET', '/healthz', { key: null });
      const healthz = { area: 'meta', route: '/healthz', method: 'GET', status_class: '2xx' };
      expect(valueOf((await scrape(first)).samples, 'linkyard_http_request_duration_seconds_count', healthz)).toBe(3);
      expect(valueOf((await scrape(second)).samples, 'linkyard_http_request_duration_seconds_count', healthz)).toBeUndefined();
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  describe('with METRICS_PORT', () => {
    it('serves /metrics on that port alone, to anyone who reaches it', async () => {
      const port = await freePort();
      const api = await startApi({ METRICS_PORT: String(port) });
      try {
        const scraped = await get(port, '/metrics');
        expect(scraped.status).toBe(200);
        expect(scraped.type).toBe('text/plain; version=0.0.4; charset=utf-8');
        expect(families(scraped.text)).toContain('linkyard_clicks_buffered');
        expect((await get(port, '/l/api/account')).status).toBe(404);
        expect((await api.request('GET', '/metrics', { key: null })).status).toBe(404);
      } finally {
        await api.close();
      }
      // Closed with the service.
      await expect(get(port, '/metrics')).rejects.toThrow();
    });

    it('asks for the token there when METRICS_TOKEN is set too', async () => {
      const port = await freePort();
      const api = await startApi({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN });
      try {
        expect((await get(port, '/metrics')).status).toBe(401);
        expect((await get(port, '/metrics', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
        // Not on the main port, token or not.
        expect((await api.request('GET', '/metrics', { key: null, headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      } finally {
        await api.close();
      }
    });
  });
});
