import sharp from 'sharp';
import { PUBLIC_URL, useApi } from './support/app';
import {
  createCampaign,
  createChannel,
  createDomain,
  createLink,
  createOverlay,
  createPixel,
  createSplash,
  createUser,
  type TestUser,
} from './support/factories';

describe('links', () => {
  const api = useApi();
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });

  const details = async (id: number, key = user.apikey) => (await api.request('GET', `/l/api/url/${id}`, { key })).body.details;

  describe('POST /url/add', () => {
    it("creates a link with a generated alias on the service's address", async () => {
      const response = await api.request('POST', '/l/api/url/add', { key: user.apikey, body: { url: 'https://example.com/a?x=1' } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        error: 0,
        id: expect.any(Number),
        shorturl: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/[A-Za-z0-9]{6}$`)),
      });
      const link = await details(response.body.id);
      expect(link).toMatchObject({
        longurl: 'https://example.com/a?x=1',
        status: 'private',
        type: 'direct',
        password: false,
        expiry: null,
        domain: null,
      });
    });

    it('never hands out the same generated alias twice', async () => {
      const urls = new Set<string>();
      for (let index = 0; index < 25; index += 1) {
        const response = await api.request('POST', '/l/api/url/add', { key: user.apikey, body: { url: 'https://example.com/same' } });
        urls.add(response.body.shorturl);
      }
      expect(urls.size).toBe(25);
    });

    it('stores every field and reads it back', async () => {
      const domain = await createDomain(api, user);
      const pixel = await createPixel(api, user);
      const campaign = await createCampaign(api, user);
      const channel = await createChannel(api, user);
      const splash = await createSplash(api, user);
      const response = await api.request('POST', '/l/api/url/add', {
        key: user.apikey,
        body: {
          url: 'https://example.com/launch',
          custom: 'Launch-2026',
          domain: new URL(domain.domain).host,
          password: 'open sesame',
          expiry: '2099-01-01 12:00:00',
          type: String(splash),
          metatitle: 'Launch',
          description: 'Our big launch',
          metadescription: 'Everything about the launch',
          metaimage: 'https://example.com/launch.png',
          pixels: [pixel],
          campaign,
          channel,
          geotarget: [
            { location: 'Canada', link: 'https://example.ca/launch' },
            { location: 'us', link: 'https://example.com/us' },
          ],
          devicetarget: [{ device: 'iphone', link: 'https://apps.apple.com/app/id1' }],
          languagetarget: [{ language: 'fr', link: 'https://example.fr/launch' }],
          deeplink: { auto: true, apple: 'myapp://launch', google: 'https://play.google.com/store/apps/details?id=app' },
          parameters: [{ name: 'utm_source', value: 'newsletter' }],
          status: 'public',
          tags: ['Launch', ' Q3 '],
          clicklimit: 10000,
          startdate: '2026-01-01 08:00:00',
        },
      });
      expect(response.status).toBe(200);
      expect(response.body.shorturl).toBe(`${domain.domain}/Launch-2026`);
      const got = await api.request('GET', `/l/api/url/${response.body.id}`, { key: user.apikey });
      expect(got.body).toEqual({
        error: 0,
        id: response.body.id,
        details: {
          id: response.body.id,
          alias: 'Launch-2026',
          shorturl: `${domain.domain}/Launch-2026`,
          longurl: 'https://example.com/launch',
          title: 'Launch',
          description: 'Our big launch',
          tags: ['launch', 'q3'],
          archived: false,
          metadescription: 'Everything about the launch',
          metaimage: 'https://example.com/launch.png',
          domain: domain.domain,
          status: 'public',
          type: String(splash),
          password: true,
          expiry: '2099-01-01 12:00:00',
          startdate: '2026-01-01 08:00:00',
          clicklimit: 10000,
          variants: [],
          pixels: [pixel],
          campaign,
          channels: [channel],
          geotarget: [
            { location: 'Canada', link: 'https://example.ca/launch' },
            { location: 'us', link: 'https://example.com/us' },
          ],
          devicetarget: [{ device: 'iPhone', link: 'https://apps.apple.com/app/id1' }],
          languagetarget: [{ language: 'fr', link: 'https://example.fr/launch' }],
          deeplink: { auto: true, apple: 'myapp://launch', google: 'https://play.google.com/store/apps/details?id=app' },
          parameters: [{ name: 'utm_source', value: 'newsletter' }],
          clicks: 0,
          uniqueClicks: 0,
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        },
        data: {
          clicks: 0,
          uniqueClicks: 0,
          topCountries: {},
          topReferrers: {},
          topBrowsers: {},
          topOs: {},
          socialCount: { facebook: 0, twitter: 0, instagram: 0 },
        },
      });
      expect(got.text).not.toContain('open sesame');
    });

    it('accepts the branded domain as its URL, and an overlay as overlay-<id>', async () => {
      const domain = await createDomain(api, user);
      const overlay = await createOverlay(api, user);
      const id = await createLink(api, user, { domain: domain.domain, type: `overlay-${overlay}`, title: 'Via title' });
      expect(await details(id)).toMatchObject({ domain: domain.domain, type: `overlay-${overlay}`, title: 'Via title' });
    });

    it('refuses an alias already taken on the same domain, but not on another', async () => {
      await createLink(api, user, { custom: 'taken-alias' });
      const again = await api.request('POST', '/l/api/url/add', {
        key: user.apikey,
        body: { url: 'https://example.com', custom: 'taken-alias' },
      });
      expect(again.status).toBe(409);
      const other = await createUser(api);
      const elsewhere = await api.request('POST', '/l/api/url/add', {
        key: other.apikey,
        body: { url: 'https://example.com', custom: 'taken-alias' },
      });
      expect(elsewhere.status).toBe(409);
      const domain = await createDomain(api, user);
      const onDomain = await api.request('POST', '/l/api/url/add', {
        key: user.apikey,
        body: { url: 'https://example.com', custom: 'taken-alias', domain: domain.domain },
      });
      expect(onDomain.status).toBe(200);
    });

    it.each(['api', 'healthz', 'API', 'docs', 'dashboard', 'Dashboard'])('refuses the reserved alias %s', async (custom) => {
      const response = await api.request('POST', '/l/api/url/add', { key: user.apikey, body: { url: 'https://example.com', custom } });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/reserved/);
    });

    it.each([
      [{}, /url/],
      [{ url: 'ftp://example.com' }, /url/],
      [{ url: 'javascript:alert(1)' }, /url/],
      [{ url: 'https://example.com', custom: 'no spaces allowed' }, /custom/],
      [{ url: 'https://example.com', custom: 'ab' }, /custom/],
      [{ url: 'https://example.com', expiry: '2001-01-01 00:00:00' }, /expiry/],
      [{ url: 'https://example.com', expiry: 'tomorrow' }, /expiry/],
      [{ url: 'https://example.com', type: 'popup' }, /type/],
      [{ url: 'https://example.com', status: 'secret' }, /status/],
      [{ url: 'https://example.com', pixels: 'all' }, /pixels/],
      [{ url: 'https://example.com', pixels: [0] }, /pixels/],
      [{ url: 'https://example.com', geotarget: [{ location: 'Atlantis', link: 'https://example.com' }] }, /geotarget\.0\.location/],
      [{ url: 'https://example.com', geotarget: [{ location: 'Canada', link: 'not a url' }] }, /link/],
      [{ url: 'https://example.com', geotarget: ['Canada'] }, /geotarget/],
      [{ url: 'https://example.com', devicetarget: [{ device: 'Fridge', link: 'https://example.com' }] }, /devicetarget/],
      [{ url: 'https://example.com', languagetarget: [{ language: 'xx', link: 'https://example.com' }] }, /languagetarget/],
      [{ url: 'https://example.com', deeplink: { apple: 'not a uri' } }, /deeplink\.apple/],
      [{ url: 'https://example.com', deeplink: 'myapp://x' }, /deeplink/],
      [{ url: 'https://example.com', parameters: [{ name: 'a b', value: 'c' }] }, /parameters/],
      [{ url: 'https://example.com', campaign: '1' }, /campaign/],
      [{ url: 'https://example.com', geotarget: 'Canada' }, /geotarget must be an array/],
      [{ url: 'https://example.com', parameters: { utm: 'x' } }, /parameters must be an array/],
      [{ url: 'https://example.com', domain: 'elsewhere.example.com' }, /"domain": no branded domain elsewhere\.example\.com/],
    ])('refuses %j with 400', async (body, message) => {
      const response = await api.request('POST', '/l/api/url/add', { key: user.apikey, body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 1, message: expect.stringMatching(message) });
      expect((await api.request('GET', '/l/api/urls', { key: user.apikey })).body.data.result).toBe(0);
    });

    it.each([
      ['pixel', { pixels: [987654] }, /pixel/],
      ['campaign', { campaign: 987654 }, /campaign/],
      ['channel', { channel: 987654 }, /channel/],
      ['splash page', { type: '987654' }, /splash page/],
      ['overlay', { type: 'overlay-987654' }, /overlay/],
      ['overlay beyond the id range', { type: 'overlay-9999999999' }, /overlay/],
      ['splash page beyond the id range', { type: '9999999999' }, /splash page/],
    ])("answers 404 for a %s that is not the account's", async (_what, fields, message) => {
      const response = await api.request('POST', '/l/api/url/add', { key: user.apikey, body: { url: 'https://example.com', ...fields } });
      expect(response.status).toBe(404);
      expect(response.body.message).toMatch(message);
      expect((await api.request('GET', '/l/api/urls', { key: user.apikey })).body.data.result).toBe(0);
    });
  });

  describe('PUT /url/:id/update', () => {
    it('changes only the fields sent', async () => {
      const id = await createLink(api, user, { custom: 'before', title: 'Kept', password: 'secret one' });
      const response = await api.request('PUT', `/l/api/url/${id}/update`, {
        key: user.apikey,
        body: {
          url: 'https://example.com/after',
          custom: 'after',
          devicetarget: [{ device: 'Android', link: 'https://play.example.com' }],
        },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ error: 0, message: expect.any(String) });
      expect(await details(id)).toMatchObject({
        alias: 'after',
        longurl: 'https://example.com/after',
        title: 'Kept',
        password: true,
        // Stored and read back in normal form (a bare host gains its "/").
        devicetarget: [{ device: 'Android', link: 'https://play.example.com/' }],
      });
    });

    it('clears the password, the expiry, the domain and the campaign with "", "", "" and 0', async () => {
      const domain = await createDomain(api, user);
      const campaign = await createCampaign(api, user);
      const id = await createLink(api, user, { password: 'pass-word', expiry: '2099-01-01 00:00:00', domain: domain.domain, campaign });
      await api.request('PUT', `/l/api/url/${id}/update`, {
        key: user.apikey,
        body: { password: '', expiry: '', domain: '', campaign: 0 },
      });
      expect(await details(id)).toMatchObject({
        password: false,
        expiry: null,
        domain: null,
        campaign: null,
        shorturl: expect.stringMatching(`^${PUBLIC_URL}/`),
      });
    });

    it('replaces the pixels and adds a channel', async () => {
      const first = await createPixel(api, user);
      const second = await createPixel(api, user);
      const channel = await createChannel(api, user);
      const id = await createLink(api, user, { pixels: [first] });
      await api.request('PUT', `/l/api/url/${id}/update`, { key: user.apikey, body: { pixels: [second, second], channel } });
      expect(await details(id)).toMatchObject({ pixels: [second], channels: [channel] });
    });

    it('refuses an alias taken on the target domain and changes nothing', async () => {
      await createLink(api, user, { custom: 'occupied' });
      const id = await createLink(api, user, { custom: 'mine-here', title: 'Original' });
      const response = await api.request('PUT', `/l/api/url/${id}/update`, {
        key: user.apikey,
        body: { custom: 'occupied', title: 'Changed' },
      });
      expect(response.status).toBe(409);
      expect(await details(id)).toMatchObject({ alias: 'mine-here', title: 'Original' });
    });
  });

  describe('GET /urls', () => {
    it('puts newest first by the date a link shows, an imported one by its own date', async () => {
      const fresh = await createUser(api);
      const first = await createLink(api, fresh, { title: 'Made first' });
      const second = await createLink(api, fresh, { title: 'Made second' });
      const csv = `"keyword","url","title","timestamp","ip","clicks"\n"from-2025-${fresh.id}","https://example.org/old","Old","2025-03-01 10:00:00","203.0.113.7","0"\n`;
      const imported = await api.request('POST', '/l/api/urls/import?from=yourls', {
        key: fresh.apikey,
        rawBody: csv,
        headers: { 'content-type': 'text/csv' },
      });
      expect(imported.status).toBe(200);
      // Imported last, its id is the highest: it still comes last, by its date.
      const listed = (await api.request('GET', '/l/api/urls', { key: fresh.apikey })).body.data.urls as {
        id: number;
        alias: string;
        date: string;
      }[];
      expect(listed.map((link) => link.id).slice(0, 2)).toEqual([second, first]);
      expect(listed.at(-1)).toMatchObject({ alias: `from-2025-${fresh.id}`, date: '2025-03-01 10:00:00' });
    });

    it("lists the account's links newest first with the list fields", async () => {
      const first = await createLink(api, user, { title: 'First' });
      const second = await createLink(api, user, { title: 'Second', description: 'note' });
      const response = await api.request('GET', '/l/api/urls', { key: user.apikey });
      expect(response.body.error).toBe(0);
      expect(response.body.data.urls).toEqual([
        {
          id: second,
          alias: expect.any(String),
          shorturl: expect.stringMatching(`^${PUBLIC_URL}/`),
          longurl: expect.stringMatching(/^https:\/\/example\.com\/page\//),
          clicks: 0,
          title: 'Second',
          description: 'note',
          tags: [],
          archived: false,
          date: expect.any(String),
        },
        expect.objectContaining({ id: first, title: 'First' }),
      ]);
    });

    it('lists each link as its details show it: the same short URL (its branded domain too) and date', async () => {
      const domain = await createDomain(api, user);
      const branded = await createLink(api, user, { domain: domain.domain, title: 'Branded' });
      const plain = await createLink(api, user, { title: 'Plain' });
      const listed = (await api.request('GET', '/l/api/urls', { key: user.apikey })).body.data.urls as Record<string, unknown>[];
      for (const id of [branded, plain]) {
        const shown = await details(id);
        expect(listed.find((link) => link.id === id)).toEqual({
          id,
          alias: shown.alias,
          shorturl: shown.shorturl,
          longurl: shown.longurl,
          clicks: shown.clicks,
          title: shown.title,
          description: shown.description,
          tags: shown.tags,
          archived: shown.archived,
          date: shown.date,
        });
      }
      expect(listed.find((link) => link.id === branded)!.shorturl).toMatch(new RegExp(`^${domain.domain}/`));
      expect(listed.map((link) => link.date)).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), expect.any(String)]);
    });

    it('searches alias, URL, title and description with q, literally', async () => {
      const byTitle = await createLink(api, user, { title: 'Spring sale' });
      const byUrl = await createLink(api, user, { url: 'https://shop.example.com/spring' });
      await createLink(api, user, { title: 'Autumn', description: '100% off' });
      const spring = await api.request('GET', '/l/api/urls?q=spring', { key: user.apikey });
      expect(spring.body.data.urls.map((link: { id: number }) => link.id)).toEqual([byUrl, byTitle]);
      const percent = await api.request('GET', '/l/api/urls?q=%25', { key: user.apikey });
      expect(percent.body.data.result).toBe(1);
    });

    it('ignores a NUL character in q', async () => {
      await createLink(api, user, { title: 'Findable' });
      const response = await api.request('GET', '/l/api/urls?q=Find%00able', { key: user.apikey });
      expect(response.status).toBe(200);
      expect(response.body.data.result).toBe(1);
    });

    it('orders by clicks when asked', async () => {
      await createLink(api, user);
      const response = await api.request('GET', '/l/api/urls?order=clicks', { key: user.apikey });
      expect(response.status).toBe(200);
      expect(response.body.data.result).toBe(1);
    });
  });

  describe('DELETE /url/:id/delete', () => {
    it('deletes the link and its campaign and channel memberships', async () => {
      const campaign = await createCampaign(api, user);
      const channel = await createChannel(api, user);
      const id = await createLink(api, user, { campaign, channel });
      const response = await api.request('DELETE', `/l/api/url/${id}/delete`, { key: user.apikey });
      expect(response.status).toBe(200);
      expect((await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).status).toBe(404);
      const items = await api.request('GET', `/l/api/channel/${channel}`, { key: user.apikey });
      expect(items.body.data.items).toEqual([]);
      expect((await api.request('GET', '/l/api/campaigns', { key: user.apikey })).body.data.result).toBe(1);
    });

    it('frees the alias for a new link', async () => {
      const id = await createLink(api, user, { custom: 'recycled' });
      await api.request('DELETE', `/l/api/url/${id}/delete`, { key: user.apikey });
      expect(
        (await api.request('POST', '/l/api/url/add', { key: user.apikey, body: { url: 'https://example.com', custom: 'recycled' } }))
          .status,
      ).toBe(200);
    });
  });

  describe('what happens to links when what they use is deleted', () => {
    it("moves links of a deleted domain to the service's address", async () => {
      const domain = await createDomain(api, user);
      const id = await createLink(api, user, { domain: domain.domain, custom: 'moving-on' });
      expect((await api.request('DELETE', `/l/api/domain/${domain.id}/delete`, { key: user.apikey })).status).toBe(200);
      expect(await details(id)).toMatchObject({ domain: null, shorturl: `${PUBLIC_URL}/moving-on` });
    });

    it("refuses to delete a domain whose link alias is already used on the service's address", async () => {
      const domain = await createDomain(api, user);
      await createLink(api, user, { custom: 'clash-alias' });
      const id = await createLink(api, user, { domain: domain.domain, custom: 'clash-alias' });
      const response = await api.request('DELETE', `/l/api/domain/${domain.id}/delete`, { key: user.apikey });
      expect(response.status).toBe(409);
      expect(await details(id)).toMatchObject({ domain: domain.domain });
      expect((await api.request('GET', '/l/api/domains', { key: user.apikey })).body.data.result).toBe(1);
    });

    it('turns links back to direct when their splash page or overlay is deleted', async () => {
      const splash = await createSplash(api, user);
      const overlay = await createOverlay(api, user);
      const splashed = await createLink(api, user, { type: String(splash) });
      const overlaid = await createLink(api, user, { type: `overlay-${overlay}` });
      expect((await api.request('DELETE', `/l/api/splash/${splash}/delete`, { key: user.apikey })).status).toBe(200);
      expect((await api.request('DELETE', `/l/api/overlay/${overlay}/delete`, { key: user.apikey })).status).toBe(200);
      expect((await details(splashed)).type).toBe('direct');
      expect((await details(overlaid)).type).toBe('direct');
    });

    it('detaches a deleted pixel from links', async () => {
      const kept = await createPixel(api, user);
      const dropped = await createPixel(api, user);
      const id = await createLink(api, user, { pixels: [kept, dropped] });
      expect((await api.request('DELETE', `/l/api/pixel/${dropped}/delete`, { key: user.apikey })).status).toBe(200);
      expect((await details(id)).pixels).toEqual([kept]);
    });

    it('unassigns links of a deleted campaign', async () => {
      const campaign = await createCampaign(api, user);
      const id = await createLink(api, user, { campaign });
      expect((await api.request('DELETE', `/l/api/campaign/${campaign}/delete`, { key: user.apikey })).status).toBe(200);
      expect(await details(id)).toMatchObject({ campaign: null });
    });
  });
  describe('GET /url/{id}/qr', () => {
    it('draws the short URL as a QR code, PNG at the asked size or SVG', async () => {
      const domain = await createDomain(api, user);
      const id = await createLink(api, user, { domain: domain.domain });
      const { shorturl } = await details(id);
      const png = await api.request('GET', `/l/api/url/${id}/qr?size=400`, { key: user.apikey });
      expect([png.status, png.headers['content-type']]).toEqual([200, 'image/png']);
      expect((await sharp(png.raw).metadata()).width).toBe(400);
      // The same image as a text QR code of the short URL: the code holds the short URL.
      const qr = await api.request('POST', '/l/api/qr/add', { key: user.apikey, body: { type: 'text', data: shorturl } });
      const reference = await api.request('GET', `${new URL(qr.body.link as string).pathname}?size=400`, { key: null });
      expect(png.raw.equals(reference.raw)).toBe(true);
      const svg = await api.request('GET', `/l/api/url/${id}/qr?format=svg`, { key: user.apikey });
      expect(svg.headers['content-type']).toBe('image/svg+xml');
      expect(svg.text).toMatch(/^<svg[^>]*>/);
    });

    it("answers 400 for a bad format or size and 404 for another account's link", async () => {
      const id = await createLink(api, user);
      for (const query of ['format=gif', 'size=99', 'size=1001', 'size=abc', 'format=png&format=svg']) {
        expect((await api.request('GET', `/l/api/url/${id}/qr?${query}`, { key: user.apikey })).status).toBe(400);
      }
      const other = await createUser(api);
      expect((await api.request('GET', `/l/api/url/${id}/qr`, { key: other.apikey })).status).toBe(404);
    });
  });
});
