import { startApi, useApi } from './support/app';
import { createDomain, createUser } from './support/factories';

describe('admin', () => {
  const api = useApi();

  describe('access', () => {
    it.each([
      ['GET', '/l/api/users'],
      ['GET', '/l/api/user/1'],
      ['POST', '/l/api/user/add'],
      ['PUT', '/l/api/user/1/update'],
      ['DELETE', '/l/api/user/1/delete'],
      ['POST', '/l/api/user/1/apikey/rotate'],
      ['GET', '/l/api/plans'],
      ['PUT', '/l/api/plan/1/user/1'],
    ])('answers 403 to %s %s with a user key, with the rate-limit headers', async (method, url) => {
      const user = await createUser(api);
      const response = await api.request(method, url, { key: user.apikey, body: {} });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 1, message: 'This endpoint is for admin keys only.' });
      expect(response.headers['x-ratelimit-limit']).toBeDefined();
    });
  });

  describe('POST /user/add', () => {
    it('creates an account whose key works at once and is shown only here', async () => {
      const response = await api.request('POST', '/l/api/user/add', {
        body: { username: 'newcomer', email: 'newcomer@example.com', password: 'long enough secret' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        error: 0,
        data: { id: expect.any(Number), email: 'newcomer@example.com', username: 'newcomer', apikey: expect.stringMatching(/^lyk_/) },
      });
      const account = await api.request('GET', '/l/api/account', { key: response.body.data.apikey });
      expect(account.body.data.username).toBe('newcomer');
    });

    it('sets the plan, its expiry and the rate limit asked for', async () => {
      const plans = (await api.request('GET', '/l/api/plans')).body.data as { id: number; free: boolean; ratelimit: number }[];
      const paid = plans.find((plan) => !plan.free)!;
      const created = await createUser(api, { planid: paid.id, expiration: '2099-01-01 00:00:00', ratelimit: 77 });
      const user = await api.request('GET', `/l/api/user/${created.id}`);
      expect(user.body.data).toMatchObject({ planid: paid.id, status: 'pro', expires: '2099-01-01 00:00:00', ratelimit: 77 });
      const call = await api.request('GET', '/l/api/account', { key: created.apikey });
      expect(call.headers['x-ratelimit-limit']).toBe('77');
    });

    it('refuses a username or e-mail address already taken with 409', async () => {
      const existing = await createUser(api);
      const sameName = await api.request('POST', '/l/api/user/add', {
        body: { username: existing.username.toUpperCase(), email: 'unused@example.com', password: 'long enough secret' },
      });
      expect(sameName.status).toBe(409);
      const sameMail = await api.request('POST', '/l/api/user/add', {
        body: { username: 'unused_name', email: existing.email, password: 'long enough secret' },
      });
      expect(sameMail.status).toBe(409);
    });

    it('answers 404 for an unknown plan', async () => {
      const response = await api.request('POST', '/l/api/user/add', {
        body: { username: 'planless', email: 'planless@example.com', password: 'long enough secret', planid: 999 },
      });
      expect(response.status).toBe(404);
      expect(response.body.message).toMatch(/plan/);
    });

    it.each([
      [{ email: 'a@example.com', password: 'long enough secret' }, /username/],
      [{ username: 'ab', email: 'a@example.com', password: 'long enough secret' }, /username/],
      [{ username: 'has space', email: 'a@example.com', password: 'long enough secret' }, /username/],
      [{ username: 'valid_name', email: 'nope', password: 'long enough secret' }, /email/],
      [{ username: 'valid_name', email: 'a@example.com', password: 'short' }, /password/],
      [{ username: 'valid_name', email: 'a@example.com', password: 'long enough secret', ratelimit: '30' }, /ratelimit/],
      [{ username: 'valid_name', email: 'a@example.com', password: 'long enough secret', ratelimit: 0 }, /ratelimit/],
      [{ username: 'valid_name', email: 'a@example.com', password: 'long enough secret', expiration: '2025-02-30 00:00:00' }, /expiration/],
      [{ username: { nested: ['junk'] }, email: 'a@example.com', password: 'long enough secret' }, /username/],
      [{ username: 'x'.repeat(100_000), email: 'a@example.com', password: 'long enough secret' }, /username/],
      [{ username: 'valid_name', email: 'a@example.com', password: 'long enough secret', planid: 99999999999 }, /planid/],
      [{ username: 'valid_name', email: 'a@example.com', password: 'long enough secret', planid: 1e308 }, /planid/],
    ])('refuses %j with 400', async (body, message) => {
      const response = await api.request('POST', '/l/api/user/add', { body });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    });
  });

  describe('GET /users and GET /user/:id', () => {
    it('lists accounts newest first, without secrets', async () => {
      const first = await createUser(api);
      const second = await createUser(api);
      const response = await api.request('GET', '/l/api/users?limit=2');
      expect(response.status).toBe(200);
      expect(response.body.data.map((user: { id: number }) => user.id)).toEqual([second.id, first.id]);
      expect(response.text).not.toMatch(/password|hash|apikey/i);
    });

    it('answers 404 for an unknown user', async () => {
      const response = await api.request('GET', '/l/api/user/987654');
      expect(response.status).toBe(404);
    });
  });

  describe('DELETE /user/:id/delete', () => {
    it('deletes the account, its key and what it owns', async () => {
      const user = await createUser(api);
      const domain = await createDomain(api, user);
      expect((await api.request('GET', '/l/api/account', { key: user.apikey })).status).toBe(200);
      const response = await api.request('DELETE', `/l/api/user/${user.id}/delete`);
      expect(response.status).toBe(200);
      expect((await api.request('GET', '/l/api/account', { key: user.apikey })).status).toBe(401);
      expect((await api.request('GET', `/l/api/user/${user.id}`)).status).toBe(404);
      // The domain is free again for another account.
      const other = await createUser(api);
      const again = await api.request('POST', '/l/api/domain/add', { key: other.apikey, body: { domain: domain.domain } });
      expect(again.status).toBe(200);
    });

    it('refuses to delete the calling admin', async () => {
      const me = await api.request('GET', '/l/api/account');
      const response = await api.request('DELETE', `/l/api/user/${me.body.data.id}/delete`);
      expect(response.status).toBe(400);
      expect((await api.request('GET', '/l/api/account')).status).toBe(200);
    });

    it('answers 404 for an unknown user', async () => {
      expect((await api.request('DELETE', '/l/api/user/987654/delete')).status).toBe(404);
    });
  });

  describe('POST /user/:id/apikey/rotate', () => {
    it("replaces the user's key: the old one stops at once", async () => {
      const user = await createUser(api);
      expect((await api.request('GET', '/l/api/account', { key: user.apikey })).status).toBe(200);
      const response = await api.request('POST', `/l/api/user/${user.id}/apikey/rotate`);
      expect(response.status).toBe(200);
      expect((await api.request('GET', '/l/api/account', { key: user.apikey })).status).toBe(401);
      expect((await api.request('GET', '/l/api/account', { key: response.body.apikey })).status).toBe(200);
    });

    it('answers 404 for an unknown user', async () => {
      expect((await api.request('POST', '/l/api/user/987654/apikey/rotate')).status).toBe(404);
    });
  });

  describe('GET /plans and PUT /plan/:planid/user/:userid', () => {
    it('offers a free plan at 30 a minute and a paid one', async () => {
      const response = await api.request('GET', '/l/api/plans');
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ free: true, ratelimit: 30, price: 0 }),
          expect.objectContaining({ free: false, price: expect.any(Number) }),
        ]),
      );
    });

    it('moves a user to a plan, with its limit taking effect at once', async () => {
      const user = await createUser(api, { ratelimit: undefined });
      const plans = (await api.request('GET', '/l/api/plans')).body.data as { id: number; free: boolean; ratelimit: number }[];
      const paid = plans.find((plan) => !plan.free)!;
      expect((await api.request('GET', '/l/api/account', { key: user.apikey })).headers['x-ratelimit-limit']).toBe('30');
      const response = await api.request('PUT', `/l/api/plan/${paid.id}/user/${user.id}`);
      expect(response.status).toBe(200);
      const after = await api.request('GET', '/l/api/account', { key: user.apikey });
      expect(after.headers['x-ratelimit-limit']).toBe(String(paid.ratelimit));
      expect(after.body.data.status).toBe('pro');
    });

    it('answers 404 for an unknown plan or user', async () => {
      const user = await createUser(api);
      expect((await api.request('PUT', `/l/api/plan/999/user/${user.id}`)).status).toBe(404);
      expect((await api.request('PUT', '/l/api/plan/1/user/987654')).status).toBe(404);
    });
  });

  it("sets the free plan's limit, every new account's, from DEFAULT_RATE_LIMIT", async () => {
    const configured = await startApi({ DEFAULT_RATE_LIMIT: '120' });
    try {
      const plans = (await configured.request('GET', '/l/api/plans')).body.data as { free: boolean; ratelimit: number }[];
      expect(plans.find((plan) => plan.free)?.ratelimit).toBe(120);
      // null: no limit of its own, the plan's.
      const user = await createUser(configured, { ratelimit: null });
      const call = await configured.request('GET', '/l/api/account', { key: user.apikey });
      expect(call.headers['x-ratelimit-limit']).toBe('120');
      expect(call.headers['x-ratelimit-remaining']).toBe('119');
    } finally {
      await configured.close();
    }
  });
});
