import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUBLIC_URL, startApi, type ApiResponse, type TestApi } from './support/app';
import { freePort } from './support/built-service';
import { createUser, type TestUser } from './support/factories';
import { followAtProvider, startProvider, type TestProvider } from './support/openid-provider';
import { asBrowser, cookieOf, setCookies } from './support/sessions';

/**
 * Single sign-on against a real OpenID provider (the registry's oidc-provider, run by the test as
 * its own process on loopback): the browser's part is played here, following the redirects with
 * the cookies a browser would keep and send.
 */
const CALLBACK = `${PUBLIC_URL}/l/api/session/sso/callback`;

/** The `linkyard_sso` cookie a start set, as the browser sends it back. */
const transactionOf = (response: ApiResponse): string =>
  setCookies(response)
    .find((line) => line.startsWith('linkyard_sso='))!
    .split(';', 1)[0]!;

/** A browser's sign-in through the provider: the start, the provider's pages, the callback. */
async function signInThrough(api: TestApi, login: string, tamper: (cookie: string) => string = (cookie) => cookie) {
  const start = await api.request('GET', `/l/api/session/sso?login_hint=${encodeURIComponent(login)}`, { key: null });
  expect(start.status).toBe(302);
  const back = await followAtProvider(String(start.headers.location), CALLBACK);
  return api.request('GET', back.slice(PUBLIC_URL.length), { key: null, headers: { cookie: tamper(transactionOf(start)) } });
}

/** Where a callback sent the browser: the dashboard, or the sign-in page with a reason. */
const landing = (response: ApiResponse): string => String(response.headers.location).replace(PUBLIC_URL, '');

const hasSession = (response: ApiResponse) =>
  setCookies(response).some((line) => line.startsWith('linkyard_session=') && !/Max-Age=0/.test(line));

describe('single sign-on through an OpenID provider', () => {
  let provider: TestProvider;
  let other: TestProvider;
  let api: TestApi;
  let owner: TestUser;
  let team: number;

  beforeAll(async () => {
    [provider, other] = await Promise.all([startProvider(CALLBACK), startProvider(CALLBACK)]);
    // The rules name a workspace made below: the service restarts with them, on a database kept in a folder.
    api = await startApi({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'linkyard-sso-')),
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    });
    owner = await createUser(api);
    team = (await api.request('POST', '/l/api/workspace/add', { key: owner.apikey, body: { name: 'Marketing' } })).body.data.id;
    await api.restart({
      OIDC_NAME: 'Acme',
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_RULES: JSON.stringify([
        { claim: 'groups', value: 'marketing', workspace: team, role: 'editor' },
        { claim: 'groups', value: 'marketing-leads', workspace: team, role: 'admin' },
      ]),
    });
    provider.people({
      ada: { email: 'Ada@Example.com', email_verified: true, preferred_username: 'ada lovelace', groups: ['marketing'] },
    });
  });

  afterAll(async () => {
    await api?.close();
    await Promise.all([provider?.stop(), other?.stop()]);
  });

  it('says on the sign-in page how to sign in, with the provider by its name', async () => {
    const methods = await api.request('GET', '/l/api/session/methods', { key: null });
    expect(methods.body).toEqual({ error: 0, data: { password: true, sso: { name: 'Acme', start: `${PUBLIC_URL}/l/api/session/sso` } } });
    const start = await api.request('GET', '/l/api/session/sso', { key: null });
    const location = new URL(String(start.headers.location));
    expect(location.origin).toBe(provider.issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'openid email profile groups',
    });
    expect(location.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(location.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // The transaction waits in a cookie sent back only to the sign-in's own paths, for ten minutes.
    expect(setCookies(start).find((line) => line.startsWith('linkyard_sso='))).toMatch(
      /; Path=\/l\/api\/session\/sso; HttpOnly; SameSite=Lax; Max-Age=600$/,
    );
  });

  it('makes the account at the first sign-in, starts a session, and gives the workspaces the claim rules say', async () => {
    const done = await signInThrough(api, 'ada');
    expect(landing(done)).toBe('/dashboard/');
    expect(hasSession(done)).toBe(true);
    const cookie = cookieOf(done);
    const session = await api.request('GET', '/l/api/session', asBrowser(cookie));
    expect(session.body.data).toMatchObject({
      via: 'sso',
      hasPassword: false,
      account: { email: 'ada@example.com', username: 'ada-lovelace' },
    });
    const workspaces = await api.request('GET', '/l/api/workspaces', asBrowser(cookie));
    expect(workspaces.body.data.workspaces.map((w: { name: string; role: string }) => [w.name, w.role])).toEqual([
      ['ada-lovelace', 'owner'],
      ['Marketing', 'editor'],
    ]);
    // A change in the team says how its maker signed in.
    const csrf = session.body.data.csrf as string;
    const made = await api.request('POST', '/l/api/url/add', {
      ...asBrowser(cookie, csrf, { 'x-linkyard-workspace': String(team) }),
      body: { url: 'https://example.com/from-sso' },
    });
    expect(made.status).toBe(200);
    const log = await api.request('GET', `/l/api/workspace/${team}/audit?operation=addUrl`, { key: owner.apikey });
    expect(log.body.data.entries[0]).toMatchObject({ via: 'sso', user: { username: 'ada-lovelace' } });

    // The next sign-in is the same account.
    const again = await signInThrough(api, 'ada');
    const second = await api.request('GET', '/l/api/session', asBrowser(cookieOf(again)));
    expect(second.body.data.account.id).toBe(session.body.data.account.id);
  });

  it('signs in to an existing account by its verified address, and never by an unverified one', async () => {
    const bob = await createUser(api, { email: 'bob@example.com' });
    const carol = await createUser(api, { email: 'carol@example.com' });
    provider.people({
      'bob-at-acme': { email: 'BOB@example.com', email_verified: true, preferred_username: 'bob' },
      mallory: { email: 'carol@example.com', email_verified: false, preferred_username: 'mallory' },
    });
    const bobs = await signInThrough(api, 'bob-at-acme');
    expect((await api.request('GET', '/l/api/session', asBrowser(cookieOf(bobs)))).body.data.account.id).toBe(bob.id);
    // An address with a control character is no address: no account is made for it.
    provider.people({ bell: { email: 'bell\u0007@example.com', email_verified: true } });
    const bells = await signInThrough(api, 'bell');
    expect(landing(bells)).toBe('/dashboard/?sso=no-email');
    expect(hasSession(bells)).toBe(false);
    provider.people({
      'bob-at-acme': { email: 'BOB@example.com', email_verified: true, preferred_username: 'bob' },
      mallory: { email: 'carol@example.com', email_verified: false, preferred_username: 'mallory' },
    });
    const mallorys = await signInThrough(api, 'mallory');
    expect(landing(mallorys)).toBe('/dashboard/?sso=no-account');
    expect(hasSession(mallorys)).toBe(false);
    // Carol's account is untouched: her key works, and the provider's mallory is linked to nobody.
    expect((await api.request('GET', '/l/api/account', { key: carol.apikey })).body.data.email).toBe('carol@example.com');
  });

  it('follows the provider at each sign-in: another group changes the role, leaving it or the provider ends access', async () => {
    provider.people({ grace: { email: 'grace@example.com', email_verified: true, groups: ['marketing', 'marketing-leads'] } });
    const first = await signInThrough(api, 'grace');
    const cookie = cookieOf(first);
    const role = async (session: string) =>
      (await api.request('GET', '/l/api/workspaces', asBrowser(session))).body.data.workspaces.find((w: { id: number }) => w.id === team)
        ?.role;
    expect(await role(cookie)).toBe('admin');

    provider.people({ grace: { email: 'grace@example.com', email_verified: true, groups: ['marketing'] } });
    expect(await role(cookieOf(await signInThrough(api, 'grace')))).toBe('editor');

    // Out of the group: the next sign-in takes the membership back, and every session of hers loses it at once.
    provider.people({ grace: { email: 'grace@example.com', email_verified: true, groups: [] } });
    const outside = await signInThrough(api, 'grace');
    expect(await role(cookieOf(outside))).toBeUndefined();
    expect(
      (
        await api.request('GET', '/l/api/urls', {
          ...asBrowser(cookie),
          headers: { ...asBrowser(cookie).headers, 'x-linkyard-workspace': String(team) },
        })
      ).status,
    ).toBe(404);

    // A role an admin sets by hand is theirs: the rules leave it.
    provider.people({ grace: { email: 'grace@example.com', email_verified: true, groups: ['marketing'] } });
    const back = await signInThrough(api, 'grace');
    const grace = (await api.request('GET', '/l/api/session', asBrowser(cookieOf(back)))).body.data.account.id as number;
    expect(
      (await api.request('PUT', `/l/api/workspace/${team}/member/${grace}/update`, { key: owner.apikey, body: { role: 'viewer' } })).status,
    ).toBe(200);
    provider.people({ grace: { email: 'grace@example.com', email_verified: true, groups: [] } });
    expect(await role(cookieOf(await signInThrough(api, 'grace')))).toBe('viewer');

    // Gone from the provider: it says no, and there is no session.
    provider.people({});
    const refused = await signInThrough(api, 'grace');
    expect(landing(refused)).toBe('/dashboard/?sso=denied');
    expect(hasSession(refused)).toBe(false);
  });

  it('refuses an answer whose nonce is not the one sent, a replayed one, and one without its cookie', async () => {
    provider.people({ ada: { email: 'ada@example.com', email_verified: true } });
    const otherNonce = await signInThrough(api, 'ada', (cookie) => {
      const value = JSON.parse(Buffer.from(cookie.split('=')[1]!, 'base64url').toString('utf8')) as Record<string, string>;
      return `linkyard_sso=${Buffer.from(JSON.stringify({ ...value, nonce: 'n'.repeat(43) })).toString('base64url')}`;
    });
    expect(landing(otherNonce)).toBe('/dashboard/?sso=invalid');
    expect(hasSession(otherNonce)).toBe(false);

    const start = await api.request('GET', '/l/api/session/sso?login_hint=ada', { key: null });
    const back = await followAtProvider(String(start.headers.location), CALLBACK);
    const withoutCookie = await api.request('GET', back.slice(PUBLIC_URL.length), { key: null });
    expect(landing(withoutCookie)).toBe('/dashboard/?sso=expired');
    const once = await api.request('GET', back.slice(PUBLIC_URL.length), { key: null, headers: { cookie: transactionOf(start) } });
    expect(hasSession(once)).toBe(true);
    // The same code again (a replay): the provider has spent it.
    const replay = await api.request('GET', back.slice(PUBLIC_URL.length), { key: null, headers: { cookie: transactionOf(start) } });
    expect(landing(replay)).toBe('/dashboard/?sso=invalid');
    expect(hasSession(replay)).toBe(false);
  });

  it('refuses an answer from another issuer, signed with the same keys', async () => {
    other.people({ ada: { email: 'ada@example.com', email_verified: true } });
    const start = await api.request('GET', '/l/api/session/sso?login_hint=ada', { key: null });
    // The same request, answered by another provider (a mix-up): its answer names its own issuer.
    const elsewhere = String(start.headers.location).replace(provider.issuer, other.issuer);
    const back = await followAtProvider(elsewhere, CALLBACK);
    expect(new URL(back).searchParams.get('iss')).toBe(other.issuer);
    const done = await api.request('GET', back.slice(PUBLIC_URL.length), { key: null, headers: { cookie: transactionOf(start) } });
    expect(landing(done)).toBe('/dashboard/?sso=invalid');
    expect(hasSession(done)).toBe(false);
  });

  it('lets a workspace take single sign-on only: a key or a password session is refused there, a workspace key is not', async () => {
    provider.people({ ada: { email: 'ada@example.com', email_verified: true, preferred_username: 'ada lovelace', groups: ['marketing'] } });
    const ada = cookieOf(await signInThrough(api, 'ada'));
    const csrf = (await api.request('GET', '/l/api/session', asBrowser(ada))).body.data.csrf as string;
    const made = await api.request('POST', `/l/api/workspace/${team}/key/add`, { key: owner.apikey, body: { name: 'CI', scope: 'read' } });
    expect(
      (await api.request('PUT', `/l/api/workspace/${team}/update`, { key: owner.apikey, body: { ssoOnly: true } })).body.data.ssoOnly,
    ).toBe(true);
    const inTeam = { 'x-linkyard-workspace': String(team) };
    const byKey = await api.request('GET', '/l/api/urls', { key: owner.apikey, headers: inTeam });
    expect(byKey.status).toBe(403);
    expect(byKey.body.message).toContain('single sign-on only');
    expect((await api.request('GET', '/l/api/urls', { ...asBrowser(ada, csrf, inTeam) })).status).toBe(200);
    expect((await api.request('GET', '/l/api/urls', { key: made.body.data.apikey })).status).toBe(200);
    // A person's own workspace cannot take it (its owner would be locked out of it).
    expect((await api.request('PUT', `/l/api/workspace/${owner.id}/update`, { key: owner.apikey, body: { ssoOnly: true } })).status).toBe(
      400,
    );
    // The owner, signed in through the provider, turns it off again.
    await api.request('PUT', `/l/api/workspace/${team}/update`, { ...asBrowser(ada, csrf), body: { ssoOnly: false } });
  });
});

describe('single sign-on when the provider misbehaves', () => {
  let skewed: TestProvider;
  let api: TestApi;
  let down: TestApi;

  beforeAll(async () => {
    // A provider whose clock is two hours behind: its ID tokens expired an hour before they arrive.
    skewed = await startProvider(CALLBACK, -7200);
    skewed.people({ ada: { email: 'ada@example.com', email_verified: true } });
    api = await startApi({ OIDC_ISSUER: skewed.issuer, OIDC_CLIENT_ID: skewed.clientId, OIDC_CLIENT_SECRET: skewed.clientSecret });
    // A provider's address where nothing answers.
    down = await startApi({
      OIDC_ISSUER: `http://127.0.0.1:${await freePort()}`,
      OIDC_CLIENT_ID: 'linkyard',
      OIDC_CLIENT_SECRET: 'secret',
    });
  });

  afterAll(async () => {
    await Promise.all([api?.close(), down?.close()]);
    await skewed?.stop();
  });

  it('refuses an expired ID token', async () => {
    const done = await signInThrough(api, 'ada');
    expect(landing(done)).toBe('/dashboard/?sso=invalid');
    expect(hasSession(done)).toBe(false);
  });

  it('sends the person back to the sign-in page when the provider does not answer, and tries again next time', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const start = await down.request('GET', '/l/api/session/sso', { key: null });
      expect(landing(start)).toBe('/dashboard/?sso=unavailable');
      expect(setCookies(start).some((line) => line.startsWith('linkyard_sso='))).toBe(false);
    }
  });
});
