import { Writable } from 'node:stream';
import { ADMIN_KEY, useApi } from './support/app';
import { asBrowser, setCookies, signIn } from './support/sessions';
import { createLink, createUser, PASSWORD, type TestUser } from './support/factories';

const HOUR = 3600 * 1000;

describe('sessions', () => {
  const api = useApi();
  let user: TestUser;
  beforeEach(async () => {
    user = await createUser(api);
  });

  it('signs in with the username and password, and the cookie then stands for the account', async () => {
    const { response, cookie, csrf } = await signIn(api, { login: user.username, password: PASSWORD });
    expect(response.status).toBe(200);
    const [sessionCookie, device] = setCookies(response);
    expect(sessionCookie).toMatch(/^linkyard_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800$/);
    // The browser is remembered as a device of the account (its sign-ins are spared the gap wrong
    // passwords from elsewhere put between attempts).
    expect(device).toMatch(
      new RegExp(
        `^linkyard_device=${user.id}\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Strict; Max-Age=7776000$`,
      ),
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.data).toMatchObject({ via: 'session', admin: false, account: { id: user.id, username: user.username } });
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The proof is not the token.
    expect(cookie).not.toContain(csrf);

    const account = await api.request('GET', '/l/api/account', asBrowser(cookie));
    expect(account.status).toBe(200);
    expect(account.body.data.id).toBe(user.id);
    const session = await api.request('GET', '/l/api/session', asBrowser(cookie));
    expect(session.body.data).toMatchObject({ via: 'session', csrf });
  });

  it('signs in with the e-mail address in any case, and with the API key', async () => {
    expect((await signIn(api, { login: user.email.toUpperCase(), password: PASSWORD })).response.status).toBe(200);
    const byKey = await signIn(api, { apikey: user.apikey });
    expect(byKey.response.status).toBe(200);
    expect(byKey.response.body.data.account.id).toBe(user.id);
  });

  it('answers a wrong password and an unknown login alike, and a body without credentials with a 400', async () => {
    const wrong = await signIn(api, { login: user.username, password: 'not the password' });
    const unknown = await signIn(api, { login: 'nobody-at-all', password: PASSWORD });
    expect(wrong.response.status).toBe(401);
    expect(unknown.response.status).toBe(401);
    expect(wrong.response.body.message).toBe(unknown.response.body.message);
    expect(wrong.response.headers['set-cookie']).toBeUndefined();
    expect((await signIn(api, { apikey: 'lyk_not-a-key' })).response.status).toBe(401);
    const empty = await signIn(api, { login: user.username });
    expect(empty.response.status).toBe(400);
    expect(empty.response.body.message).toMatch(/"login" and "password", or "apikey"/);
  });

  it('stops checking passwords from an address past 20 wrong ones a minute, the right one included', async () => {
    const address = '203.0.113.99';
    // At the start of a one-minute window, so all the attempts fall in it however slowly they run.
    api.clock.set(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
    // Twenty logins, so that no account's own limit is reached first.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const { response } = await signIn(api, { login: `someone-${attempt}`, password: `guess ${attempt}` }, address);
      expect(response.status).toBe(401);
    }
    const right = await signIn(api, { login: user.username, password: PASSWORD }, address);
    expect(right.response.status).toBe(429);
    expect(Number(right.response.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(api, { login: user.username, password: PASSWORD }, '203.0.113.100')).response.status).toBe(200);
    api.clock.reset();
  });

  it('refuses a changing request of a session without its proof, or from another site, with a 403', async () => {
    const { cookie, csrf } = await signIn(api, { login: user.username, password: PASSWORD });
    const body = { url: 'https://example.com/forged' };
    const bare = await api.request('POST', '/l/api/url/add', { ...asBrowser(cookie), body });
    expect(bare.status).toBe(403);
    expect(bare.body.message).toMatch(/X-Linkyard-Csrf/);
    const wrongProof = await api.request('POST', '/l/api/url/add', {
      ...asBrowser(
        cookie,
        csrf.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      ),
      body,
    });
    expect(wrongProof.status).toBe(403);
    const crossSite = await api.request('POST', '/l/api/url/add', { ...asBrowser(cookie, csrf, { 'sec-fetch-site': 'cross-site' }), body });
    expect(crossSite.status).toBe(403);
    const sameSite = await api.request('POST', '/l/api/url/add', { ...asBrowser(cookie, csrf, { 'sec-fetch-site': 'same-site' }), body });
    expect(sameSite.status).toBe(403);
    const otherOrigin = await api.request('POST', '/l/api/url/add', {
      key: null,
      headers: { cookie, 'x-linkyard-csrf': csrf, origin: 'https://evil.example', host: 'links.test' },
      body,
    });
    expect(otherOrigin.status).toBe(403);
    // Nothing was made by the refused requests.
    const list = await api.request('GET', '/l/api/urls', asBrowser(cookie));
    expect(list.body.data.result).toBe(0);

    const made = await api.request('POST', '/l/api/url/add', { ...asBrowser(cookie, csrf), body });
    expect(made.status).toBe(200);
    const sameOriginHeader = await api.request('POST', '/l/api/url/add', {
      key: null,
      headers: { cookie, 'x-linkyard-csrf': csrf, origin: 'http://links.test', host: 'links.test' },
      body,
    });
    expect(sameOriginHeader.status).toBe(200);
  });

  it('leaves requests with a key unchecked, and lets the key win over any cookie', async () => {
    const { cookie } = await signIn(api, { login: user.username, password: PASSWORD });
    const crossSite = await api.request('POST', '/l/api/url/add', {
      key: user.apikey,
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://tool.example' },
      body: { url: 'https://example.com/from-a-tool' },
    });
    expect(crossSite.status).toBe(200);
    const badKeyGoodCookie = await api.request('GET', '/l/api/account', { key: 'lyk_wrong', headers: { cookie } });
    expect(badKeyGoodCookie.status).toBe(401);
    const viaKey = await api.request('GET', '/l/api/session', { key: user.apikey, headers: { cookie } });
    expect(viaKey.body.data).toMatchObject({ via: 'apikey', csrf: null, expires: null, idleExpires: null });
    const endByKey = await api.request('DELETE', '/l/api/session', { key: user.apikey });
    expect(endByKey.status).toBe(200);
    expect(endByKey.headers['set-cookie']).toBeUndefined();
    expect((await api.request('GET', '/l/api/account', asBrowser(cookie))).status).toBe(200);
  });

  it("shares the key's isolation, but has a budget of its own that never spends the plan's limit", async () => {
    const limited = await createUser(api, { ratelimit: 3 });
    const other = await createUser(api);
    const foreign = await createLink(api, other, { url: 'https://example.com/theirs' });
    const { cookie } = await signIn(api, { apikey: limited.apikey });
    const first = await api.request('GET', `/l/api/url/${foreign}`, asBrowser(cookie));
    expect(first.status).toBe(404);
    expect(first.headers['x-ratelimit-limit']).toBe('600');
    // A person reloads a page a dozen times: far under the session's budget, and the key's three
    // requests a minute are all still there.
    for (let reload = 0; reload < 12; reload += 1) expect((await api.request('GET', '/l/api/account', asBrowser(cookie))).status).toBe(200);
    const byKey = await api.request('GET', '/l/api/account', { key: limited.apikey });
    expect(byKey.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '2' });
    // One budget for all of the account's sessions: another session gives no more.
    const another = await signIn(api, { apikey: limited.apikey });
    const before = Number((await api.request('GET', '/l/api/account', asBrowser(cookie))).headers['x-ratelimit-remaining']);
    const after = Number((await api.request('GET', '/l/api/account', asBrowser(another.cookie))).headers['x-ratelimit-remaining']);
    expect(after).toBe(before - 1);
  });

  it('ends on sign-out: the cookie is cleared and no longer works', async () => {
    const { cookie, csrf } = await signIn(api, { login: user.username, password: PASSWORD });
    const noProof = await api.request('DELETE', '/l/api/session', asBrowser(cookie));
    expect(noProof.status).toBe(403);
    const out = await api.request('DELETE', '/l/api/session', asBrowser(cookie, csrf));
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^linkyard_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);
    const after = await api.request('GET', '/l/api/account', asBrowser(cookie));
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/session has ended/);
  });

  it('ends after 12 hours unused, and 7 days after it began however often it is used', async () => {
    const idle = await signIn(api, { login: user.username, password: PASSWORD });
    const used = await signIn(api, { login: user.username, password: PASSWORD });
    api.clock.advance(11 * HOUR);
    expect((await api.request('GET', '/l/api/account', asBrowser(used.cookie))).status).toBe(200);
    api.clock.advance(1 * HOUR + 1000);
    expect((await api.request('GET', '/l/api/account', asBrowser(idle.cookie))).status).toBe(401);
    expect((await api.request('GET', '/l/api/account', asBrowser(used.cookie))).status).toBe(200);
    // Used every 11 hours, it still ends 7 days after the sign-in.
    for (let elapsed = 12; elapsed + 11 < 7 * 24; elapsed += 11) {
      api.clock.advance(11 * HOUR);
      expect((await api.request('GET', '/l/api/account', asBrowser(used.cookie))).status).toBe(200);
    }
    api.clock.advance(11 * HOUR);
    expect((await api.request('GET', '/l/api/account', asBrowser(used.cookie))).status).toBe(401);
    api.clock.reset();
  });

  it("ends the account's other sessions on a password change, and all of them when the account is deleted", async () => {
    const changing = await signIn(api, { login: user.username, password: PASSWORD });
    const other = await signIn(api, { login: user.username, password: PASSWORD });
    const byKey = await signIn(api, { apikey: user.apikey });
    const change = await api.request('PUT', '/l/api/account/update', {
      ...asBrowser(changing.cookie, changing.csrf),
      body: { password: 'a brand new passphrase', currentpassword: PASSWORD },
    });
    expect(change.status).toBe(200);
    expect((await api.request('GET', '/l/api/account', asBrowser(other.cookie))).status).toBe(401);
    expect((await api.request('GET', '/l/api/account', asBrowser(byKey.cookie))).status).toBe(401);
    // The session that changed it goes on with the new password.
    expect((await api.request('GET', '/l/api/account', asBrowser(changing.cookie))).status).toBe(200);
    expect((await signIn(api, { login: user.username, password: PASSWORD })).response.status).toBe(401);
    expect((await signIn(api, { login: user.username, password: 'a brand new passphrase' })).response.status).toBe(200);

    expect((await api.request('DELETE', `/l/api/user/${user.id}/delete`, { key: ADMIN_KEY })).status).toBe(200);
    expect((await api.request('GET', '/l/api/account', asBrowser(changing.cookie))).status).toBe(401);
  });

  it('of an API key ends when the key is rotated or expires, but for the session that rotated it', async () => {
    const other = await signIn(api, { apikey: user.apikey });
    const byPassword = await signIn(api, { login: user.username, password: PASSWORD });
    const rotated = await api.request('POST', `/l/api/user/${user.id}/apikey/rotate`, { key: ADMIN_KEY, body: {} });
    expect(rotated.status).toBe(200);
    const ended = await api.request('GET', '/l/api/session', asBrowser(other.cookie));
    expect(ended.status).toBe(401);
    expect(ended.body.message).toMatch(/session has ended/);
    expect((await api.request('GET', '/l/api/session', asBrowser(byPassword.cookie))).status).toBe(200);

    // Signed in with the new key, which expires in an hour: the session ends with it.
    const newKey = rotated.body.apikey as string;
    const expiring = await api.request('POST', `/l/api/user/${user.id}/apikey/rotate`, {
      key: ADMIN_KEY,
      body: { expires: new Date(api.clock.now() + HOUR).toISOString().slice(0, 19).replace('T', ' ') },
    });
    expect(expiring.status).toBe(200);
    expect((await signIn(api, { apikey: newKey })).response.status).toBe(401);
    const lasting = await signIn(api, { apikey: expiring.body.apikey as string });
    expect(lasting.response.status).toBe(200);
    // The account rotates its own key in that session: the session goes on with the new key.
    const own = await api.request('POST', '/l/api/account/apikey/rotate', { ...asBrowser(lasting.cookie, lasting.csrf), body: {} });
    expect(own.status).toBe(200);
    const second = await signIn(api, { apikey: own.body.apikey as string });
    expect((await api.request('GET', '/l/api/account', asBrowser(lasting.cookie))).status).toBe(200);
    // The key of the session that rotated never expires, but the session stays bounded by the old
    // key's expiry, an hour away: it ends then; one started with the new key does not.
    api.clock.advance(HOUR + 1000);
    expect((await api.request('GET', '/l/api/account', asBrowser(lasting.cookie))).status).toBe(401);
    expect((await api.request('GET', '/l/api/account', asBrowser(second.cookie))).status).toBe(200);
    api.clock.reset();
  });

  it('treats a malformed or unknown cookie as an ended session', async () => {
    for (const cookie of ['linkyard_session=x', `linkyard_session=${'A'.repeat(43)}`, 'linkyard_session=<script>']) {
      const response = await api.request('GET', '/l/api/account', { key: null, headers: { cookie } });
      expect(response.status).toBe(401);
    }
    // Other cookies alone are no session: the answer asks for a key.
    const unrelated = await api.request('GET', '/l/api/account', { key: null, headers: { cookie: 'theme=dark' } });
    expect(unrelated.body.message).toMatch(/Missing API key/);
  });
});

describe('sessions on an https address', () => {
  const api = useApi({ PUBLIC_URL: 'https://links.test' });

  it('names the cookie __Host- and marks it Secure', async () => {
    const user = await createUser(api);
    const { response, cookie } = await signIn(api, { apikey: user.apikey });
    expect(setCookies(response)).toHaveLength(1);
    expect(String(response.headers['set-cookie'])).toMatch(
      /^__Host-linkyard_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800; Secure$/,
    );
    expect((await api.request('GET', '/l/api/account', asBrowser(cookie))).status).toBe(200);
    // The plain name is not read on an https service.
    const plain = cookie.replace('__Host-', '');
    expect((await api.request('GET', '/l/api/account', asBrowser(plain))).status).toBe(401);
  });
});

describe('sessions in the logs', () => {
  let log = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  const api = useApi({ LOG_LEVEL: 'info' }, { logStream: stream });

  it('never writes a password, a token or a proof', async () => {
    const user = await createUser(api);
    const secret = 'a very recognisable passphrase';
    await api.request('PUT', '/l/api/account/update', { key: user.apikey, body: { password: secret, currentpassword: PASSWORD } });
    const { cookie, csrf } = await signIn(api, { login: user.username, password: secret });
    await signIn(api, { login: user.username, password: `${secret} wrong` });
    await api.request('POST', '/l/api/url/add', { ...asBrowser(cookie, csrf), body: { url: 'https://example.com/' } });
    await api.request('DELETE', '/l/api/session', asBrowser(cookie, csrf));
    expect(log).toContain('"path":"/l/api/session"');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(cookie.split('=')[1]);
    expect(log).not.toContain(csrf);
    expect(log).not.toContain(user.apikey);
  });
});
