import { useApi } from './support/app';
import { createCampaign, createLink, createUser, linkAlias, type TestUser } from './support/factories';
import { FIREFOX, UK, US } from './support/visitors';

/**
 * Shared reports: a read-only address of one link's or one campaign's statistics, opened without
 * credentials, showing nothing else of the account, revoked at once, ending at its expiry.
 */
describe('shared reports', () => {
  const api = useApi();
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });
  afterEach(() => api.clock.reset());

  const add = (body: unknown, key = user.apikey) => api.request('POST', '/l/api/report/add', { key, body });
  const open = (token: string, path = '') => api.request('GET', `/l/api/shared/${token}${path}`, { key: null });
  const visit = async (alias: string, from: string) => {
    const answer = await api.request('GET', `/${alias}`, { key: null, remoteAddress: from, headers: { 'user-agent': FIREFOX } });
    expect(answer.status).toBe(302);
  };

  it("shows a link's statistics to whoever holds the address, without its destination unless asked, until revoked", async () => {
    const id = await createLink(api, user, { url: 'https://secret.example.com/plan', title: 'Spring plan' });
    const alias = await linkAlias(api, user, id);
    await visit(alias, UK);
    await visit(alias, US);
    await api.flushClicks();

    const made = await add({ link: id, name: 'For Acme' });
    expect(made.status).toBe(200);
    const { token, url } = made.body as { token: string; url: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url).toBe(`http://links.test/dashboard/shared/${token}`);
    expect(made.body.data).toMatchObject({ type: 'link', link: id, campaign: null, name: 'For Acme', hint: token.slice(0, 6) });

    const view = await open(token);
    expect(view.status).toBe(200);
    expect(view.body.data).toEqual({
      type: 'link',
      name: alias,
      shorturl: `http://links.test/${alias}`,
      title: 'Spring plan',
      destination: null,
      expiry: null,
    });
    expect(view.text).not.toContain('secret.example.com');
    const stats = await open(token, '/stats?country=GB');
    expect(stats.status).toBe(200);
    expect(stats.body.data.totals.clicks).toBe(1);
    expect((await open(token, '/stats')).body.data.top.countries).toEqual([
      { value: 'GB', clicks: 1 },
      { value: 'US', clicks: 1 },
    ]);

    // The account's list shows it by its hint, never the token.
    const list = await api.request('GET', '/l/api/reports', { key: user.apikey });
    expect(list.body.data.reports).toEqual([made.body.data]);
    expect(list.text).not.toContain(token);

    // Asked for, the destination shows.
    const shown = await add({ link: id, showdestination: true });
    expect((await open(shown.body.token as string)).body.data.destination).toBe('https://secret.example.com/plan');

    // Revoked: the address opens nothing, and the other report stays.
    expect((await api.request('DELETE', `/l/api/report/${made.body.id}/delete`, { key: user.apikey })).status).toBe(200);
    for (const path of ['', '/stats']) {
      const gone = await open(token, path);
      expect([gone.status, gone.body.message]).toEqual([404, expect.stringContaining('No shared report at this address')]);
    }
    expect((await open(shown.body.token as string)).status).toBe(200);
    // Deleting the link deletes its reports.
    expect((await api.request('DELETE', `/l/api/url/${id}/delete`, { key: user.apikey })).status).toBe(200);
    expect((await open(shown.body.token as string)).status).toBe(404);
    expect((await api.request('GET', '/l/api/reports', { key: user.apikey })).body.data.reports).toEqual([]);
  });

  it("shows a campaign's clicks and its links clicked most, and nothing of the account's other links", async () => {
    const campaign = await createCampaign(api, user, { name: 'Spring sale' });
    const inside = await createLink(api, user, { campaign });
    const outside = await createLink(api, user, {});
    await visit(await linkAlias(api, user, inside), UK);
    await visit(await linkAlias(api, user, outside), US);
    await api.flushClicks();
    const { token } = (await add({ campaign, expiry: '2099-01-01 00:00:00' })).body as { token: string };
    expect((await open(token)).body.data).toEqual({
      type: 'campaign',
      name: 'Spring sale',
      shorturl: null,
      title: '',
      destination: null,
      expiry: '2099-01-01 00:00:00',
    });
    const stats = (await open(token, '/stats')).body.data;
    expect(stats.totals.clicks).toBe(1);
    expect(stats.topLinks.map((link: { id: number }) => link.id)).toEqual([inside]);
  });

  it('ends at its expiry, and stops with its account disabled', async () => {
    const id = await createLink(api, user, {});
    const { token } = (await add({ link: id, expiry: '2099-01-01 00:00:00' })).body as { token: string };
    expect((await open(token)).status).toBe(200);
    api.clock.set('2099-01-01T00:00:01Z');
    expect((await open(token)).status).toBe(404);
    api.clock.reset();
    expect((await open(token)).status).toBe(200);
    expect((await api.request('PUT', `/l/api/user/${user.id}/update`, { body: { disabled: true } })).status).toBe(200);
    expect((await open(token)).status).toBe(404);
  });

  it("keeps another account's records out, and refuses what is not a report", async () => {
    const other = await createUser(api);
    const theirs = await createLink(api, other, {});
    const theirCampaign = await createCampaign(api, other, {});
    expect((await add({ link: theirs })).status).toBe(404);
    expect((await add({ campaign: theirCampaign })).status).toBe(404);
    const mine = await add({ link: await createLink(api, user, {}) });
    // Another account cannot revoke it, nor see it listed.
    expect((await api.request('DELETE', `/l/api/report/${mine.body.id}/delete`, { key: other.apikey })).status).toBe(404);
    expect((await api.request('GET', '/l/api/reports', { key: other.apikey })).body.data.reports).toEqual([]);

    const link = await createLink(api, user, {});
    const refused: [unknown, number][] = [
      [{}, 400],
      [{ link, campaign: 1 }, 400],
      [{ link: 'x' }, 400],
      [{ link, expiry: '2001-01-01 00:00:00' }, 400],
      [{ link, expiry: 'soon' }, 400],
      [{ link, name: 'x'.repeat(101) }, 400],
      [{ link, name: { deep: [[[{}]]] } }, 400],
      [{ link, showdestination: 'yes' }, 400],
    ];
    for (const [body, status] of refused) expect([body, (await add(body)).status]).toEqual([body, status]);
    // A name of any script, with control characters refused by the body's reading or kept as text.
    const named = await add({ link, name: 'Клиент 客户 عميل' });
    expect(named.body.data.name).toBe('Клиент 客户 عميل');

    // Tokens that are no token: the same 404, never a 500. (Past 100 characters a path segment
    // matches no route at all, and is answered as any unknown path of the API is.)
    for (const token of ['x', 'A'.repeat(32), 'A'.repeat(100), '%00', "'; DROP TABLE shared_reports; --", '..%2F..%2Fetc', '夜市']) {
      const answer = await open(encodeURIComponent(token));
      expect([token, answer.status]).toEqual([token, 404]);
    }
  });

  it('answers 300 requests a minute a report, then 429 until the next minute', async () => {
    const { token } = (await add({ link: await createLink(api, user, {}) })).body as { token: string };
    api.clock.set('2030-01-01T00:00:00Z');
    let status = 200;
    let answered = 0;
    while (status === 200 && answered < 400) {
      status = (await open(token)).status;
      if (status === 200) answered += 1;
    }
    expect([answered, status]).toEqual([300, 429]);
    api.clock.set('2030-01-01T00:01:01Z');
    expect((await open(token)).status).toBe(200);
  });
});
