import { DataSource } from 'typeorm';
import { WriteEvents, type WriteEvent } from '../src/database/write-events';
import { REDIS, type RedisLink } from '../src/infrastructure/redis';
import { ADMIN_KEY, useApi, type ApiResponse, type TestApi } from './support/app';
import { createLink, createUser, linkAlias, type TestUser } from './support/factories';
import { FIREFOX } from './support/visitors';

const PASSWORD = 'correct horse battery';
const DISABLED = 'This account is disabled: an admin of this service can enable it again.';

function cookieOf(response: ApiResponse): string {
  const header = response.headers['set-cookie'];
  return (Array.isArray(header) ? header[0]! : String(header)).split(';', 1)[0]!;
}

const setDisabled = (api: TestApi, id: number, disabled: boolean, key = ADMIN_KEY) =>
  api.request('PUT', `/l/api/user/${id}/update`, { key, body: { disabled } });

const signIn = (api: TestApi, body: Record<string, unknown>) => api.request('POST', '/l/api/session', { key: null, body });

describe('disabling an account', () => {
  const api = useApi();
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });

  it("refuses the account's key with 403 on every call, with the rate-limit headers, and enabling restores the same key", async () => {
    // The key is used first, so that it is in the key cache when the account is disabled.
    expect((await api.request('GET', '/l/api/account', { key: user.apikey })).status).toBe(200);
    const disabled = await setDisabled(api, user.id, true);
    expect(disabled.status).toBe(200);
    expect(disabled.body.data).toMatchObject({
      id: user.id,
      disabled: true,
      disabledsince: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });

    for (const [method, url, body] of [
      ['GET', '/l/api/account', undefined],
      ['GET', '/l/api/urls', undefined],
      ['POST', '/l/api/url/add', { url: 'https://example.com/after' }],
      ['DELETE', '/l/api/session', undefined],
    ] as const) {
      const refused = await api.request(method, url, { key: user.apikey, body });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 1, message: DISABLED });
      expect(refused.headers['x-ratelimit-limit']).toBeDefined();
    }
    // Nothing was made while it was refused.
    const enabled = await setDisabled(api, user.id, false);
    expect(enabled.body.data).toMatchObject({ disabled: false, disabledsince: null });
    const links = await api.request('GET', '/l/api/urls', { key: user.apikey });
    expect(links.status).toBe(200);
    expect(links.body.data.result).toBe(0);
  });

  it('refuses a body of a disabled key before reading it', async () => {
    await setDisabled(api, user.id, true);
    const response = await api.request('POST', '/l/api/url/bulk', {
      key: user.apikey,
      rawBody: `{"urls":[${'{"url":"https://example.com/"},'.repeat(50_000)}{}]}`,
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(DISABLED);
  });

  it('ends its sessions, refuses a sign-in with 403 to whoever knows the password or key, and lets it sign in again once enabled', async () => {
    const started = await signIn(api, { login: user.username, password: PASSWORD });
    const cookie = cookieOf(started);
    const browser = { key: null, headers: { cookie, 'sec-fetch-site': 'same-origin' } };
    expect((await api.request('GET', '/l/api/account', browser)).status).toBe(200);

    await setDisabled(api, user.id, true);
    const ended = await api.request('GET', '/l/api/account', browser);
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe('The session has ended: sign in again.');

    for (const body of [{ login: user.username, password: PASSWORD }, { apikey: user.apikey }]) {
      const refused = await signIn(api, body);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 1, message: DISABLED });
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    // A wrong password learns nothing of the account's state.
    const wrong = await signIn(api, { login: user.username, password: 'not the password' });
    expect(wrong.status).toBe(401);

    await setDisabled(api, user.id, false);
    const again = await signIn(api, { login: user.username, password: PASSWORD });
    expect(again.status).toBe(200);
    expect((await api.request('GET', '/l/api/account', { key: null, headers: { cookie: cookieOf(again) } })).status).toBe(200);
  });

  it("keeps the account's short links redirecting while it is disabled", async () => {
    const id = await createLink(api, user, { url: 'https://example.com/still-live' });
    const alias = await linkAlias(api, user, id);
    await setDisabled(api, user.id, true);
    const visit = await api.request('GET', `/${alias}`, { key: null, headers: { 'user-agent': FIREFOX } });
    expect(visit.status).toBe(302);
    expect(visit.headers.location).toBe('https://example.com/still-live');
  });

  it('announces the change as a write of the account, which the key cache of every instance hears', async () => {
    const events = api.linkyard.app.get(WriteEvents);
    const redis = api.linkyard.app.get<RedisLink>(REDIS);
    const announced: WriteEvent[] = [];
    const untap = events.tap((event) => announced.push(event));
    const publish = jest.spyOn(redis, 'publish');
    let published: [string, string][] = [];
    try {
      await setDisabled(api, user.id, true);
      await setDisabled(api, user.id, false);
      published = [...publish.mock.calls];
    } finally {
      untap();
      publish.mockRestore();
    }
    expect(announced.filter((event) => event.account === user.id)).toEqual([
      { kind: 'account', account: user.id },
      { kind: 'account', account: user.id },
    ]);
    // The other instances listen on this channel and drop the account's keys.
    expect(published.filter(([channel, message]) => channel === 'linkyard:auth-invalidate' && message === String(user.id))).toHaveLength(2);
  });

  it('shows the state in GET /users and GET /user/{id}, and keeps the moment it was first disabled', async () => {
    const first = await setDisabled(api, user.id, true);
    api.clock.advance(60_000);
    try {
      const second = await setDisabled(api, user.id, true);
      expect(second.body.data.disabledsince).toBe(first.body.data.disabledsince);
      const one = await api.request('GET', `/l/api/user/${user.id}`);
      expect(one.body.data).toMatchObject({ disabled: true, disabledsince: first.body.data.disabledsince });
      const all = await api.request('GET', '/l/api/users?limit=100');
      const listed = (all.body.data as { id: number; disabled: boolean }[]).find((entry) => entry.id === user.id);
      expect(listed).toMatchObject({ disabled: true });
      expect((all.body.data as { id: number; disabled: boolean }[]).find((entry) => entry.id === 1)).toMatchObject({
        disabled: false,
        disabledsince: null,
      });
    } finally {
      api.clock.advance(-60_000);
    }
  });

  it('does not let an admin disable itself, and lets it enable itself (nothing changes)', async () => {
    const self = await setDisabled(api, 1, true);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('An admin cannot disable its own account.');
    expect((await api.request('GET', '/l/api/account')).status).toBe(200);
    const enable = await setDisabled(api, 1, false);
    expect(enable.status).toBe(200);
    expect(enable.body.data).toMatchObject({ id: 1, disabled: false });
  });

  it('lets an admin disable another admin, whose key is then refused on the admin endpoints too', async () => {
    await api.linkyard.app.get(DataSource).query('UPDATE users SET admin = true WHERE id = $1', [user.id]);
    expect((await api.request('GET', '/l/api/users', { key: user.apikey })).status).toBe(200);
    expect((await setDisabled(api, user.id, true)).status).toBe(200);
    const refused = await api.request('GET', '/l/api/users', { key: user.apikey });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(DISABLED);
    // And that admin cannot enable itself again.
    expect((await setDisabled(api, user.id, false, user.apikey)).status).toBe(403);
  });

  it('gives the operator a way back in: a start with ADMIN_API_KEY enables the admin holding that key', async () => {
    // Another admin disabled the first one (an admin cannot disable itself through the API).
    await api.linkyard.app.get(DataSource).query('UPDATE users SET disabled_at = now() WHERE id = 1');
    expect((await api.request('GET', '/l/api/user/1')).body.data.disabled).toBe(true);
    await api.restart();
    expect((await api.request('GET', '/l/api/account')).status).toBe(200);
    expect((await api.request('GET', '/l/api/user/1')).body.data).toMatchObject({ disabled: false, disabledsince: null });
  });

  it('answers 404 for no such account, 403 to a key that is not an admin, and 400 for a bad body', async () => {
    expect((await setDisabled(api, 2_000_000_000, true)).status).toBe(404);
    const other = await createUser(api);
    const notAdmin = await setDisabled(api, user.id, true, other.apikey);
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.message).toBe('This endpoint is for admin keys only.');
    for (const body of [{}, { disabled: 'true' }, { disabled: 1 }, { disabled: null }, [], { disabled: 'x'.repeat(100_000) }]) {
      const response = await api.request('PUT', `/l/api/user/${user.id}/update`, { body });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(1);
    }
    expect((await api.request('PUT', '/l/api/user/abc/update', { body: { disabled: true } })).status).toBe(400);
    // None of these changed the account.
    expect((await api.request('GET', `/l/api/user/${user.id}`)).body.data.disabled).toBe(false);
  });
});
