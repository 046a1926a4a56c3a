import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { RedirectsService } from '../src/redirects/redirects.service';
import { useApi } from './support/app';
import { loopbackRequest, type HttpAnswer } from './support/built-service';
import { createDomain, createLink, createUser, linkAlias, type TestUser } from './support/factories';
import { FIREFOX, UK, US } from './support/visitors';

/**
 * A cached link's plain redirect is answered from the raw request, before Fastify (see
 * src/redirects/cached-redirect.ts). Over real HTTP, behind one trusted proxy, with the request
 * log and the metrics on: what a visitor, an operator and the statistics see must be what the
 * `/:alias` route gives, which answers the first visit (the link not yet in memory).
 */
describe('a cached redirect', () => {
  const logs: Record<string, unknown>[] = [];
  const logStream = new PassThrough();
  logStream.setEncoding('utf8');
  let pending = '';
  logStream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line) logs.push(JSON.parse(line) as Record<string, unknown>);
  });
  const TOKEN = 'metrics-token-cached-redirects-0123';
  const api = useApi({ LOG_LEVEL: 'info', METRICS_TOKEN: TOKEN, TRUST_PROXY: '1' }, { logStream });
  let user: TestUser;
  let port: number;
  /** Lookups of a link that went to the route's path (the fast one reads the cache only). */
  let routeLookups: jest.SpyInstance;

  beforeAll(async () => {
    user = await createUser(api);
    await api.linkyard.app.listen({ port: 0, host: '127.0.0.1' });
    port = (api.linkyard.app.getHttpServer().address() as AddressInfo).port;
  });
  beforeEach(() => {
    routeLookups = jest.spyOn(api.linkyard.app.get(RedirectsService), 'link');
  });
  afterEach(() => routeLookups.mockRestore());

  /** A visit through the proxy on loopback (trusted: one hop), which saw the visitor at `ip`. */
  const visit = (path: string, ip: string, headers: Record<string, string> = {}) =>
    loopbackRequest(port, 'GET', path, { headers: { 'user-agent': FIREFOX, 'x-forwarded-for': ip, ...headers } });
  const comparable = (answer: HttpAnswer) => {
    const { date: _date, 'x-request-id': _id, ...rest } = answer.headers;
    return { status: answer.status, headers: rest, text: answer.text };
  };
  const lineOf = (answer: HttpAnswer) => {
    const line = logs.find((entry) => entry.msg === 'request' && entry.reqId === answer.headers['x-request-id']);
    if (!line) throw new Error(`no request line for ${String(answer.headers['x-request-id'])}`);
    const { time: _time, ms, reqId: _reqId, ...rest } = line;
    expect(typeof ms).toBe('number');
    return rest;
  };
  const redirectsMeasured = async (): Promise<number> => {
    const text = (await loopbackRequest(port, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text;
    const line = text
      .split('\n')
      .find(
        (row) => row.startsWith('linkyard_http_request_duration_seconds_count{') && row.includes('route="/:alias"') && row.includes('3xx'),
      );
    return line ? Number(line.split(' ').pop()) : 0;
  };

  it('answers as the route does, header for header, with the same log line, click and metrics', async () => {
    const id = await createLink(api, user, { url: 'https://example.com/landing?from=linkyard' });
    const alias = await linkAlias(api, user, id);
    const measured = await redirectsMeasured();

    const first = await visit(`/${alias}?utm_source=newsletter`, UK);
    expect(routeLookups).toHaveBeenCalledTimes(1);
    const second = await visit(`/${alias}?utm_source=newsletter`, US, { 'x-request-id': 'visit-2.from:proxy' });
    expect(routeLookups).toHaveBeenCalledTimes(1);

    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('https://example.com/landing?from=linkyard');
    expect(comparable(second)).toEqual(comparable(first));
    expect(Object.keys(second.headers)).toEqual(Object.keys(first.headers));
    expect(second.headers['x-request-id']).toBe('visit-2.from:proxy');
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lineOf(second)).toEqual(lineOf(first));
    expect(lineOf(second)).toMatchObject({ method: 'GET', path: `/${alias}`, status: 302, msg: 'request' });

    await api.flushClicks();
    const stats = (await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.data;
    expect(stats).toMatchObject({ clicks: 2, uniqueClicks: 2, topCountries: { 'United Kingdom': '1', 'United States': '1' } });
    const series = await api.request('GET', `/l/api/url/${id}/stats?interval=day`, { key: user.apikey });
    expect(JSON.stringify(series.body)).toContain('newsletter');
    expect(await redirectsMeasured()).toBe(measured + 2);
  });

  it("follows a branded domain named by the proxy's X-Forwarded-Host, and no Host a client wrote", async () => {
    const domain = await createDomain(api, user);
    const host = new URL(domain.domain).host;
    const id = await createLink(api, user, { url: 'https://example.com/branded', domain: domain.domain });
    const alias = await linkAlias(api, user, id);
    for (let round = 0; round < 2; round += 1) {
      const branded = await visit(`/${alias}`, UK, { 'x-forwarded-host': host });
      expect(branded.status).toBe(302);
      expect(branded.headers.location).toBe('https://example.com/branded');
      // On the service's own address the alias is no link of the branded domain's.
      expect((await visit(`/${alias}`, UK)).status).toBe(404);
    }
    expect(routeLookups.mock.calls.filter(([served]) => served?.id === domain.id)).toHaveLength(1);
  });

  it('leaves to the route a HEAD, a password and an expiry that has come', async () => {
    const id = await createLink(api, user, {
      url: 'https://example.com/kept',
      expiry: new Date(Date.now() + 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
    });
    const alias = await linkAlias(api, user, id);
    expect((await visit(`/${alias}`, UK)).status).toBe(302);
    expect((await loopbackRequest(port, 'HEAD', `/${alias}`, { headers: { 'user-agent': FIREFOX } })).status).toBe(302);
    expect(routeLookups).toHaveBeenCalledTimes(2);

    api.clock.advance(2 * 3_600_000);
    try {
      expect((await visit(`/${alias}`, UK)).status).toBe(410);
    } finally {
      api.clock.reset();
    }

    const locked = await linkAlias(api, user, await createLink(api, user, { url: 'https://example.com/secret', password: 'open sesame' }));
    for (let round = 0; round < 2; round += 1) {
      const answer = await visit(`/${locked}`, UK);
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain('https://example.com/secret');
    }
  });
});
