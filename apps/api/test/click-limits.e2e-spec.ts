import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { useApi } from './support/app';
import { loopbackRequest } from './support/built-service';
import { createDomain, createLink, createUser, type TestUser } from './support/factories';
import { FIREFOX } from './support/visitors';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * A link's click limit (people's clicks, bots apart) and start date: outside either it answers like
 * an expired link. Over real HTTP, so that both the route and the cached redirect answer.
 */
describe('click limits and start dates', () => {
  const api = useApi();
  let user: TestUser;
  let port: number;

  beforeAll(async () => {
    await api.linkyard.app.listen({ port: 0, host: '127.0.0.1' });
    port = (api.linkyard.app.getHttpServer().address() as AddressInfo).port;
  });
  beforeEach(async () => {
    user = await createUser(api);
  });
  afterEach(() => api.clock.reset());

  const visit = async (alias: string, agent = FIREFOX) => {
    const answer = await loopbackRequest(port, 'GET', `/${alias}`, { headers: { 'user-agent': agent, host: 'links.test' } });
    return answer.status === 410 ? `410 ${/<h1>([^<]*)<\/h1>/.exec(answer.text)?.[1] ?? ''}` : answer.status;
  };
  const details = async (id: number) => (await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body;
  const update = (id: number, body: unknown) => api.request('PUT', `/l/api/url/${id}/update`, { key: user.apikey, body });
  const listed = async (state: string) =>
    ((await api.request('GET', `/l/api/urls?state=${state}`, { key: user.apikey })).body.data.urls as { id: number }[]).map(
      (link) => link.id,
    );

  it('lets people through up to the limit, bots apart, then answers like an expired link', async () => {
    const id = await createLink(api, user, { custom: `limit-${user.id}`, clicklimit: 3 });
    expect((await details(id)).details).toMatchObject({ clicklimit: 3, startdate: null });
    const alias = `limit-${user.id}`;
    // A link checker's HEAD is answered, and counted neither as a click nor against the limit.
    for (let n = 0; n < 5; n += 1) {
      expect((await loopbackRequest(port, 'HEAD', `/${alias}`, { headers: { 'user-agent': FIREFOX, host: 'links.test' } })).status).toBe(
        302,
      );
    }
    expect(await visit(alias)).toBe(302);
    expect(await visit(alias, GOOGLEBOT)).toBe(302);
    expect(await visit(alias)).toBe(302);
    await api.flushClicks();
    expect(await visit(alias, GOOGLEBOT)).toBe(302);
    expect(await visit(alias)).toBe(302);
    expect(await visit(alias)).toBe('410 Link expired');
    expect(await visit(alias, GOOGLEBOT)).toBe('410 Link expired');
    await api.flushClicks();
    // The statistics count the three people; the link is listed as expired.
    expect((await details(id)).data.clicks).toBe(3);
    expect(await listed('expired')).toEqual([id]);
    expect(await listed('active')).toEqual([]);

    // A higher limit lets two more through; none at all, everyone.
    expect((await update(id, { clicklimit: 5 })).status).toBe(200);
    expect([await visit(alias), await visit(alias), await visit(alias)]).toEqual([302, 302, '410 Link expired']);
    expect((await update(id, { clicklimit: 0 })).status).toBe(200);
    expect((await details(id)).details.clicklimit).toBeNull();
    expect(await visit(alias)).toBe(302);
    expect(await listed('active')).toEqual([id]);
  });

  it('lets exactly the limit through when people arrive at the same time', async () => {
    await createLink(api, user, { custom: `rush-${user.id}`, clicklimit: 10 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => visit(`rush-${user.id}`)));
    expect(answers.filter((answer) => answer === 302)).toHaveLength(10);
    expect(answers.filter((answer) => answer === '410 Link expired')).toHaveLength(20);
  });

  it('counts the clicks another instance stored, read again within a few seconds', async () => {
    const id = await createLink(api, user, { custom: `shared-${user.id}`, clicklimit: 4 });
    expect(await visit(`shared-${user.id}`)).toBe(302);
    // Another instance's three clicks, written to the link's total.
    await api.linkyard.app.get(DataSource).query('UPDATE links SET clicks = clicks + 3 WHERE id = $1', [id]);
    const deadline = Date.now() + 5000;
    let answer: number | string = 302;
    while (answer === 302 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await visit(`shared-${user.id}`, GOOGLEBOT);
    }
    expect(answer).toBe('410 Link expired');
  });

  it('answers before the start date like an expired link, saying so, then redirects', async () => {
    const start = new Date(Date.now() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const id = await createLink(api, user, { custom: `later-${user.id}`, startdate: start });
    expect((await details(id)).details.startdate).toBe(start);
    expect(await visit(`later-${user.id}`)).toBe('410 Link not active yet');
    expect(await listed('scheduled')).toEqual([id]);
    api.clock.set(Date.now() + 2 * 3_600_000);
    expect(await visit(`later-${user.id}`)).toBe(302);
    expect(await listed('scheduled')).toEqual([]);
    expect(await listed('active')).toEqual([id]);
    api.clock.reset();
    expect((await update(id, { startdate: '' })).status).toBe(200);
    expect(await visit(`later-${user.id}`)).toBe(302);
  });

  it("sends a branded domain's unavailable links to its 404 redirect, as its unknown aliases", async () => {
    const { domain } = await createDomain(api, user, { redirect404: 'https://brand.example.com/gone' });
    const host = new URL(domain).host;
    const past = new Date(Date.now() + 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const later = new Date(Date.now() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const limited = await createLink(api, user, { domain, custom: `b-limit-${user.id}`, clicklimit: 1 });
    const scheduled = await createLink(api, user, { domain, custom: `b-later-${user.id}`, startdate: later });
    const expired = await createLink(api, user, { domain, custom: `b-soon-${user.id}`, expiry: past });
    const on = async (alias: string) => {
      const answer = await loopbackRequest(port, 'GET', `/${alias}`, { headers: { 'user-agent': FIREFOX, host } });
      return answer.status === 302 ? `302 ${String(answer.headers.location)}` : answer.status;
    };
    expect(await on(`b-limit-${user.id}`)).toMatch(/^302 https:\/\/example\.com\/page\//);
    api.clock.advance(61_000);
    for (const alias of [`b-limit-${user.id}`, `b-later-${user.id}`, `b-soon-${user.id}`, `b-nothing-${user.id}`]) {
      expect(await on(alias)).toBe('302 https://brand.example.com/gone');
    }
    // The list tells the three apart: `limited` is the click limit alone, `expired` either end.
    await api.flushClicks();
    expect(await listed('limited')).toEqual([limited]);
    expect((await listed('expired')).sort((a, b) => a - b)).toEqual([limited, expired].sort((a, b) => a - b));
    expect(await listed('scheduled')).toEqual([scheduled]);
  });

  it.each([
    [{ clicklimit: -1 }, /clicklimit/],
    [{ clicklimit: 2_147_483_648 }, /clicklimit/],
    [{ clicklimit: 1.5 }, /clicklimit/],
    [{ clicklimit: '10' }, /clicklimit/],
    [{ startdate: 'tomorrow' }, /startdate/],
    [{ startdate: 'javascript:alert(1)' }, /startdate/],
    [{ startdate: '2026-02-30 00:00:00' }, /startdate/],
  ])('refuses %j', async (body, message) => {
    const response = await api.request('POST', '/l/api/url/add', { key: user.apikey, body: { url: 'https://example.com/', ...body } });
    expect([response.status, response.body.message]).toEqual([400, expect.stringMatching(message)]);
  });
});
