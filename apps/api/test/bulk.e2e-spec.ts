import { PUBLIC_URL, useApi } from './support/app';
import {
  createCampaign,
  createChannel,
  createDomain,
  createLink,
  createPixel,
  createUser,
  linkAlias,
  type TestUser,
} from './support/factories';

/** POST /url/bulk: many links in one call, each item answered on its own. */
describe('links in bulk', () => {
  const api = useApi();
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });

  const bulk = (urls: unknown, key = user.apikey) => api.request('POST', '/l/api/url/bulk', { key, body: { urls } });
  const details = async (id: number, key = user.apikey) => (await api.request('GET', `/l/api/url/${id}`, { key })).body.details;
  const countLinks = async (key = user.apikey) => (await api.request('GET', '/l/api/urls', { key })).body.data.result as number;

  it('creates the valid items and answers each invalid one with its index, status, field and message', async () => {
    const domain = await createDomain(api, user);
    const campaign = await createCampaign(api, user);
    const response = await bulk([
      { url: 'https://example.com/one', custom: `first-${user.id}`, title: 'Première' },
      { url: 'javascript:alert(1)' },
      { url: 'https://example.com/three', domain: domain.domain, campaign, status: 'public' },
      { url: 'https://example.com/four', campaign: 999999 },
      { url: 'https://example.com/five', custom: 'healthz' },
      'not an object',
      { url: 'https://example.com/seven', geotarget: [{ location: 'FR', link: 'https://example.fr/' }] },
    ]);
    expect(response.status).toBe(200);
    const { data } = response.body;
    expect(data).toMatchObject({ created: 3, failed: 4 });
    expect(data.results.map((result: { index: number }) => result.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(data.results[0]).toEqual({
      index: 0,
      error: 0,
      id: expect.any(Number),
      alias: `first-${user.id}`,
      shorturl: `${PUBLIC_URL}/first-${user.id}`,
    });
    expect(data.results[1]).toEqual({
      index: 1,
      error: 1,
      status: 400,
      field: 'url',
      message: expect.stringMatching(/^Invalid field "url"/),
    });
    expect(data.results[2]).toMatchObject({ error: 0, shorturl: expect.stringMatching(new RegExp(`^${domain.domain}/[A-Za-z0-9]{6}$`)) });
    expect(data.results[3]).toEqual({ index: 3, error: 1, status: 404, field: 'campaign', message: 'No campaign with id 999999.' });
    expect(data.results[4]).toMatchObject({
      index: 4,
      error: 1,
      status: 400,
      field: 'custom',
      message: expect.stringContaining('reserved'),
    });
    expect(data.results[5]).toEqual({ index: 5, error: 1, status: 400, field: null, message: 'Invalid item: must be a JSON object.' });

    // What was created is what url/add would have made of the same fields.
    expect(await details(data.results[0].id)).toMatchObject({ longurl: 'https://example.com/one', title: 'Première', status: 'private' });
    expect(await details(data.results[2].id)).toMatchObject({ domain: domain.domain, campaign, status: 'public' });
    expect(await details(data.results[6].id)).toMatchObject({ geotarget: [{ location: 'FR', link: 'https://example.fr/' }] });
    expect(await countLinks()).toBe(3);
  });

  it('gives an alias to the first item asking for it, and a 409 to a later one or to one already taken', async () => {
    const taken = await linkAlias(api, user, await createLink(api, user));
    const alias = `shared-${user.id}`;
    const response = await bulk([
      { url: 'https://example.com/a', custom: alias },
      { url: 'https://example.com/b', custom: alias },
      { url: 'https://example.com/c', custom: taken },
    ]);
    expect(response.body.data.results.map((result: { error: number; status?: number }) => result.status ?? 200)).toEqual([200, 409, 409]);
    expect(response.body.data.results[1]).toMatchObject({
      field: 'custom',
      message: `The alias "${alias}" is already taken on this domain.`,
    });
    expect(await details(response.body.data.results[0].id)).toMatchObject({ longurl: 'https://example.com/a' });
  });

  it('creates 1,000 links with distinct aliases, their pixels and their channels, in one call', async () => {
    const pixel = await createPixel(api, user);
    const channel = await createChannel(api, user);
    const urls = Array.from({ length: 1000 }, (_, index) => ({
      url: `https://example.com/item/${index}`,
      ...(index % 100 === 0 ? { pixels: [pixel], channel } : {}),
    }));
    const response = await bulk(urls);
    expect(response.body.data).toMatchObject({ created: 1000, failed: 0 });
    const aliases = new Set(response.body.data.results.map((result: { alias: string }) => result.alias));
    expect(aliases.size).toBe(1000);
    expect(await countLinks()).toBe(1000);
    const withPixel = await details(response.body.data.results[300].id);
    expect(withPixel).toMatchObject({ longurl: 'https://example.com/item/300', pixels: [pixel], channels: [channel] });
    expect(await details(response.body.data.results[301].id)).toMatchObject({ pixels: [], channels: [] });
    const items = await api.request('GET', `/l/api/channel/${channel}`, { key: user.apikey });
    expect(items.body.data.result).toBe(10);
  });

  it('redirects each created link to its own destination', async () => {
    const response = await bulk([{ url: 'https://example.com/x' }, { url: 'https://example.com/y' }]);
    for (const [index, destination] of ['https://example.com/x', 'https://example.com/y'].entries()) {
      const visit = await api.request('GET', `/${response.body.data.results[index].alias}`, { key: null });
      expect(visit.status).toBe(302);
      expect(visit.headers.location).toBe(destination);
    }
  });

  it('refuses a call that is not 1 to 1,000 items, and creates nothing', async () => {
    for (const urls of [[], Array.from({ length: 1001 }, () => ({ url: 'https://example.com/' })), 'x', { url: 'https://example.com' }]) {
      const response = await bulk(urls);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^Invalid field "urls"/);
    }
    expect((await api.request('POST', '/l/api/url/bulk', { key: user.apikey, body: {} })).status).toBe(400);
    expect(await countLinks()).toBe(0);
  });

  it('takes a body over 1 MiB, up to 8 MiB', async () => {
    const longPath = 'a'.repeat(1900);
    const urls = Array.from({ length: 1000 }, (_, index) => ({
      url: `https://example.com/${index}/${longPath}`,
      description: 'd'.repeat(400),
    }));
    const response = await bulk(urls);
    expect(response.status).toBe(200);
    expect(response.body.data.created).toBe(1000);
    const tooLarge = await api.request('POST', '/l/api/url/bulk', {
      key: user.apikey,
      rawBody: JSON.stringify({ urls: [{ url: 'https://example.com/', title: 'x'.repeat(9 * 1024 * 1024) }] }),
    });
    expect(tooLarge.status).toBe(413);
    const elsewhere = await api.request('POST', '/l/api/url/add', {
      key: user.apikey,
      rawBody: JSON.stringify({ url: 'https://example.com/', title: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(elsewhere.status).toBe(413);
  });

  it("never reaches another account's campaign, domain or pixel: each is a 404 or 400 of its own item", async () => {
    const other = await createUser(api);
    const theirCampaign = await createCampaign(api, other);
    const theirDomain = await createDomain(api, other);
    const theirPixel = await createPixel(api, other);
    const response = await bulk([
      { url: 'https://example.com/1', campaign: theirCampaign },
      { url: 'https://example.com/2', domain: theirDomain.domain },
      { url: 'https://example.com/3', pixels: [theirPixel] },
      { url: 'https://example.com/4' },
    ]);
    expect(response.body.data.results.map((result: { status?: number; field?: string }) => [result.status ?? 200, result.field])).toEqual([
      [404, 'campaign'],
      [400, 'domain'],
      [404, 'pixels'],
      [200, undefined],
    ]);
    // The one link created carries nothing of the other account.
    expect(await details(response.body.data.results[3].id)).toMatchObject({ campaign: null, domain: null, pixels: [] });
    expect(await countLinks()).toBe(1);
  });

  it('protects the links that ask for a password, hashed outside the transaction', async () => {
    const response = await bulk([
      { url: 'https://example.com/secret-1', password: 'hunter22' },
      { url: 'https://example.com/secret-2', password: 'short' },
      { url: 'https://example.com/open' },
      { url: 'https://example.com/secret-3', password: 'another-one' },
    ]);
    expect(response.body.data.results.map((result: { error: number; field?: string }) => result.field ?? result.error)).toEqual([
      0,
      'password',
      0,
      0,
    ]);
    expect((await details(response.body.data.results[0].id)).password).toBe(true);
    expect((await details(response.body.data.results[2].id)).password).toBe(false);
    const page = await api.request('GET', `/${response.body.data.results[3].alias}`, { key: null });
    expect([page.status, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
  });

  it('counts once against the rate limit', async () => {
    const limited = await createUser(api, { ratelimit: 5 });
    const response = await bulk(
      Array.from({ length: 50 }, (_, index) => ({ url: `https://example.com/${index}` })),
      limited.apikey,
    );
    expect(response.body.data.created).toBe(50);
    expect(response.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('keeps hostile values as text: non-Latin, quotes, markup', async () => {
    const title = '東京 "quoted" <script>alert(1)</script> ‮txt';
    const response = await bulk([{ url: 'https://example.com/ü?q=<x>', title, description: 'Ω'.repeat(500) }]);
    expect(response.body.data.created).toBe(1);
    expect(await details(response.body.data.results[0].id)).toMatchObject({ title, description: 'Ω'.repeat(500) });
  });
});
