import { useApi } from './support/app';
import {
  createCampaign,
  createChannel,
  createDomain,
  createLink,
  createOverlay,
  createPixel,
  createQr,
  createSplash,
  createUser,
  type TestUser,
} from './support/factories';

/**
 * Every endpoint that takes an id, called by another account with the owner's ids: always 404,
 * with the same message as for an id that does not exist, and nothing changes.
 */
describe("accounts cannot see each other's data", () => {
  const api = useApi();
  let owner: TestUser;
  let stranger: TestUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    owner = await createUser(api);
    stranger = await createUser(api);
    ids.domain = (await createDomain(api, owner)).id;
    ids.link = await createLink(api, owner, { title: 'Owner link' });
    ids.campaign = await createCampaign(api, owner);
    ids.channel = await createChannel(api, owner);
    ids.pixel = await createPixel(api, owner);
    ids.qr = await createQr(api, owner);
    ids.overlay = await createOverlay(api, owner);
    ids.splash = await createSplash(api, owner);
    // The stranger's own records, for the mixed cases.
    ids.strangerLink = await createLink(api, stranger);
    ids.strangerCampaign = await createCampaign(api, stranger);
    ids.strangerChannel = await createChannel(api, stranger);
  });

  // Every row has its four values: jest takes a missing fourth argument for a `done` callback.
  const cases: [string, string, () => string, Record<string, unknown>][] = [
    ['PUT', 'domain update', () => `/l/api/domain/${ids.domain}/update`, { redirectroot: '' }],
    ['DELETE', 'domain delete', () => `/l/api/domain/${ids.domain}/delete`, {}],
    ['GET', 'link', () => `/l/api/url/${ids.link}`, {}],
    ['PUT', 'link update', () => `/l/api/url/${ids.link}/update`, { title: 'Taken over' }],
    ['DELETE', 'link delete', () => `/l/api/url/${ids.link}/delete`, {}],
    ['PUT', 'campaign update', () => `/l/api/campaign/${ids.campaign}/update`, { name: 'Taken over' }],
    ['DELETE', 'campaign delete', () => `/l/api/campaign/${ids.campaign}/delete`, {}],
    ['POST', 'campaign assign (their campaign, own link)', () => `/l/api/campaign/${ids.campaign}/assign/${ids.strangerLink}`, {}],
    ['POST', 'campaign assign (own campaign, their link)', () => `/l/api/campaign/${ids.strangerCampaign}/assign/${ids.link}`, {}],
    ['GET', 'channel items', () => `/l/api/channel/${ids.channel}`, {}],
    ['PUT', 'channel update', () => `/l/api/channel/${ids.channel}/update`, { name: 'Taken over' }],
    ['DELETE', 'channel delete', () => `/l/api/channel/${ids.channel}/delete`, {}],
    ['POST', 'channel assign (their channel)', () => `/l/api/channel/${ids.channel}/assign/links/${ids.strangerLink}`, {}],
    ['POST', 'channel assign (their link)', () => `/l/api/channel/${ids.strangerChannel}/assign/links/${ids.link}`, {}],
    ['POST', 'channel assign (their QR code)', () => `/l/api/channel/${ids.strangerChannel}/assign/qr/${ids.qr}`, {}],
    ['PUT', 'pixel update', () => `/l/api/pixel/${ids.pixel}/update`, { tag: '999999999999999' }],
    ['DELETE', 'pixel delete', () => `/l/api/pixel/${ids.pixel}/delete`, {}],
    ['GET', 'QR code', () => `/l/api/qr/${ids.qr}`, {}],
    ['PUT', 'QR update', () => `/l/api/qr/${ids.qr}/update`, { data: 'Taken over' }],
    ['DELETE', 'QR delete', () => `/l/api/qr/${ids.qr}/delete`, {}],
    ['GET', 'overlay', () => `/l/api/overlay/${ids.overlay}`, {}],
    ['PUT', 'overlay update', () => `/l/api/overlay/${ids.overlay}/update`, { name: 'Taken over' }],
    ['DELETE', 'overlay delete', () => `/l/api/overlay/${ids.overlay}/delete`, {}],
    ['GET', 'splash page', () => `/l/api/splash/${ids.splash}`, {}],
    ['PUT', 'splash update', () => `/l/api/splash/${ids.splash}/update`, { name: 'Taken over' }],
    ['DELETE', 'splash delete', () => `/l/api/splash/${ids.splash}/delete`, {}],
  ];

  it.each(cases)('%s %s answers 404', async (method, _name, url, body) => {
    const response = await api.request(method, url(), { key: stranger.apikey, body: method === 'GET' ? undefined : body });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 1, message: expect.stringMatching(/^No .+ with id \d+\.$/) });
  });

  it.each([
    ['a pixel', () => ({ pixels: [ids.pixel] })],
    ['a campaign', () => ({ campaign: ids.campaign })],
    ['a channel', () => ({ channel: ids.channel })],
    ['a splash page', () => ({ type: String(ids.splash) })],
    ['an overlay', () => ({ type: `overlay-${ids.overlay}` })],
  ])("refuses a new link that uses another account's %s with 404", async (_what, fields) => {
    const response = await api.request('POST', '/l/api/url/add', {
      key: stranger.apikey,
      body: { url: 'https://example.com', ...fields() },
    });
    expect(response.status).toBe(404);
  });

  it("refuses a new link on another account's domain as on an unknown one (400, the same words)", async () => {
    const domains = (await api.request('GET', '/l/api/domains', { key: owner.apikey })).body.data.domains;
    const host = new URL(domains[0].domain).host;
    const response = await api.request('POST', '/l/api/url/add', {
      key: stranger.apikey,
      body: { url: 'https://example.com', domain: domains[0].domain },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 1, message: `Invalid field "domain": no branded domain ${host} in this account.` });
  });

  it.each([
    ['/l/api/domains', 'domains'],
    ['/l/api/urls', 'urls'],
    ['/l/api/campaigns', 'campaigns'],
    ['/l/api/channels', 'channels'],
    ['/l/api/pixels', 'pixels'],
    ['/l/api/qr', 'qrs'],
    ['/l/api/overlay', 'cta'],
    ['/l/api/splash', 'splash'],
  ])("shows none of the owner's records in %s", async (url, key) => {
    const theirs = (await api.request('GET', url, { key: owner.apikey })).body.data[key].map((record: { id: number }) => record.id);
    const mine = await api.request('GET', `${url}?limit=100`, { key: stranger.apikey });
    expect(theirs.length).toBeGreaterThan(0);
    for (const record of mine.body.data[key] as { id: number }[]) expect(theirs).not.toContain(record.id);
  });

  it('left every record of the owner as it was', async () => {
    const link = await api.request('GET', `/l/api/url/${ids.link}`, { key: owner.apikey });
    expect(link.body.details).toMatchObject({ title: 'Owner link', campaign: null, channels: [] });
    expect((await api.request('GET', `/l/api/channel/${ids.channel}`, { key: owner.apikey })).body.data.result).toBe(0);
    for (const [url, key, count] of [
      ['/l/api/domains', 'domains', 1],
      ['/l/api/campaigns', 'campaigns', 1],
      ['/l/api/pixels', 'pixels', 1],
      ['/l/api/qr', 'qrs', 1],
      ['/l/api/overlay', 'cta', 1],
      ['/l/api/splash', 'splash', 1],
    ] as const) {
      expect((await api.request('GET', url, { key: owner.apikey })).body.data[key]).toHaveLength(count);
    }
  });
});
