import { useApi } from './support/app';
import { createUser, PASSWORD, type TestUser } from './support/factories';

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
    const update = (body: Record<string, unknown>, key = user.apikey) => api.request('PUT', '/l/api/account/update', { key, body });

    it('changes the e-mail address, given the current password', async () => {
      const response = await update({ email: `new.${user.id}@example.com`, currentpassword: PASSWORD });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ error: 0, message: 'Account updated.' });
      const account = await api.request('GET', '/l/api/account', { key: user.apikey });
      expect(account.body.data.email).toBe(`new.${user.id}@example.com`);
    });

    it('accepts a new password of 8 characters or more, given the current one, and signs in with it', async () => {
      const response = await update({ password: 'a much longer secret', currentpassword: PASSWORD });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ error: 0, message: 'Account updated.' });
      const signIn = (password: string) => api.request('POST', '/l/api/session', { key: null, body: { login: user.username, password } });
      expect((await signIn('a much longer secret')).status).toBe(200);
      expect((await signIn(PASSWORD)).status).toBe(401);
    });

    it('asks the key alone for the current password (400), and refuses a wrong one (403), changing nothing', async () => {
      const withoutIt = await update({ password: 'set by whoever holds the key', email: `thief.${user.id}@example.com` });
      expect(withoutIt.status).toBe(400);
      expect(withoutIt.body.message).toMatch(/"currentpassword"/);
      const wrong = await update({ password: 'set by whoever holds the key', currentpassword: 'a guess at it' });
      expect(wrong.status).toBe(403);
      expect(wrong.body).toEqual({ error: 1, message: expect.stringMatching(/not the account's current password/) });
      const account = await api.request('GET', '/l/api/account', { key: user.apikey });
      expect(account.body.data.email).toBe(user.email);
      const signIn = await api.request('POST', '/l/api/session', { key: null, body: { login: user.username, password: PASSWORD } });
      expect(signIn.status).toBe(200);
    });

    it('counts wrong current passwords as guesses: after five, attempts are spaced out (429)', async () => {
      for (let attempt = 0; attempt < 6; attempt += 1) {
        expect((await update({ email: `x${attempt}.${user.id}@example.com`, currentpassword: `guess ${attempt}` })).status).toBe(403);
      }
      const spaced = await update({ email: `y.${user.id}@example.com`, currentpassword: PASSWORD });
      expect(spaced.status).toBe(429);
      expect(Number(spaced.headers['retry-after'])).toBeGreaterThan(0);
      api.clock.advance(3000);
      expect((await update({ email: `y.${user.id}@example.com`, currentpassword: PASSWORD })).status).toBe(200);
      api.clock.reset();
    });

    it("answers an address another account uses as it answers a free one, and keeps the account's own", async () => {
      const other = await createUser(api);
      const taken = await update({ email: other.email.toUpperCase(), currentpassword: PASSWORD });
      const free = await update({ email: `free.${user.id}@example.com`, currentpassword: PASSWORD });
      expect(taken.status).toBe(200);
      expect(taken.body).toEqual(free.body);
      // The address in force says which happened, to the account alone.
      const account = await api.request('GET', '/l/api/account', { key: user.apikey });
      expect(account.body.data.email).toBe(`free.${user.id}@example.com`);
      expect((await api.request('GET', '/l/api/account', { key: other.apikey })).body.data.email).toBe(other.email);
    });

    it.each([
      [{ email: 'not-an-address' }, /email/],
      [{ email: 42 }, /email/],
      [{ password: 'short' }, /password.*8 characters/],
      [{ password: ['a', 'list'] }, /password/],
      [{ email: { $ne: '' } }, /email/],
      [{ password: 'a-long-password', currentpassword: 12345678 }, /currentpassword/],
      [{}, /at least one/],
    ])('refuses %j with 400 naming the problem', async (body, message) => {
      const response = await update(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 1, message: expect.stringMatching(message) });
    });

    it('changes nothing when one field of the request is refused', async () => {
      const refused = await update({ email: 'not-an-address', password: 'would-be-new-password', currentpassword: PASSWORD });
      expect(refused.status).toBe(400);
      const account = await api.request('GET', '/l/api/account', { key: user.apikey });
      expect(account.body.data.email).toBe(user.email);
      const signIn = await api.request('POST', '/l/api/session', { key: null, body: { login: user.username, password: PASSWORD } });
      expect(signIn.status).toBe(200);
    });
  });
});
