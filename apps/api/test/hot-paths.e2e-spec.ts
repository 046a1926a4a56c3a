import { DataSource } from 'typeorm';
import { WebhookDispatcher } from '../src/modules/webhooks/webhook-dispatcher';
import { useApi } from './support/app';
import { createLink, createUser, linkAlias, type TestUser } from './support/factories';
import { FIREFOX } from './support/visitors';

/**
 * The structure that keeps the busy paths cheap, checked by counting the SQL statements a request
 * sends (not by timing it): a regression here shows up as a slower service under load.
 */
describe('the busy paths', () => {
  const api = useApi();
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

  it.each(['/l/api/account', '/l/api/domains', '/l/api/urls', '/l/api/pixels'])(
    'an authenticated read of %s with a known key sends one statement',
    async (path) => {
      await api.request('GET', path, { key: user.apikey });
      statements = [];
      expect((await api.request('GET', path, { key: user.apikey })).status).toBe(200);
      expect(statements).toHaveLength(1);
    },
  );

  it('a link with its statistics is read in three statements: the link, its channels, its counters', async () => {
    const id = await createLink(api, user);
    await api.request('GET', `/l/api/url/${id}`, { key: user.apikey });
    statements = [];
    expect((await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).status).toBe(200);
    expect(statements).toHaveLength(3);
  });
});
