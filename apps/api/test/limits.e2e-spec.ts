import { connect, type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { RedirectCache } from '../src/redirects/redirect-cache';
import { rememberedAgents } from '../src/modules/clicks/visitor';
import { useApi } from './support/app';
import { createLink, createUser, linkAlias, type TestUser } from './support/factories';
import { FIREFOX, UK, US } from './support/visitors';

const nested = (depth: number, inner: string, open: string, close: string): string => open.repeat(depth) + inner + close.repeat(depth);

describe('limits', () => {
  const logs: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter(Boolean)));
  const api = useApi({ LOG_LEVEL: 'info', REQUEST_TIMEOUT_MS: '500' }, { logStream });
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(api);
  });

  describe('request bodies nested deep', () => {
    it.each([
      ['arrays', nested(5000, '1', '[', ']')],
      ['objects', nested(5000, '{}', '{"a":', '}')],
    ])('are a 400 naming the limit, for %s 5,000 deep', async (_what, deep) => {
      const response = await api.request('POST', '/l/api/url/add', {
        key: user.apikey,
        rawBody: `{"url":"https://example.com/","geotarget":${deep}}`,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 1, message: 'The request body is nested more than 32 levels deep.' });
    });
  });

  describe('link passwords', () => {
    const form = (alias: string, password: string, ip: string) =>
      api.request('POST', `/${alias}`, {
        key: null,
        rawBody: `password=${encodeURIComponent(password)}`,
        remoteAddress: ip,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': FIREFOX },
      });

    // Attempts are counted in one-minute windows: each test starts at the beginning of one.
    beforeEach(() => api.clock.set(Math.floor(Date.now() / 60_000) * 60_000 + 1000));
    afterAll(() => api.clock.reset());

    it('are at least 6 characters', async () => {
      const response = await api.request('POST', '/l/api/url/add', {
        key: user.apikey,
        body: { url: 'https://example.com/', password: 'five5' },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/"password".*6 to 100 characters/);
    });

    it('can be tried 10 times a minute from one address, then 429 with Retry-After', async () => {
      const id = await createLink(api, user, { password: 'the right one' });
      const alias = await linkAlias(api, user, id);
      for (let attempt = 0; attempt < 10; attempt += 1) expect((await form(alias, `guess ${attempt}`, '192.0.2.10')).status).toBe(401);
      const refused = await form(alias, 'the right one', '192.0.2.10');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers.location).toBeUndefined();
      // Another address is not held back by the first one's guesses.
      expect((await form(alias, 'the right one', '192.0.2.11')).status).toBe(302);
    });

    it('can be tried 30 times a minute from one address over all links', async () => {
      let refused = 0;
      for (let link = 0; link < 4; link += 1) {
        const id = await createLink(api, user, { password: 'another secret' });
        const alias = await linkAlias(api, user, id);
        for (let attempt = 0; attempt < 9; attempt += 1) if ((await form(alias, 'wrong guess', '192.0.2.20')).status === 429) refused += 1;
      }
      expect(refused).toBe(36 - 30);
    });
  });

  describe('what visitors send', () => {
    it('never grows the caches with hosts or agents that cannot be real', async () => {
      const cache = api.linkyard.app.get(RedirectCache);
      const id = await createLink(api, user);
      const alias = await linkAlias(api, user, id);
      await api.request('GET', `/${alias}`, { key: null, headers: { 'user-agent': FIREFOX } });
      const before = cache.size.entries;
      const agentsBefore = rememberedAgents();
      for (let index = 0; index < 300; index += 1) {
        const response = await api.request('GET', `/${alias}`, {
          key: null,
          headers: { host: `${'h'.repeat(4000)}${index}.example`, 'user-agent': `${'Mozilla/5.0 '.repeat(700)}${index}` },
        });
        expect(response.status).toBe(302);
      }
      expect(cache.size.entries).toBe(before);
      // Agents are read by their first 512 characters: all these are one agent.
      expect(rememberedAgents() - agentsBefore).toBeLessThanOrEqual(1);
    });
  });

  describe('CORS on the API', () => {
    it('answers a preflight before the key is read', async () => {
      const response = await api.request('OPTIONS', '/l/api/urls', {
        key: null,
        outsideContract: true,
        headers: {
          origin: 'https://app.example.org',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-headers']).toMatch(/Authorization/);
      expect(response.headers['access-control-allow-methods']).toMatch(/PUT/);
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('lets a page of another origin read an answer and its rate-limit headers', async () => {
      const response = await api.request('GET', '/l/api/account', { key: user.apikey, headers: { origin: 'https://app.example.org' } });
      expect(response.status).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-expose-headers']).toMatch(/X-RateLimit-Remaining/);
    });

    it('is not offered on the public pages', async () => {
      const response = await api.request('GET', '/no-such-alias', { key: null, headers: { origin: 'https://app.example.org' } });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('security headers', () => {
    it('on the API: nothing may load from a JSON answer or frame it', async () => {
      for (const [path, key] of [
        ['/l/api/account', user.apikey],
        ['/l/api/nothing-here', user.apikey],
        ['/l/api/account', 'lyk_wrong'],
      ] as const) {
        const response = await api.request('GET', path, { key, outsideContract: true });
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['content-security-policy']).toContain("default-src 'none'");
        expect(response.headers['x-frame-options']).toBe('DENY');
      }
    });

    it('on every HTML page: the page policy with a nonce', async () => {
      const campaign = (await api.request('POST', '/l/api/campaign/add', { key: user.apikey, body: { name: 'Open', public: true } })).body
        .id;
      const password = await createLink(api, user, { password: 'open sesame' });
      const alias = await linkAlias(api, user, password);
      for (const path of ['/', '/no-such-alias', `/c/${campaign}`, `/${alias}`, '/qr/nope?size=5']) {
        const response = await api.request('GET', path, { key: null, headers: { 'user-agent': FIREFOX } });
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['content-security-policy']).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
        expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    });
  });

  describe('the access log', () => {
    it('writes the path without the query string', async () => {
      await api.request('GET', '/l/api/account?key=lyk_sent-by-mistake-0123456789', { key: user.apikey });
      const line = logs
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry.msg === 'request' && entry.path === '/l/api/account');
      expect(line).toBeDefined();
      expect(logs.join('\n')).not.toContain('sent-by-mistake');
    });

    it('writes a key found in the path as REDACTED, by the rule the traces and metrics follow', async () => {
      await api.request('GET', '/l/api/lyk_in-the-path-by-mistake/x?token=in-the-query', { key: user.apikey, outsideContract: true });
      const line = logs
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry.msg === 'request' && entry.path === '/l/api/REDACTED/x');
      expect(line).toBeDefined();
      expect(logs.join('\n')).not.toContain('in-the-path-by-mistake');
      expect(logs.join('\n')).not.toContain('in-the-query');
    });
  });

  describe('slow requests', () => {
    it('are cut off once REQUEST_TIMEOUT_MS has passed', async () => {
      await api.linkyard.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = api.linkyard.app.getHttpServer().address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined); // the server cuts the connection while we still write
      const started = Date.now();
      const answer = await new Promise<string>((resolve) => {
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('close', () => resolve(received));
        socket.write(
          `PUT /l/api/account/update HTTP/1.1\r\nHost: links.test\r\nAuthorization: Bearer ${user.apikey}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
        );
        const trickle = setInterval(() => socket.write(' '), 100);
        socket.on('close', () => clearInterval(trickle));
      });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    });
  });
});

describe('TRUST_PROXY with one proxy', () => {
  const api = useApi({ TRUST_PROXY: '1' });

  it('takes the address the proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    const user = await createUser(api);
    const id = await createLink(api, user);
    const alias = await linkAlias(api, user, id);
    // The client claims to be in the UK; the proxy (10.0.0.2) appends the address it saw (US).
    await api.request('GET', `/${alias}`, {
      key: null,
      remoteAddress: '10.0.0.2',
      headers: { 'user-agent': FIREFOX, 'x-forwarded-for': `${UK}, ${US}` },
    });
    await api.linkyard.app.get((await import('../src/modules/clicks/click-recorder')).ClickRecorder).flush();
    const stats = (await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.data;
    expect(stats.topCountries).toEqual({ 'United States': '1' });
  });
});
