import { DataSource } from 'typeorm';
import { useApi } from './support/app';
import { createCampaign, createChannel, createDomain, createLink, createUser, type TestUser } from './support/factories';
import { FIREFOX } from './support/visitors';

/** GET /urls's filters: each alone, all of them at once, their 400s and 404s, another account's records. */
describe('the links list, filtered', () => {
  const api = useApi();
  let user: TestUser;
  let ids: Record<'old' | 'publicOnDomain' | 'expiring' | 'inChannel' | 'plain', number>;
  let domain: { id: number; domain: string };
  let channel: number;
  let campaign: number;

  const listed = async (query: string, key = user.apikey) => {
    const response = await api.request('GET', `/l/api/urls?${query}`, { key });
    expect([response.status, response.body.error]).toEqual([200, 0]);
    return (response.body.data.urls as { id: number }[]).map((link) => link.id);
  };
  const refused = async (query: string) => {
    const response = await api.request('GET', `/l/api/urls?${query}`, { key: user.apikey });
    return [response.status, response.body.message as string] as const;
  };

  beforeAll(async () => {
    user = await createUser(api);
    domain = await createDomain(api, user);
    channel = await createChannel(api, user);
    campaign = await createCampaign(api, user);
    const expiry = new Date(Date.now() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    ids = {
      old: await createLink(api, user, { title: 'old' }),
      publicOnDomain: await createLink(api, user, { domain: domain.domain, status: 'public', campaign, tags: ['promo'] }),
      expiring: await createLink(api, user, { expiry, status: 'public' }),
      inChannel: await createLink(api, user, { channel, tags: ['promo'] }),
      plain: await createLink(api, user),
    };
    // The first link was made in March 2025 (as an import keeps a link's own date).
    await api.linkyard.app.get(DataSource).query(`UPDATE links SET created_at = '2025-03-01T10:00:00Z' WHERE id = $1`, [ids.old]);
    await api.request('PUT', `/l/api/url/${ids.plain}/update`, { key: user.apikey, body: { title: 'touch' } });
  });

  afterEach(() => api.clock.reset());

  it('keeps a channel’s, a domain’s and the service address’s links', async () => {
    expect(await listed(`channel=${channel}`)).toEqual([ids.inChannel]);
    expect(await listed(`domain=${encodeURIComponent(domain.domain)}`)).toEqual([ids.publicOnDomain]);
    expect(await listed(`domain=${new URL(domain.domain).host}`)).toEqual([ids.publicOnDomain]);
    expect(await listed('domain=default')).toEqual([ids.plain, ids.inChannel, ids.expiring, ids.old]);
  });

  it('keeps the public or the private links', async () => {
    expect(await listed('status=public')).toEqual([ids.expiring, ids.publicOnDomain]);
    expect(await listed('status=private')).toEqual([ids.plain, ids.inChannel, ids.old]);
  });

  it('keeps the expired or the active links, at the service’s clock', async () => {
    expect(await listed('state=expired')).toEqual([]);
    api.clock.set(Date.now() + 2 * 3_600_000);
    expect(await listed('state=expired')).toEqual([ids.expiring]);
    expect(await listed('state=active')).toEqual([ids.plain, ids.inChannel, ids.publicOnDomain, ids.old]);
  });

  it('keeps the links made in a range: from included, to excluded, dates or instants', async () => {
    expect(await listed('from=2025-03-01&to=2025-03-02')).toEqual([ids.old]);
    expect(await listed('to=2025-03-01T10:00:00Z')).toEqual([]);
    expect(await listed('from=2025-03-01T10:00:00Z&to=2025-03-01T10:00:01Z')).toEqual([ids.old]);
    expect(await listed('from=2025-04-01')).not.toContain(ids.old);
  });

  it('combines every filter, the tags, the search, the order and the pages', async () => {
    const all = `channel=&domain=${encodeURIComponent(domain.domain)}&status=public&state=active&from=2026-01-01&tag=promo&campaign=${campaign}`;
    expect(await listed(all)).toEqual([ids.publicOnDomain]);
    expect(await listed(`${all}&q=nothing-like-it`)).toEqual([]);
    expect(await listed('tag=promo&status=private')).toEqual([ids.inChannel]);
    const page = await api.request('GET', '/l/api/urls?status=private&limit=1&page=2&order=clicks', { key: user.apikey });
    expect(page.body.data).toMatchObject({ result: 3, maxpage: 3, currentpage: 2 });
    expect((await api.request('GET', '/l/api/urls?status=private&limit=1&page=9', { key: user.apikey })).body.data.result).toBe(3);
  });

  it('answers a clear 400 for a value that cannot be a filter', async () => {
    expect(await refused('status=hidden')).toEqual([400, 'Invalid parameter "status": must be public or private.']);
    expect(await refused('state=gone')).toEqual([400, 'Invalid parameter "state": must be active, expired, limited or scheduled.']);
    expect(await refused('channel=abc')).toEqual([400, expect.stringMatching(/^Invalid parameter "channel": /)]);
    expect(await refused('from=2026-02-30')).toEqual([400, expect.stringMatching(/^Invalid parameter "from": /)]);
    expect(await refused('to=yesterday')).toEqual([400, expect.stringMatching(/^Invalid parameter "to": /)]);
    expect(await refused(`domain=${'x'.repeat(301)}`)).toEqual([400, expect.stringMatching(/^Invalid parameter "domain": /)]);
    expect(await refused('domain=a%01b')).toEqual([400, expect.stringMatching(/^Invalid parameter "domain": /)]);
    expect(await refused('status=public&status=private')).toEqual([400, 'Invalid parameter "status": give it once.']);
  });

  it('leaves an archived link out of the default list; it keeps redirecting and counting, and comes back', async () => {
    const archived = await createLink(api, user, { archived: true, custom: `archived-${user.id}` });
    const update = (id: number, body: Record<string, unknown>) => api.request('PUT', `/l/api/url/${id}/update`, { key: user.apikey, body });
    expect(await listed('')).not.toContain(archived);
    expect(await listed('archived=only')).toEqual([archived]);
    expect((await listed('archived=include')).slice(0, 2)).toEqual([archived, ids.plain]);
    expect((await api.request('GET', `/l/api/url/${archived}`, { key: user.apikey })).body.details).toMatchObject({ archived: true });
    const visit = await api.request('GET', `/archived-${user.id}`, {
      key: null,
      headers: { 'user-agent': FIREFOX },
      outsideContract: true,
    });
    expect(visit.status).toBe(302);
    await api.flushClicks();
    expect((await api.request('GET', `/l/api/url/${archived}`, { key: user.apikey })).body.details.clicks).toBe(1);
    // Archived with a filter: the filter and the archive both hold.
    await update(ids.inChannel, { archived: true });
    expect(await listed(`channel=${channel}`)).toEqual([]);
    expect(await listed(`channel=${channel}&archived=only`)).toEqual([ids.inChannel]);
    await update(ids.inChannel, { archived: false });
    await update(archived, { archived: false });
    expect((await listed('')).slice(0, 2)).toEqual([archived, ids.plain]);
    expect(await listed('archived=only')).toEqual([]);
    expect(await refused('archived=yes')).toEqual([400, 'Invalid parameter "archived": must be include or only.']);
    const bad = await api.request('POST', '/l/api/url/add', { key: user.apikey, body: { url: 'https://example.com/', archived: 'yes' } });
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringMatching(/^Invalid field "archived": /)]);
    await api.request('DELETE', `/l/api/url/${archived}/delete`, { key: user.apikey });
  });

  it('answers 404 for another account’s channel or domain, and shows it none of these links', async () => {
    const stranger = await createUser(api);
    for (const query of [
      `channel=${channel}`,
      `domain=${new URL(domain.domain).host}`,
      'domain=unknown.example.org',
      'channel=2147483647',
    ]) {
      const response = await api.request('GET', `/l/api/urls?${query}`, { key: stranger.apikey });
      expect([query, response.status]).toEqual([query, 404]);
    }
    expect(await listed('status=public&domain=default', stranger.apikey)).toEqual([]);
  });
});
