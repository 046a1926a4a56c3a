import { useApi } from './support/app';
import { createUser, type TestUser } from './support/factories';

describe('account', () => {
  const api = useApi();

  describe('GET /account', () => {
    it('returns the account fields of the spec, and no secrets', async () => {
      const user = await createUser(api);
      const response = await api.request('GET', '/l/api/account', { key: user.apikey });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        error: 0,
        data: {
          id: user.id,
          email: user.email,
          username: user.username,
          avatar: expect.stringMatching(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}\?d=identicon$/),
          status: 'free',
          expires: null,
          registered: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        },
      });
      expect(response.text).not.toMatch(/password|apikey|hash/i);
    });

    it('shows "pro" and the expiry while a paid plan runs, "free" once it has ended', async () => {
      const user = await createUser(api);
      const plans = (await api.request('GET', '/l/api/plans')).body.data as { id: number; free: boolean }[];
      const paid = plans.find((plan) => !plan.free)!;
      await api.request('PUT', `/l/api/plan/${paid.id}/user/${user.id}`, { body: { expiration: '2099-12-31 23:59:59' } });
      const pro = await api.request('GET', '/l/api/account', { key: user.apikey });
      expect(pro.body.data).toMatchObject({ status: 'pro', expires: '2099-12-31 23:59:59' });

      await api.request('PUT', `/l/api/plan/${paid.id}/user/${user.id}`, { body: { expiration: '2020-01-01 00:00:00' } });
      const lapsed = await api.request('GET', '/l/api/account', { key: user.apikey });
      expect(lapsed.body.data).toMatchObject({ status: 'free', expires: '2020-01-01 00:00:00' });
    });
  });

  describe('PUT /account/update', () => {
    let user: TestUser;
    beforeEach(async () => {
      user = await createUser(api);
    });

    it('changes the e-mail address', async () => {
      const response = await api.request('PUT', '/l/api/account/update', {
        key: user.apikey,
        body: { email: `new.${user.id}@example.com` },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ error: 0, message: expect.any(String) });
      const account = await api.request('GET', '/l/api/account', { key: user.apikey });
      expect(account.body.data.email).toBe(`new.${user.id}@example.com`);
    });

    it('accepts a new password of 8 characters or more', async () => {
      const response = await api.request('PUT', '/l/api/account/update', { key: user.apikey, body: { password: 'a much longer secret' } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ error: 0, message: 'Account updated.' });
    });

    it('refuses an e-mail address another account uses, in any case', async () => {
      const other = await createUser(api);
      const response = await api.request('PUT', '/l/api/account/update', { key: user.apikey, body: { email: other.email.toUpperCase() } });
      expect(response.status).toBe(409);
      const account = await api.request('GET', '/l/api/account', { key: user.apikey });
      expect(account.body.data.email).toBe(user.email);
    });

    it.each([
      [{ email: 'not-an-address' }, /email/],
      [{ email: 42 }, /email/],
      [{ password: 'short' }, /password.*8 characters/],
      [{ password: ['a', 'list'] }, /password/],
      [{ email: { $ne: '' } }, /email/],
      [{}, /at least one/],
    ])('refuses %j with 400 naming the problem', async (body, message) => {
      const response = await api.request('PUT', '/l/api/account/update', { key: user.apikey, body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 1, message: expect.stringMatching(message) });
    });

    it('changes nothing when one field of the request is refused', async () => {
      const other = await createUser(api);
      const refused = await api.request('PUT', '/l/api/account/update', {
        key: user.apikey,
        body: { email: other.email, password: 'would-be-new-password' },
      });
      expect(refused.status).toBe(409);
      const account = await api.request('GET', '/l/api/account', { key: user.apikey });
      expect(account.body.data.email).toBe(user.email);
    });
  });
});
