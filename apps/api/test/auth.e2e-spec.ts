import { formatDateTime } from '../src/common/dates';
import { useApi } from './support/app';
import { createUser } from './support/factories';

describe('authentication and rate limits', () => {
  const api = useApi();
  afterEach(() => api.clock.reset());

  /** Windows are aligned on whole minutes; start a counting test at the beginning of one. */
  function clearOfWindowEnd(): void {
    api.clock.set(Math.floor(Date.now() / 60_000) * 60_000 + 1000);
  }

  describe('API keys', () => {
    it.each([
      ['no Authorization header', null, undefined, /Missing API key/],
      ['a scheme other than Bearer', null, 'Basic dXNlcjpwYXNz', /Bearer/],
      ['an unknown key', 'lyk_not-a-real-key', undefined, /not valid/],
    ])('answers 401 to %s', async (_case, key, authorization, message) => {
      const response = await api.request('GET', '/l/api/account', {
        key: key,
        headers: authorization ? { authorization } : {},
        remoteAddress: '10.1.0.1',
      });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 1, message: expect.stringMatching(message) });
    });

    it('stops accepting a rotated key at once, even one just used', async () => {
      const user = await createUser(api);
      expect((await api.request('GET', '/l/api/account', { key: user.apikey })).status).toBe(200);
      const rotated = await api.request('POST', '/l/api/account/apikey/rotate', { key: user.apikey });
      expect(rotated.status).toBe(200);
      expect(rotated.body.apikey).toMatch(/^lyk_/);
      expect(rotated.body.apikey).not.toBe(user.apikey);
      expect((await api.request('GET', '/l/api/account', { key: user.apikey })).status).toBe(401);
      const fresh = await api.request('GET', '/l/api/account', { key: rotated.body.apikey });
      expect(fresh.status).toBe(200);
      expect(fresh.body.data.id).toBe(user.id);
    });

    it('refuses a key once its expiry has passed', async () => {
      const user = await createUser(api);
      const expires = formatDateTime(new Date(Date.now() + 60_000));
      const rotated = await api.request('POST', '/l/api/account/apikey/rotate', { key: user.apikey, body: { expires } });
      expect(rotated.status).toBe(200);
      expect((await api.request('GET', '/l/api/account', { key: rotated.body.apikey })).status).toBe(200);
      api.clock.advance(61_000);
      const expired = await api.request('GET', '/l/api/account', { key: rotated.body.apikey });
      expect(expired.status).toBe(401);
      expect(expired.body.message).toMatch(/expired/);
    });

    it('refuses a key expiry in the past', async () => {
      const user = await createUser(api);
      const response = await api.request('POST', '/l/api/account/apikey/rotate', {
        key: user.apikey,
        body: { expires: '2020-01-01 00:00:00' },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/expires/);
      expect((await api.request('GET', '/l/api/account', { key: user.apikey })).status).toBe(200);
    });
  });

  describe('failed authentications', () => {
    it('answers 429 past 20 failures a minute from one address, while a valid key still works', async () => {
      const user = await createUser(api);
      const remoteAddress = '10.9.9.9';
      for (let attempt = 1; attempt <= 20; attempt += 1) {
        const response = await api.request('GET', '/l/api/account', { key: `lyk_guess-${attempt}`, remoteAddress });
        expect(response.status).toBe(401);
      }
      const blocked = await api.request('GET', '/l/api/account', { key: 'lyk_guess-21', remoteAddress });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await api.request('GET', '/l/api/account', { key: user.apikey, remoteAddress })).status).toBe(200);
      // Another address is not affected.
      expect((await api.request('GET', '/l/api/account', { key: 'lyk_guess', remoteAddress: '10.9.9.10' })).status).toBe(401);
    });
  });

  describe('rate limits', () => {
    it('gives a new account the free plan limit of 30 a minute', async () => {
      const user = await createUser(api, { ratelimit: undefined });
      const response = await api.request('GET', '/l/api/account', { key: user.apikey });
      expect(response.headers['x-ratelimit-limit']).toBe('30');
      expect(response.headers['x-ratelimit-remaining']).toBe('29');
    });

    it('counts down, then answers 429 with Retry-After and the headers', async () => {
      clearOfWindowEnd();
      const user = await createUser(api, { ratelimit: 3 });
      const before = Math.floor(api.clock.now() / 1000);
      const remaining: string[] = [];
      for (let call = 0; call < 3; call += 1) {
        const response = await api.request('GET', '/l/api/domains', { key: user.apikey });
        expect(response.status).toBe(200);
        remaining.push(String(response.headers['x-ratelimit-remaining']));
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const limited = await api.request('GET', '/l/api/account', { key: user.apikey });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ error: 1, message: expect.stringMatching(/Rate limit exceeded/) });
      expect(limited.headers['x-ratelimit-limit']).toBe('3');
      expect(limited.headers['x-ratelimit-remaining']).toBe('0');
      const reset = Number(limited.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThan(before);
      expect(reset).toBeLessThanOrEqual(before + 61);
      expect(reset % 60).toBe(0);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    });

    it("keeps one account from using up another account's limit", async () => {
      clearOfWindowEnd();
      const busy = await createUser(api, { ratelimit: 1 });
      const calm = await createUser(api, { ratelimit: 1 });
      expect((await api.request('GET', '/l/api/account', { key: busy.apikey })).status).toBe(200);
      expect((await api.request('GET', '/l/api/account', { key: busy.apikey })).status).toBe(429);
      const response = await api.request('GET', '/l/api/account', { key: calm.apikey });
      expect(response.status).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBe('0');
    });

    it('gives admin keys 1,000 requests a minute', async () => {
      const response = await api.request('GET', '/l/api/plans');
      expect(response.headers['x-ratelimit-limit']).toBe('1000');
    });
  });
});
