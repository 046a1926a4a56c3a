import crypto from 'node:crypto';
import { UsersService } from '../src/modules/users/users.service';
import { ADMIN_KEY, useApi, type TestApi } from './support/app';
import { createUser, PASSWORD } from './support/factories';
import { asBrowser, deviceCookieOf, signIn } from './support/sessions';

/** A day's morning (UTC): the day's count of wrong passwords starts empty and ends long after the test. */
const MORNING = '2031-03-04T08:00:00Z';

/**
 * What a key that leaked gives its holder, and what it gives once the owner has replaced it:
 * nothing, whichever way the key was replaced.
 */
describe.each([
  [
    'the account rotates its key',
    async (api: TestApi) => (await api.request('POST', '/l/api/account/apikey/rotate', { body: {} })).body.apikey as string,
  ],
  // `pnpm admin:key`, run in process.
  ['the operator runs pnpm admin:key', async (api: TestApi) => (await api.linkyard.app.get(UsersService).resetAdminKey()).apiKey],
  // What a start with a new ADMIN_API_KEY does, run in process (a restart of an in-memory test
  // database would start from an empty one).
  [
    'the operator starts the service with a new ADMIN_API_KEY',
    async (api: TestApi) => {
      const replacement = 'lyk_replacement-admin-key-0123456789abcdef';
      await api.linkyard.app.get(UsersService).ensureAdminKey(replacement);
      return replacement;
    },
  ],
])('a key that leaked, once %s', (_how, rotate) => {
  const api = useApi();

  it('leaves its holder no password, no session and no new key', async () => {
    // The first admin has no password: the key alone may set its first one, as the thief does,
    // then changes it, giving the first as the current one, to make it look proven.
    const setByThief = await api.request('PUT', '/l/api/account/update', { key: ADMIN_KEY, body: { password: 'the thief chose this' } });
    expect(setByThief.status).toBe(200);
    const changedByThief = await api.request('PUT', '/l/api/account/update', {
      key: ADMIN_KEY,
      body: { password: 'the thief chose again', currentpassword: 'the thief chose this' },
    });
    expect(changedByThief.status).toBe(200);
    const byPassword = await signIn(api, { login: 'admin', password: 'the thief chose again' }, '203.0.113.5');
    expect(byPassword.response.status).toBe(200);
    const byKey = await signIn(api, { apikey: ADMIN_KEY }, '203.0.113.5');
    expect((await api.request('GET', '/l/api/users', asBrowser(byPassword.cookie))).status).toBe(200);

    const newKey = await rotate(api);

    for (const session of [byPassword, byKey]) {
      const ended = await api.request('GET', '/l/api/users', asBrowser(session.cookie));
      expect(ended.status).toBe(401);
      expect(ended.body.message).toMatch(/session has ended/);
      const mint = await api.request('POST', '/l/api/account/apikey/rotate', { ...asBrowser(session.cookie, session.csrf), body: {} });
      expect(mint.status).toBe(401);
    }
    expect((await signIn(api, { login: 'admin', password: 'the thief chose again' }, '203.0.113.5')).response.status).toBe(401);
    expect((await api.request('GET', '/l/api/account', { key: ADMIN_KEY })).status).toBe(401);
    expect((await api.request('GET', '/l/api/users', { key: newKey })).status).toBe(200);
    // The old key cannot set a password any more: the account has none, and the key is not its.
    expect((await api.request('PUT', '/l/api/account/update', { key: ADMIN_KEY, body: { password: 'too late now' } })).status).toBe(401);

    // The owner sets a password again with the new key; it is the key's in turn, and the next
    // rotation clears it with its sessions.
    const first = await api.request('PUT', '/l/api/account/update', { key: newKey, body: { password: 'the owner chose this' } });
    expect(first.status).toBe(200);
    const session = await signIn(api, { login: 'admin', password: 'the owner chose this' });
    expect(session.response.status).toBe(200);
    const again = await api.request('POST', '/l/api/account/apikey/rotate', { key: newKey, body: {} });
    expect(again.status).toBe(200);
    expect((await api.request('GET', '/l/api/account', asBrowser(session.cookie))).status).toBe(401);
    expect((await signIn(api, { login: 'admin', password: 'the owner chose this' })).response.status).toBe(401);
  });
});

describe('a key that leaked, of an account with a password', () => {
  const api = useApi();

  it('cannot change its password or e-mail address, and its sessions end when an admin rotates it', async () => {
    const user = await createUser(api);
    expect((await api.request('PUT', '/l/api/account/update', { key: user.apikey, body: { password: 'taken over now' } })).status).toBe(
      400,
    );
    expect((await api.request('PUT', '/l/api/account/update', { key: user.apikey, body: { email: 'thief@example.com' } })).status).toBe(
      400,
    );
    const byKey = await signIn(api, { apikey: user.apikey });
    const owner = await signIn(api, { login: user.username, password: PASSWORD });
    // From the thief's session, the key's rotation answers: the session goes on with the new key...
    const minted = await api.request('POST', '/l/api/account/apikey/rotate', { ...asBrowser(byKey.cookie, byKey.csrf), body: {} });
    expect(minted.status).toBe(200);
    // ...until the owner (here through an admin) replaces that key too.
    const replaced = await api.request('POST', `/l/api/user/${user.id}/apikey/rotate`, { key: ADMIN_KEY, body: {} });
    expect(replaced.status).toBe(200);
    expect((await api.request('GET', '/l/api/account', asBrowser(byKey.cookie))).status).toBe(401);
    expect((await api.request('GET', '/l/api/account', { key: minted.body.apikey as string })).status).toBe(401);
    // The owner's password was never the key's: it and its session stay.
    expect((await api.request('GET', '/l/api/account', asBrowser(owner.cookie))).status).toBe(200);
  });
});

describe('guessing', () => {
  const api = useApi({ TRUST_PROXY: '1' });
  // A frozen clock: a gap of a second stays a second however slowly the machine runs.
  beforeEach(() => api.clock.freeze(MORNING));
  afterEach(() => api.clock.reset());

  /** A sign-in as sent through the trusted proxy from `client`. */
  const attempt = (login: string, password: string, client: string, cookie?: string) =>
    api.request('POST', '/l/api/session', {
      key: null,
      body: { login, password },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client, ...(cookie ? { cookie } : {}) },
    });

  it('meets the limit of an address from every address of one IPv6 /64', async () => {
    const statuses: number[] = [];
    for (let guess = 1; guess <= 25; guess += 1) {
      statuses.push((await attempt(`nobody-${guess}`, 'a guess', `2001:db8:1:2::${guess.toString(16)}`)).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    // Another /64 is another address; an IPv4 client likewise.
    expect((await attempt('nobody-26', 'a guess', '2001:db8:1:3::1')).status).toBe(401);
    expect((await attempt('nobody-27', 'a guess', '198.51.100.1')).status).toBe(401);
  });

  it('spaces out wrong passwords at one account from every address: 5 free, then a gap that doubles', async () => {
    const user = await createUser(api);
    const owner = await attempt(user.username, PASSWORD, '192.0.2.1');
    const device = deviceCookieOf(owner);
    expect(device).toMatch(/^linkyard_device=/);
    const from = (n: number) => `2001:db8:${n.toString(16)}::1`;
    for (let guess = 1; guess <= 5; guess += 1) expect((await attempt(user.username, `guess ${guess}`, from(guess))).status).toBe(401);
    // The sixth may be made after 1 second, the seventh 2 seconds after it, and so on.
    for (let guess = 6, gap = 1; guess <= 10; guess += 1, gap *= 2) {
      expect((await attempt(user.username, `guess ${guess}`, from(guess))).status).toBe(401);
      const early = await attempt(user.username, PASSWORD, from(100 + guess));
      expect(early.status).toBe(429);
      expect(Number(early.headers['retry-after'])).toBe(gap);
      expect(early.body.message).toMatch(/a sign-in with the API key, is not held up/);
      api.clock.advance(gap * 1000);
    }
    // The gap is now 32 seconds: a stranger slows down sign-ins from new devices, never the owner's
    // own browser, nor a sign-in with the key.
    expect((await attempt(user.username, 'guess 11', from(11))).status).toBe(401);
    expect((await attempt(user.username, PASSWORD, '192.0.2.1')).status).toBe(429);
    expect((await attempt(user.username, PASSWORD, '192.0.2.1', device)).status).toBe(200);
    expect((await signIn(api, { apikey: user.apikey })).response.status).toBe(200);
    // A device cookie of another account, or a forged one, is no device of this one.
    const [, id] = device.split('.') as [string, string];
    expect((await attempt(user.username, PASSWORD, '192.0.2.1', `linkyard_device=${user.id + 1}.${id}.${'A'.repeat(43)}`)).status).toBe(
      429,
    );
    expect(
      (
        await attempt(
          user.username,
          PASSWORD,
          '192.0.2.1',
          device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        )
      ).status,
    ).toBe(429);
    // It grows to five minutes at most.
    for (let guess = 12; guess <= 20; guess += 1) {
      api.clock.advance(300_000);
      expect((await attempt(user.username, `guess ${guess}`, from(guess))).status).toBe(401);
    }
    expect(Number((await attempt(user.username, PASSWORD, from(200))).headers['retry-after'])).toBe(300);
  });

  it("spares no device whose cookie names the account's old password, and spares one signed in with the new", async () => {
    const user = await createUser(api);
    const old = deviceCookieOf(await attempt(user.username, PASSWORD, '192.0.2.2'));
    const changed = await api.request('PUT', '/l/api/account/update', {
      key: user.apikey,
      body: { password: 'a new passphrase', currentpassword: PASSWORD },
    });
    expect(changed.status).toBe(200);
    const statuses: number[] = [];
    for (let guess = 1; guess <= 7; guess += 1) statuses.push((await attempt(user.username, `guess ${guess}`, '192.0.2.2', old)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // Signed in with the new password (after the wait), the browser is spared again.
    api.clock.advance(2000);
    const fresh = deviceCookieOf(await attempt(user.username, 'a new passphrase', '192.0.2.2', old));
    expect(fresh).not.toBe(old);
    for (let guess = 8; guess <= 10; guess += 1)
      expect((await attempt(user.username, `guess ${guess}`, '192.0.2.2', fresh)).status).toBe(401);
  });

  it('counts attempts refused during the gap against their address', async () => {
    const user = await createUser(api);
    for (let guess = 1; guess <= 6; guess += 1)
      expect((await attempt(user.username, `guess ${guess}`, `198.51.100.${guess}`)).status).toBe(401);
    const messages: string[] = [];
    for (let asked = 0; asked < 22; asked += 1)
      messages.push((await attempt(user.username, 'again', '203.0.113.200')).body.message as string);
    expect(messages.slice(0, 20).every((message) => /wrong passwords for this account/.test(message))).toBe(true);
    expect(messages.slice(20).every((message) => /from this address/.test(message))).toBe(true);
  });

  it("never holds up the account's own change of its password when a stranger guesses at its sign-in", async () => {
    const user = await createUser(api);
    for (let guess = 1; guess <= 6; guess += 1)
      expect((await attempt(user.username, `guess ${guess}`, `198.18.0.${guess}`)).status).toBe(401);
    expect((await attempt(user.username, PASSWORD, '198.18.0.50')).status).toBe(429);
    const change = await api.request('PUT', '/l/api/account/update', {
      key: user.apikey,
      body: { password: 'changed while guessed at', currentpassword: PASSWORD },
    });
    expect(change.status).toBe(200);
  });

  it('answers a login no account has exactly as an account: the same statuses at the same attempts', async () => {
    const user = await createUser(api);
    const run = async (login: string) => {
      const statuses: number[] = [];
      for (let guess = 1; guess <= 8; guess += 1) statuses.push((await attempt(login, `guess ${guess}`, `198.51.100.${guess}`)).status);
      return statuses;
    };
    const real = await run(user.username);
    api.clock.advance(3600_000);
    expect(await run(`made-up-${user.id}`)).toEqual(real);
    expect(real).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it('counts only wrong keys and passwords: no credentials, a malformed header or an ended session are plain 401s', async () => {
    const user = await createUser(api);
    const address = '203.0.113.77';
    const ended = await attempt(user.username, PASSWORD, address);
    const cookie = String(ended.headers['set-cookie']).split(';', 1)[0]!;
    const csrf = ended.body.data.csrf as string;
    const signedOut = await api.request('DELETE', '/l/api/session', {
      key: null,
      remoteAddress: '127.0.0.1',
      headers: { ...asBrowser(cookie, csrf).headers, 'x-forwarded-for': address },
    });
    expect(signedOut.status).toBe(200);
    const asked = (headers: Record<string, string>) =>
      api.request('GET', '/l/api/session', { key: null, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': address, ...headers } });
    for (let load = 0; load < 30; load += 1) {
      // The dashboard asks who is signed in at every load; a tab left open sends its ended cookie.
      expect((await asked({})).status).toBe(401);
      const stale = await asked({ cookie });
      expect(stale.status).toBe(401);
      expect(stale.body.message).toMatch(/session has ended/);
      expect((await asked({ authorization: 'Basic abc' })).status).toBe(401);
    }
    expect((await attempt(user.username, PASSWORD, address)).status).toBe(200);
    // A wrong key is a guess.
    const wrongKeys: number[] = [];
    for (let guess = 0; guess < 21; guess += 1) wrongKeys.push((await asked({ authorization: `Bearer lyk_guess-${guess}` })).status);
    expect(wrongKeys.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(wrongKeys[20]).toBe(429);
  });

  it('hashes a login no account has in a line of its own, as an account: queued sign-ins tell nothing', async () => {
    const user = await createUser(api);
    /** How many hashes started before the probe's, with fourteen sign-ins of one made-up login queued first. */
    const position = async (probe: string) => {
      const started: string[] = [];
      const original = crypto.scrypt;
      const scrypt = jest.spyOn(crypto, 'scrypt').mockImplementation(((password: string, ...rest: unknown[]) => {
        started.push(password);
        return (original as (...args: unknown[]) => void)(password, ...rest);
      }) as typeof crypto.scrypt);
      try {
        const queue = Array.from({ length: 14 }, (_, n) => attempt('ghost-login', `queued ${n}`, `198.18.${n}.1`));
        const probed = attempt(probe, 'the probe', '198.19.0.1');
        await Promise.all([...queue, probed]);
        return started.indexOf('the probe');
      } finally {
        scrypt.mockRestore();
      }
    };
    const forAccount = await position(user.username);
    const forNobody = await position(`nobody-${user.id}`);
    // Both start among the first hashes (three run at once; on a loaded machine the probe's request
    // may be read after a few more of the queue's), not behind the queue: in one line for every login
    // no account has, the made-up one waited behind the queued ones (it started 15th).
    expect(forAccount).toBeGreaterThanOrEqual(0);
    expect(forAccount).toBeLessThan(7);
    expect(forNobody).toBeGreaterThanOrEqual(0);
    expect(forNobody).toBeLessThan(7);
  });
});
