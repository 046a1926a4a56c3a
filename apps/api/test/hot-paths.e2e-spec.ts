import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { prepared } from '../src/database/guarded-pg';
import { WebhookDispatcher } from '../src/modules/webhooks/webhook-dispatcher';
import { useApi } from './support/app';
import { createChannel, createDomain, createLink, createUser, linkAlias, type TestUser } from './support/factories';
import { FIREFOX } from './support/visitors';

/**
 * The structure that keeps the busy paths cheap, checked by counting the SQL statements a request
 * sends (not by timing it): a regression here shows up as a slower service under load.
 */
describe('the busy paths', () => {
  // A webhook may call loopback: none is ever sent here (the dispatcher is stopped).
  const api = useApi({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  let user: TestUser;
  let statements: string[];
  let stopCounting: () => void;

  beforeAll(async () => {
    user = await createUser(api);
    // The webhook dispatcher polls the database on its own every second: not the requests' doing.
    await api.linkyard.app.get(WebhookDispatcher).stop();
  });
  beforeEach(() => {
    const dataSource = api.linkyard.app.get(DataSource);
    const runner = dataSource.createQueryRunner();
    const prototype = Object.getPrototypeOf(runner) as { query: (...args: unknown[]) => Promise<unknown> };
    void runner.release();
    statements = [];
    const query = prototype.query;
    prototype.query = function (this: unknown, ...args: unknown[]) {
      statements.push(String(args[0]).replace(/\s+/g, ' ').slice(0, 160));
      return query.apply(this, args);
    };
    stopCounting = () => {
      prototype.query = query;
    };
  });
  afterEach(() => stopCounting());

  const aliasOf = (id: number) => linkAlias(api, user, id);
  const visit = (alias: string) => api.request('GET', `/${alias}`, { key: null, headers: { 'user-agent': FIREFOX } });

  it('a redirect of a cached link sends no SQL', async () => {
    const alias = await aliasOf(await createLink(api, user));
    await visit(alias);
    statements = [];
    expect((await visit(alias)).status).toBe(302);
    expect(statements).toEqual([]);
  });

  it("another account's write leaves the cached link in place", async () => {
    const alias = await aliasOf(await createLink(api, user));
    await visit(alias);
    const other = await createUser(api);
    await createLink(api, other);
    statements = [];
    expect((await visit(alias)).status).toBe(302);
    expect(statements).toEqual([]);
  });

  it('clicks written leave the cached link in place: a click batch changes nothing a redirect serves', async () => {
    const alias = await aliasOf(await createLink(api, user));
    await visit(alias);
    await api.flushClicks();
    statements = [];
    expect((await visit(alias)).status).toBe(302);
    expect(statements).toEqual([]);
  });

  it("the account's own write of that link is seen by the next redirect", async () => {
    const id = await createLink(api, user, { url: 'https://example.com/before' });
    const alias = await aliasOf(id);
    expect((await visit(alias)).headers.location).toBe('https://example.com/before');
    await api.request('PUT', `/l/api/url/${id}/update`, { key: user.apikey, body: { url: 'https://example.com/after' } });
    expect((await visit(alias)).headers.location).toBe('https://example.com/after');
  });

  it('a visit of a cached bio page, and a click of its button, send no SQL', async () => {
    const page = await api.request('POST', '/l/api/bio/add', {
      key: user.apikey,
      body: { name: 'Hot', blocks: [{ type: 'link', title: 'Go', url: 'https://example.com/go' }] },
    });
    const { alias, blocks } = page.body.details as { alias: string; blocks: { id: number }[] };
    await visit(alias);
    statements = [];
    expect((await visit(alias)).status).toBe(200);
    expect((await visit(`${alias}/b/${blocks[0]!.id}`)).status).toBe(302);
    expect(statements).toEqual([]);
    // The visits' clicks are written now, not by the recorder's timer while a later test counts.
    await api.flushClicks();
  });

  it('an authenticated read of /l/api/account with a known key sends no SQL: its row came with the key', async () => {
    await api.request('GET', '/l/api/account', { key: user.apikey });
    statements = [];
    const read = await api.request('GET', '/l/api/account', { key: user.apikey });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: user.id, email: user.email, username: user.username });
    expect(statements).toEqual([]);
  });

  it("an account's domains read again send no SQL until the account writes one", async () => {
    const owner = await createUser(api);
    const first = await createDomain(api, owner);
    const domainsOf = async (who: TestUser) => {
      const read = await api.request('GET', '/l/api/domains', { key: who.apikey });
      expect(read.status).toBe(200);
      return (read.body.data as { domains: { domain: string; redirectroot: string }[] }).domains;
    };
    await domainsOf(owner);
    // Another account's domain leaves this account's list where it was.
    await createDomain(api, await createUser(api));
    statements = [];
    expect((await domainsOf(owner)).map((listed) => listed.domain)).toEqual([first.domain]);
    expect(statements).toEqual([]);
    // The account's own writes are in its next read: a domain added, one changed, one deleted.
    const second = await createDomain(api, owner);
    expect((await domainsOf(owner)).map((listed) => listed.domain)).toEqual([second.domain, first.domain]);
    await api.request('PUT', `/l/api/domain/${first.id}/update`, { key: owner.apikey, body: { redirectroot: 'https://example.com/root' } });
    expect((await domainsOf(owner))[1]!.redirectroot).toBe('https://example.com/root');
    await api.request('DELETE', `/l/api/domain/${second.id}/delete`, { key: owner.apikey });
    expect((await domainsOf(owner)).map((listed) => listed.domain)).toEqual([first.domain]);
  });

  it("an account's page of links read again sends no SQL until the account writes a link or its clicks are written", async () => {
    const owner = await createUser(api);
    const first = await createLink(api, owner, { url: 'https://example.com/listed' });
    const listed = async (query = '') => {
      const read = await api.request('GET', `/l/api/urls${query}`, { key: owner.apikey });
      expect(read.status).toBe(200);
      return (read.body.data as { urls: { id: number; longurl: string; clicks: number }[] }).urls;
    };
    await listed();
    // Another account's link and its clicks leave this account's page where it was.
    const other = await createUser(api);
    await visit(await linkAlias(api, other, await createLink(api, other)));
    await api.flushClicks();
    statements = [];
    expect((await listed()).map((link) => link.id)).toEqual([first]);
    expect(statements).toEqual([]);
    // The account's own writes are in its next read: a link added, one changed, its clicks counted.
    const second = await createLink(api, owner);
    expect((await listed()).map((link) => link.id)).toEqual([second, first]);
    await api.request('PUT', `/l/api/url/${first}/update`, { key: owner.apikey, body: { url: 'https://example.com/changed' } });
    expect((await listed()).find((link) => link.id === first)!.longurl).toBe('https://example.com/changed');
    await visit(await linkAlias(api, owner, first));
    await api.flushClicks();
    expect((await listed()).find((link) => link.id === first)!.clicks).toBe(1);
    // A page in another order, or a search, is its own read.
    expect((await listed('?order=clicks')).map((link) => link.id)).toEqual([first, second]);
    statements = [];
    expect((await listed('?q=changed')).map((link) => link.id)).toEqual([first]);
    expect(statements).toHaveLength(1);
  });

  it.each(['/l/api/pixels'])('an authenticated read of %s with a known key sends one statement', async (path) => {
    await api.request('GET', path, { key: user.apikey });
    statements = [];
    expect((await api.request('GET', path, { key: user.apikey })).status).toBe(200);
    expect(statements).toHaveLength(1);
  });

  it.each([
    ['without a webhook', []],
    ['with a webhook on link.created', ['link.created']],
  ])('a new link (url/add) is written with its webhook event in one statement, %s', async (_, events) => {
    const owner = await createUser(api);
    if (events.length > 0) {
      const hook = await api.request('POST', '/l/api/webhooks', {
        key: owner.apikey,
        body: { url: 'http://127.0.0.1:9/in', events },
      });
      expect(hook.status).toBe(200);
    }
    await api.request('GET', '/l/api/account', { key: owner.apikey });
    statements = [];
    const added = await api.request('POST', '/l/api/url/add', { key: owner.apikey, body: { url: 'https://example.com/one-statement' } });
    expect(added.status).toBe(200);
    // The link and its event in one statement; then the workspace's audit log entry (a change is
    // written there before it answers), and nothing else.
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/^INSERT INTO "audit_entries"/);
    // The event is there when the link is: one for the webhook, none without.
    const [pending] = await api.linkyard.app
      .get(DataSource)
      .query<{ n: number }[]>(`SELECT count(*)::int AS n FROM webhook_events WHERE user_id = (SELECT user_id FROM links WHERE id = $1)`, [
        added.body.id,
      ]);
    expect(pending!.n).toBe(events.length);
  });

  it('a statement marked prepared is parsed once per connection and then run by its name', async () => {
    const pool = (api.linkyard.app.get(DataSource).driver as unknown as { master: Pool }).master;
    const text = prepared('SELECT $1::int + 1 AS n');
    // Twice: on a connection, then on another after it was closed (on the embedded database, whose
    // pool has one, a new connection that talks to the same server session, which had the
    // statement).
    for (const round of [1, 2]) {
      const client = await pool.connect();
      try {
        for (const value of [1, 2, 3]) expect((await client.query<{ n: number }>(text, [value])).rows).toEqual([{ n: value + 1 }]);
        const { rows } = await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements WHERE statement = $1', [text]);
        expect({ round, rows }).toEqual({ round, rows: [{ name: expect.stringMatching(/^SELECT_\d+$/) }] });
      } finally {
        client.release(true);
      }
    }
  });

  it('a prepared statement a session lost answers 503 once, and is prepared anew for the next request', async () => {
    const pool = (api.linkyard.app.get(DataSource).driver as unknown as { master: Pool }).master;
    expect((await api.request('GET', '/l/api/pixels', { key: user.apikey })).status).toBe(200);
    // Every idle connection's session loses its prepared statements behind pg's back (a pooler's
    // doing, say): pg would only bind them, and be refused, on that connection for ever.
    const idle = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
    for (const client of idle) await client.query('DEALLOCATE ALL');
    for (const client of idle) client.release();
    const statuses: number[] = [];
    for (let request = 0; request < idle.length + 2; request += 1) {
      statuses.push((await api.request('GET', '/l/api/pixels', { key: user.apikey })).status);
    }
    // A connection whose statement was refused answers that request 503, and prepares it again
    // for the next one.
    expect(statuses.join(',')).toMatch(/^(503,)*200(,200)*$/);
    // On the embedded database, its one connection had the statement: one 503.
    if (pool.options.max === 1) expect(statuses.filter((status) => status === 503)).toHaveLength(1);
  });

  it('a link with its channels and statistics is read in one statement, then from memory until the account writes or its clicks are written', async () => {
    const owner = await createUser(api);
    const id = await createLink(api, owner);
    const read = async () => {
      const answer = await api.request('GET', `/l/api/url/${id}`, { key: owner.apikey });
      expect(answer.status).toBe(200);
      return answer.body as {
        details: { longurl: string; channels: number[] };
        data: { clicks: number; topBrowsers: Record<string, string> };
      };
    };
    statements = [];
    await read();
    expect(statements).toHaveLength(1);
    statements = [];
    await read();
    expect(statements).toEqual([]);
    // Its clicks, a change of the link and its channels are in the next read.
    await visit(await linkAlias(api, owner, id));
    await api.flushClicks();
    expect((await read()).data).toMatchObject({ clicks: 1, topBrowsers: { Firefox: '1' } });
    await api.request('PUT', `/l/api/url/${id}/update`, { key: owner.apikey, body: { url: 'https://example.com/details' } });
    expect((await read()).details.longurl).toBe('https://example.com/details');
    const channel = await createChannel(api, owner);
    await api.request('POST', `/l/api/channel/${channel}/assign/links/${id}`, { key: owner.apikey, rawBody: '' });
    expect((await read()).details.channels).toEqual([channel]);
  });
});
