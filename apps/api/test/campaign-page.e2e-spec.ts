import { DataSource } from 'typeorm';
import { escapeHtml } from '../src/common/html';
import { PUBLIC_URL, useApi, type TestApi } from './support/app';
import { createCampaign, createLink, createUser, linkAlias, type TestUser } from './support/factories';
import { FIREFOX, UK, US } from './support/visitors';

const HOSTILE = '<img src=x onerror=alert(1)>';

async function visit(api: TestApi, path: string, remoteAddress = UK): Promise<void> {
  const answer = await api.request('GET', path, { key: null, headers: { 'user-agent': FIREFOX }, remoteAddress });
  expect(answer.status).toBe(302);
}

const assign = (api: TestApi, user: TestUser, campaign: number, link: number) =>
  api.request('POST', `/l/api/campaign/${campaign}/assign/${link}`, { key: user.apikey });

describe("a campaign's page: the campaign, its links and its clicks", () => {
  const api = useApi();
  let user: TestUser;
  let other: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
    other = await createUser(api);
  });

  describe('GET /campaign/{id}', () => {
    it('answers the campaign as the list shows it, and 404 for another account’s', async () => {
      const id = await createCampaign(api, user, { name: 'Spring', slug: `spring-${user.id}`, public: true });
      const response = await api.request('GET', `/l/api/campaign/${id}`, { key: user.apikey });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        error: 0,
        data: {
          id,
          name: 'Spring',
          domain: 'Spring',
          public: true,
          rotator: `${PUBLIC_URL}/r/spring-${user.id}`,
          list: `${PUBLIC_URL}/c/${id}`,
        },
      });
      const theirs = await api.request('GET', `/l/api/campaign/${id}`, { key: other.apikey });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual({ error: 1, message: `No campaign with id ${id}.` });
      expect((await api.request('GET', '/l/api/campaign/0', { key: user.apikey })).status).toBe(400);
    });
  });

  describe('GET /urls?campaign=', () => {
    it("lists only the campaign's links, a page at a time, with the search", async () => {
      const campaign = await createCampaign(api, user);
      const inside: number[] = [];
      for (let index = 0; index < 5; index += 1) inside.push(await createLink(api, user, { url: `https://example.com/in/${index}` }));
      for (const id of inside) expect((await assign(api, user, campaign, id)).status).toBe(200);
      await createLink(api, user, { url: 'https://example.com/outside' });

      const first = await api.request('GET', `/l/api/urls?campaign=${campaign}&limit=2`, { key: user.apikey });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ result: 5, perpage: 2, currentpage: 1, maxpage: 3 });
      expect(first.body.data.urls.map((link: { id: number }) => link.id)).toEqual([inside[4], inside[3]]);
      const last = await api.request('GET', `/l/api/urls?campaign=${campaign}&limit=2&page=3`, { key: user.apikey });
      expect(last.body.data.urls.map((link: { id: number }) => link.id)).toEqual([inside[0]]);
      const searched = await api.request('GET', `/l/api/urls?campaign=${campaign}&q=in/3`, { key: user.apikey });
      expect(searched.body.data.urls.map((link: { id: number }) => link.id)).toEqual([inside[3]]);
      // Without the filter, or with it empty, every link of the account.
      expect((await api.request('GET', '/l/api/urls?campaign=', { key: user.apikey })).body.data.result).toBe(6);
    });

    it("answers 404 for another account's campaign and 400 for what is not an id", async () => {
      const theirs = await createCampaign(api, other);
      await assign(api, other, theirs, await createLink(api, other));
      const response = await api.request('GET', `/l/api/urls?campaign=${theirs}`, { key: user.apikey });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(`No campaign with id ${theirs}.`);
      for (const value of ['abc', '-1', '0', '1.5', '99999999999', "1'--", encodeURIComponent(HOSTILE)]) {
        const bad = await api.request('GET', `/l/api/urls?campaign=${value}`, { key: user.apikey });
        expect(bad.status).toBe(400);
        expect(bad.body.message).toMatch(/"campaign"/);
      }
    });
  });

  describe('GET /campaign/{id}/stats', () => {
    it("counts the clicks of the campaign's links (the rotator's included), from the hourly counts", async () => {
      const campaign = await createCampaign(api, user, { slug: `rotating-${user.id}` });
      const first = await createLink(api, user, { url: 'https://example.com/first' });
      const second = await createLink(api, user, { url: 'https://example.com/second' });
      const outside = await createLink(api, user, { url: 'https://example.com/outside' });
      await assign(api, user, campaign, first);
      await assign(api, user, campaign, second);
      await visit(api, `/${await linkAlias(api, user, first)}`);
      await visit(api, `/${await linkAlias(api, user, second)}`, US);
      await visit(api, `/${await linkAlias(api, user, outside)}`);
      // The rotator sends to a short URL (its first link, first), whose visit is the click.
      const rotated = await api.request('GET', `/r/rotating-${user.id}`, { key: null });
      expect(rotated.status).toBe(302);
      expect(rotated.headers.location).toBe(`${PUBLIC_URL}/${await linkAlias(api, user, first)}`);
      await visit(api, new URL(rotated.headers.location as string).pathname);
      await api.flushClicks();

      const stats = await api.request('GET', `/l/api/campaign/${campaign}/stats?interval=day&tz=UTC`, { key: user.apikey });
      expect(stats.status).toBe(200);
      expect(stats.body.data.totals.clicks).toBe(3);
      expect(stats.body.data.series.reduce((sum: number, bucket: { clicks: number }) => sum + bucket.clicks, 0)).toBe(3);
      expect(stats.body.data.top.countries).toEqual(expect.arrayContaining([{ value: 'GB', clicks: expect.any(Number) }]));
      const firstAlias = await linkAlias(api, user, first);
      const secondAlias = await linkAlias(api, user, second);
      expect(stats.body.data.topLinks).toEqual([
        { id: first, alias: firstAlias, shorturl: `${PUBLIC_URL}/${firstAlias}`, clicks: 2 },
        { id: second, alias: secondAlias, shorturl: `${PUBLIC_URL}/${secondAlias}`, clicks: 1 },
      ]);

      // The raw clicks are not what it reads: with them gone (retention), the answer is the same.
      await api.linkyard.app.get(DataSource).query('DELETE FROM clicks WHERE link_id = ANY($1)', [[first, second]]);
      const again = await api.request('GET', `/l/api/campaign/${campaign}/stats?interval=day&tz=UTC`, { key: user.apikey });
      expect(again.body.data.totals).toEqual(stats.body.data.totals);

      // A link taken out of the campaign takes its clicks with it.
      const another = await createCampaign(api, user);
      await assign(api, user, another, first);
      const after = await api.request('GET', `/l/api/campaign/${campaign}/stats?interval=day&tz=UTC`, { key: user.apikey });
      expect(after.body.data.totals.clicks).toBe(1);
    });

    it("answers 404 for another account's campaign and 400 for a bad range", async () => {
      const theirs = await createCampaign(api, other);
      expect((await api.request('GET', `/l/api/campaign/${theirs}/stats`, { key: user.apikey })).status).toBe(404);
      const mine = await createCampaign(api, user);
      for (const query of [
        'interval=year',
        'tz=Mars/Olympus',
        'from=2026-02-30',
        'from=2026-01-02&to=2026-01-01',
        `country=${'x'.repeat(300)}`,
      ]) {
        const response = await api.request('GET', `/l/api/campaign/${mine}/stats?${query}`, { key: user.apikey });
        expect(response.status).toBe(400);
      }
    });
  });
});

describe('private links on public pages', () => {
  const api = useApi();

  it('are on no list page and no preview of one, the rotator still sends visitors to them, and a change shows at once', async () => {
    const user = await createUser(api);
    const slug = `mixed-${user.id}`;
    const campaign = await createCampaign(api, user, { name: 'Mixed', slug, public: true });
    // Made as the link form makes them by default (private), and one made public.
    const hidden = [await createLink(api, user, { campaign, title: 'Private by default' })];
    hidden.push(await createLink(api, user, { campaign, title: 'Private by choice', status: 'private' }));
    const shown = await createLink(api, user, { campaign, title: 'Public', status: 'public' });
    const aliases = new Map(await Promise.all([...hidden, shown].map(async (id) => [id, await linkAlias(api, user, id)] as const)));
    const page = await api.request('GET', `/c/${campaign}`, { key: null });
    const preview = await api.request('GET', `/l/api/campaign/${campaign}/preview`, { key: user.apikey });
    for (const text of [page.text, preview.text]) {
      expect(text).toContain(`&#47;${aliases.get(shown)}"`);
      expect(text).toContain('Public');
      for (const id of hidden) expect(text).not.toContain(`&#47;${aliases.get(id)}"`);
      expect(text).not.toContain('Private by');
    }
    // The rotator redirects (it lists nothing): every link of the campaign takes its turn.
    const sentTo = new Set<string>();
    for (let turn = 0; turn < 3; turn += 1) sentTo.add(String((await api.request('GET', `/r/${slug}`, { key: null })).headers.location));
    expect(sentTo.size).toBe(3);
    // Made private, a link leaves the page at once; made public, one joins it.
    await api.request('PUT', `/l/api/url/${shown}/update`, { key: user.apikey, body: { status: 'private' } });
    await api.request('PUT', `/l/api/url/${hidden[0]}/update`, { key: user.apikey, body: { status: 'public' } });
    const after = await api.request('GET', `/c/${campaign}`, { key: null });
    expect(after.text).not.toContain(`&#47;${aliases.get(shown)}"`);
    expect(after.text).toContain(`&#47;${aliases.get(hidden[0]!)}"`);
  });
});

describe('previews of what a visitor sees', () => {
  const api = useApi();
  let user: TestUser;
  let other: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
    other = await createUser(api);
  });

  /** What a preview's answer must carry: the policy that lets only the service's pages frame it, sandboxed. */
  function expectPreviewPolicy(headers: Record<string, unknown>): string {
    const policy = String(headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toMatch(/(^|; )sandbox allow-scripts($|;)/);
    expect(policy).not.toContain('allow-same-origin');
    expect(policy).not.toContain('allow-top-navigation');
    expect(policy).toMatch(/script-src 'nonce-[^']+'(;|$)/);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['cache-control']).toBe('no-store');
    expect(String(headers['content-type'])).toMatch(/^text\/html/);
    return policy;
  }

  it("shows a campaign's list page as its visitors will see it, public or not yet, for its owner only", async () => {
    const campaign = await createCampaign(api, user, { name: `${HOSTILE} spring` });
    const link = await createLink(api, user, { url: 'https://example.com/a', title: `مرحبا ${HOSTILE}`, status: 'public' });
    await assign(api, user, campaign, link);
    // Private: the public page is a 404, the preview shows what it will be.
    expect((await api.request('GET', `/c/${campaign}`, { key: null })).status).toBe(404);
    const preview = await api.request('GET', `/l/api/campaign/${campaign}/preview`, { key: user.apikey });
    expect(preview.status).toBe(200);
    expectPreviewPolicy(preview.headers);
    expect(preview.text).toContain('<h1>&#60;img src&#61;x onerror&#61;alert(1)&#62; spring</h1>');
    expect(preview.text).toContain(`href="${escapeHtml(`${PUBLIC_URL}/${await linkAlias(api, user, link)}`)}"`);
    expect(preview.text).not.toContain('<img src=x');
    // Made by the same function as the public page: once public, the two bodies are the same.
    await api.request('PUT', `/l/api/campaign/${campaign}/update`, { key: user.apikey, body: { name: `${HOSTILE} spring`, public: true } });
    const visitors = await api.request('GET', `/c/${campaign}`, { key: null });
    expect(visitors.status).toBe(200);
    expect(visitors.text).toBe(preview.text);
    // The public page itself still lets no site frame it.
    expect(visitors.headers['x-frame-options']).toBe('DENY');
    expect(String(visitors.headers['content-security-policy'])).toContain("frame-ancestors 'none'");

    const theirs = await api.request('GET', `/l/api/campaign/${campaign}/preview`, { key: other.apikey });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ error: 1, message: `No campaign with id ${campaign}.` });
    expect((await api.request('GET', `/l/api/campaign/${campaign}/preview`, { key: null })).status).toBe(401);
  });

  it('shows an overlay over an empty page, its script allowed by the nonce alone, its text as text', async () => {
    const created = await api.request('POST', '/l/api/overlay/add', {
      key: user.apikey,
      body: {
        type: 'message',
        name: 'Spring banner',
        message: `${HOSTILE} \u202Eevil\u202C`,
        label: 'Shop now',
        link: 'https://example.com/shop',
        position: 'top',
        color: '#ffffff',
        bg: '#7c2d12',
      },
    });
    const id = created.body.id as number;
    const preview = await api.request('GET', `/l/api/overlay/${id}/preview`, { key: user.apikey });
    expect(preview.status).toBe(200);
    const policy = expectPreviewPolicy(preview.headers);
    const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
    expect(preview.text).toContain('<iframe src="about:blank"');
    expect(preview.text).toContain('&#60;img src&#61;x onerror&#61;alert(1)&#62;');
    expect(preview.text).toContain('background:#7c2d12');
    expect(preview.text).toContain(`href="${escapeHtml('https://example.com/shop')}"`);
    for (const tag of preview.text.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
    expect(preview.text).not.toMatch(/<[^>]+\son[a-z]+=/i);
    // Each answer has a nonce of its own.
    const again = await api.request('GET', `/l/api/overlay/${id}/preview`, { key: user.apikey });
    expect(/'nonce-([^']+)'/.exec(String(again.headers['content-security-policy']))![1]).not.toBe(nonce);
    expect((await api.request('GET', `/l/api/overlay/${id}/preview`, { key: other.apikey })).status).toBe(404);
  });

  it('shows a splash page as its visitors see it, but staying where they move on, for its owner only', async () => {
    const created = await api.request('POST', '/l/api/splash/add', {
      key: user.apikey,
      body: { name: 'Intro', title: HOSTILE, text: 'First line\nSecond line', image: 'https://example.com/picture.png', delay: 4 },
    });
    const id = created.body.id as number;
    const preview = await api.request('GET', `/l/api/splash/${id}/preview`, { key: user.apikey });
    expect(preview.status).toBe(200);
    expectPreviewPolicy(preview.headers);
    // The visitors' page moves on after its delay; the preview stays (no refresh a viewer cannot stop).
    expect(preview.text).not.toContain('http-equiv="refresh"');
    expect(preview.text).toContain('<h1>&#60;img src&#61;x onerror&#61;alert(1)&#62;</h1>');
    expect(preview.text).toContain('First line<br>Second line');
    expect(preview.text).toContain(`<img src="${escapeHtml('https://example.com/picture.png')}" alt="">`);
    expect((await api.request('GET', `/l/api/splash/${id}/preview`, { key: other.apikey })).status).toBe(404);
    expect((await api.request('GET', '/l/api/splash/abc/preview', { key: user.apikey })).status).toBe(400);
  });

  it('answers the dashboard’s session like any call (no proof needed to read)', async () => {
    const signedIn = await api.request('POST', '/l/api/session', { key: null, body: { apikey: user.apikey } });
    const cookie = String(signedIn.headers['set-cookie']).split(';', 1)[0]!;
    const id = (await api.request('POST', '/l/api/overlay/add', { key: user.apikey, body: { type: 'message', name: 'n', message: 'm' } }))
      .body.id as number;
    const preview = await api.request('GET', `/l/api/overlay/${id}/preview`, { key: null, headers: { cookie } });
    expect(preview.status).toBe(200);
    expect(preview.headers['x-ratelimit-remaining']).toBeDefined();
  });
});
