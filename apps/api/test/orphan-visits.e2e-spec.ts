import { DataSource } from 'typeorm';
import { PUBLIC_URL, useApi } from './support/app';
import { createDomain, createLink, createUser, type TestUser } from './support/factories';
import { FIREFOX, GOOGLEBOT, UK, US } from './support/visitors';

/**
 * Orphan visits: on a branded domain, a visit to its root, to an alias nothing holds or to a link
 * that is not open is counted for the domain, with what it reached (`kind`) and the alias asked
 * for, and read over time like a link's clicks (`GET /domain/{id}/orphans`), filtered by either.
 * The service's own address belongs to no account: nothing is counted there.
 */
describe('orphan visits of a branded domain', () => {
  const api = useApi();
  let user: TestUser;
  let domain: { id: number; domain: string };
  let host: string;

  beforeEach(async () => {
    user = await createUser(api);
    domain = await createDomain(api, user);
    host = new URL(domain.domain).host;
  });
  afterEach(() => api.clock.reset());

  const visit = (path: string, options: { host?: string; agent?: string; from?: string; method?: 'GET' | 'HEAD' } = {}) =>
    api.request(options.method ?? 'GET', path, {
      key: null,
      outsideContract: true,
      remoteAddress: options.from,
      headers: { host: options.host ?? host, 'user-agent': options.agent ?? FIREFOX },
    });
  const orphans = async (query = '', key = user.apikey) =>
    api.request('GET', `/l/api/domain/${domain.id}/orphans?from=2000-01-01&to=2100-01-01&interval=month${query}`, { key });

  it('counts the root, unknown aliases and links not open, per kind and alias, people and bots apart', async () => {
    const expired = `gone-${user.id}`;
    await createLink(api, user, {
      domain: domain.domain,
      custom: expired,
      expiry: new Date(Date.now() + 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
    });
    const limited = `once-${user.id}`;
    await createLink(api, user, { domain: domain.domain, custom: limited, clicklimit: 1 });
    const live = `live-${user.id}`;
    await createLink(api, user, { domain: domain.domain, custom: live });

    expect((await visit('/')).status).toBe(200);
    for (const from of [UK, US, UK]) expect((await visit('/sprnig-sale', { from })).status).toBe(404);
    expect((await visit('/typo')).status).toBe(404);
    expect((await visit('/typo', { agent: GOOGLEBOT })).status).toBe(404);
    // A HEAD is no visit; a link that answers is no orphan.
    expect((await visit('/never-seen', { method: 'HEAD' })).status).toBe(404);
    expect((await visit(`/${live}`)).status).toBe(302);
    expect((await visit(`/${limited}`)).status).toBe(302);
    expect((await visit(`/${limited}`)).status).toBe(410);
    api.clock.set(Date.now() + 2 * 3_600_000);
    expect((await visit(`/${expired}`)).status).toBe(410);
    // The service's own address: an unknown alias there is nobody's orphan.
    expect((await visit('/sprnig-sale', { host: new URL(PUBLIC_URL).host })).status).toBe(404);
    // Another domain of the same account counts its own: none of these is the first domain's.
    const other = await createDomain(api, user);
    for (const path of ['/', '/sprnig-sale', '/elsewhere'])
      expect((await visit(path, { host: new URL(other.domain).host })).status).not.toBe(302);
    await api.flushClicks();

    const theirs = await api.request('GET', `/l/api/domain/${other.id}/orphans?from=2000-01-01&to=2100-01-01&interval=month`, {
      key: user.apikey,
    });
    expect(theirs.body.data.totals.clicks).toBe(3);
    expect(theirs.body.data.top.aliases).toEqual([
      { value: 'elsewhere', clicks: 1 },
      { value: 'sprnig-sale', clicks: 1 },
    ]);
    const all = await orphans();
    expect(all.status).toBe(200);
    // Visitors are unique per hour: the default address, UK and US in the first; the default address again two hours on.
    expect(all.body.data.totals).toEqual({ clicks: 7, visitors: 4, bots: 1 });
    expect(all.body.data.top.kinds).toEqual([
      { value: 'unknown', clicks: 4 },
      { value: 'expired', clicks: 2 },
      { value: 'root', clicks: 1 },
    ]);
    expect(all.body.data.top.aliases).toEqual([
      { value: 'sprnig-sale', clicks: 3 },
      { value: expired, clicks: 1 },
      { value: limited, clicks: 1 },
      { value: 'typo', clicks: 1 },
    ]);
    expect(all.body.data.top.variants).toEqual([]);
    expect(all.body.data.top.countries).toEqual([
      { value: 'GB', clicks: 2 },
      { value: 'US', clicks: 1 },
    ]);

    const unknown = await orphans('&kind=unknown');
    expect(unknown.body.data.filters).toEqual({ kind: 'unknown' });
    expect(unknown.body.data.totals.clicks).toBe(4);
    const typo = await orphans('&alias=sprnig-sale');
    expect(typo.body.data.totals.clicks).toBe(3);
    expect(typo.body.data.top.countries).toEqual([
      { value: 'GB', clicks: 2 },
      { value: 'US', clicks: 1 },
    ]);
    expect((await orphans('&kind=expired&alias=typo')).body.data.totals.clicks).toBe(0);

    // The account's statistics are its links' clicks (the live link's and the limited one's first), without orphan lists.
    const account = await api.request('GET', `/l/api/stats?from=2000-01-01&to=2100-01-01&interval=month`, { key: user.apikey });
    expect(account.body.data.totals.clicks).toBe(2);
    expect(Object.keys(account.body.data.top)).not.toContain('kinds');
  });

  it("counts a root that redirects, and keeps a hostile alias's text without its control characters", async () => {
    expect(
      (
        await api.request('PUT', `/l/api/domain/${domain.id}/update`, {
          key: user.apikey,
          body: { redirectroot: 'https://example.com/home' },
        })
      ).status,
    ).toBe(200);
    expect((await visit('/')).status).toBe(302);
    const long = 'ü'.repeat(100);
    expect((await visit(`/${encodeURIComponent(long)}`)).status).toBe(404);
    expect((await visit(`/${encodeURIComponent('日本\u0007語')}`)).status).toBe(404);
    expect((await visit(`/${encodeURIComponent('javascript:alert(1)')}`)).status).toBe(404);
    await api.flushClicks();
    const all = await orphans();
    expect(all.body.data.top.kinds).toEqual([
      { value: 'unknown', clicks: 3 },
      { value: 'root', clicks: 1 },
    ]);
    expect(all.body.data.top.aliases.map((entry: { value: string }) => entry.value).sort()).toEqual(
      ['javascript:alert(1)', long, '日本語'].sort(),
    );
    expect((await orphans(`&alias=${encodeURIComponent('日本語')}`)).body.data.totals.clicks).toBe(1);
  });

  it("refuses a bad kind or alias, and answers 404 for another account's domain or an unknown one, itself included", async () => {
    const bad = await orphans('&kind=typo');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid parameter "kind": must be root, unknown, expired.');
    expect((await orphans('&alias=')).status).toBe(400);
    expect((await orphans(`&alias=${'a'.repeat(254)}`)).status).toBe(400);
    const other = await createUser(api);
    expect((await orphans('', other.apikey)).status).toBe(404);
    // The domain itself, as its page names it: its owner's only.
    const own = await api.request('GET', `/l/api/domain/${domain.id}`, { key: user.apikey });
    expect(own.body).toEqual({ error: 0, data: { id: domain.id, domain: domain.domain, redirectroot: '', redirect404: '' } });
    expect((await api.request('GET', `/l/api/domain/${domain.id}`, { key: other.apikey })).status).toBe(404);
    expect((await api.request('GET', '/l/api/domain/999999999/orphans', { key: user.apikey })).status).toBe(404);
  });

  it('forgets the visits with the domain', async () => {
    await visit('/lost');
    await api.flushClicks();
    expect((await orphans()).body.data.totals.clicks).toBe(1);
    expect((await api.request('DELETE', `/l/api/domain/${domain.id}/delete`, { key: user.apikey })).status).toBe(200);
    expect((await orphans()).status).toBe(404);
    const left = await api.linkyard.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM click_hour_groups WHERE domain_id = $1`, [domain.id]);
    expect(left).toEqual([{ n: 0 }]);
  });
});
