import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { PUBLIC_URL, startApi, useApi } from './support/app';
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
  linkAlias,
  type TestUser,
} from './support/factories';
import { ANDROID, CHROME_MAC, FIREFOX, GOOGLEBOT, IPHONE, UK, US } from './support/visitors';

const HOSTILE = `<script>alert("x")</script>&'"`;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('the public side', () => {
  const api = useApi({ LOGO_FETCH_ALLOW_PRIVATE: 'true' });
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });

  /** A visit to a public path, from a browser unless told otherwise. */
  const visit = (
    path: string,
    options: {
      ua?: string;
      ip?: string;
      host?: string;
      headers?: Record<string, string>;
      method?: string;
      form?: string;
      outsideContract?: boolean;
    } = {},
  ) =>
    api.request(options.method ?? 'GET', path, {
      key: null,
      outsideContract: options.outsideContract,
      remoteAddress: options.ip ?? US,
      rawBody: options.form,
      headers: {
        'user-agent': options.ua ?? FIREFOX,
        ...(options.host ? { host: options.host } : {}),
        ...(options.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...options.headers,
      },
    });
  const aliasOf = (id: number) => linkAlias(api, user, id);
  const statsOf = (id: number) => api.request('GET', `/l/api/url/${id}`, { key: user.apikey }).then((response) => response.body.data);

  /** Clicks are written in batches about every second: write them now, then read the totals. */
  async function settledStats(id: number): Promise<Record<string, unknown>> {
    await api.flushClicks();
    return statsOf(id);
  }

  describe('GET /{alias}', () => {
    it("redirects to the URL with the link's parameters added", async () => {
      const id = await createLink(api, user, {
        url: 'https://example.com/page?a=1',
        parameters: [{ name: 'utm_source', value: 'linkyard' }],
      });
      const response = await visit(`/${await aliasOf(id)}`);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe('https://example.com/page?a=1&utm_source=linkyard');
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('answers an unknown alias with the 404 page', async () => {
      const response = await visit('/no-such-alias');
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    });

    it('no longer redirects once the link has expired', async () => {
      const expiry = new Date(Date.now() + 60_000).toISOString().slice(0, 19).replace('T', ' ');
      const id = await createLink(api, user, { url: 'https://example.com/soon-gone', expiry });
      const alias = await aliasOf(id);
      expect((await visit(`/${alias}`)).status).toBe(302);
      api.clock.advance(61_000);
      const expired = await visit(`/${alias}`);
      api.clock.reset();
      expect(expired.status).toBe(410);
      expect(expired.text).not.toContain('soon-gone');
    });

    it('asks for the password and never shows the URL until it is right', async () => {
      const id = await createLink(api, user, { url: 'https://example.com/secret-place', password: 'open sesame' });
      const alias = await aliasOf(id);
      const form = await visit(`/${alias}`);
      expect(form.status).toBe(200);
      expect(form.text).toContain('<form method="post">');
      expect(form.text).not.toContain('secret-place');
      const wrong = await visit(`/${alias}`, { method: 'POST', form: 'password=guess' });
      expect(wrong.status).toBe(401);
      expect(wrong.text).not.toContain('secret-place');
      const right = await visit(`/${alias}`, { method: 'POST', form: 'password=open%20sesame' });
      expect(right.status).toBe(302);
      expect(right.headers.location).toBe('https://example.com/secret-place');
    });

    it('sends visitors by country, device and language, and apps by deep link', async () => {
      const id = await createLink(api, user, {
        url: 'https://example.com/default',
        geotarget: [{ location: 'United Kingdom', link: 'https://example.co.uk/' }],
        devicetarget: [{ device: 'Android', link: 'https://example.com/android' }],
        languagetarget: [{ language: 'fr', link: 'https://example.fr/' }],
        deeplink: { auto: true, apple: 'exampleapp://open' },
      });
      const alias = await aliasOf(id);
      expect((await visit(`/${alias}`, { ip: UK, ua: ANDROID })).headers.location).toBe('https://example.co.uk/');
      expect((await visit(`/${alias}`, { ua: ANDROID })).headers.location).toBe('https://example.com/android');
      expect((await visit(`/${alias}`, { headers: { 'accept-language': 'de;q=0.5, fr-FR' } })).headers.location).toBe(
        'https://example.fr/',
      );
      expect((await visit(`/${alias}`, { ua: IPHONE })).headers.location).toBe('exampleapp://open');
      expect((await visit(`/${alias}`)).headers.location).toBe('https://example.com/default');
    });

    it('shows a frame, a splash page or an overlay, escaping what users stored', async () => {
      const splash = await createSplash(api, user, { name: 'S', title: HOSTILE, text: HOSTILE, delay: 3 });
      const overlay = await createOverlay(api, user, { name: 'O', message: HOSTILE, label: HOSTILE, link: 'https://shop.example.com/' });
      const frame = await visit(
        `/${await aliasOf(await createLink(api, user, { url: 'https://example.com/framed', type: 'frame', title: HOSTILE }))}`,
      );
      const splashed = await visit(
        `/${await aliasOf(await createLink(api, user, { url: 'https://example.com/after', type: String(splash) }))}`,
      );
      const overlaid = await visit(
        `/${await aliasOf(await createLink(api, user, { url: 'https://example.com/under', type: `overlay-${overlay}` }))}`,
      );
      for (const page of [frame, splashed, overlaid]) {
        expect(page.status).toBe(200);
        expect(page.text).not.toContain('<script>alert');
      }
      expect(frame.text).toContain('<iframe src="https:&#47;&#47;example.com&#47;framed"');
      expect(frame.text).toContain('&#60;script&#62;alert');
      expect(splashed.text).toContain('<meta http-equiv="refresh" content="3;url=https:&#47;&#47;example.com&#47;after">');
      expect(overlaid.text).toContain('href="https:&#47;&#47;shop.example.com&#47;"');
    });

    it('passes through a page that loads the pixels, then moves on', async () => {
      const pixel = await createPixel(api, user, { type: 'fbpixel', tag: '123456789012345' });
      const response = await visit(
        `/${await aliasOf(await createLink(api, user, { url: 'https://example.com/tracked', pixels: [pixel] }))}`,
      );
      expect(response.status).toBe(200);
      expect(response.text).toContain('fbq(\'init\',"123456789012345")');
      expect(response.text).toContain('location.replace("https://example.com/tracked")');
    });

    it('follows changes to a link at once', async () => {
      const id = await createLink(api, user, { url: 'https://example.com/before' });
      const alias = await aliasOf(id);
      expect((await visit(`/${alias}`)).headers.location).toBe('https://example.com/before');
      await api.request('PUT', `/l/api/url/${id}/update`, { key: user.apikey, body: { url: 'https://example.com/after' } });
      expect((await visit(`/${alias}`)).headers.location).toBe('https://example.com/after');
      await api.request('DELETE', `/l/api/url/${id}/delete`, { key: user.apikey });
      expect((await visit(`/${alias}`)).status).toBe(404);
    });
  });

  describe('branded domains', () => {
    it('route by Host: links, the root and unknown aliases', async () => {
      const domain = await createDomain(api, user, {
        redirectroot: 'https://brand.example.com/',
        redirect404: 'https://brand.example.com/404',
      });
      const host = new URL(domain.domain).host;
      const id = await createLink(api, user, { url: 'https://example.com/branded', domain: domain.domain, custom: 'brand-link' });
      expect((await visit('/brand-link', { host })).headers.location).toBe('https://example.com/branded');
      expect((await visit('/brand-link')).status).toBe(404);
      expect((await visit('/', { host })).headers.location).toBe('https://brand.example.com/');
      expect((await visit('/nothing-here', { host })).headers.location).toBe('https://brand.example.com/404');
      expect((await visit('/a/deeper/path', { host, outsideContract: true })).headers.location).toBe('https://brand.example.com/404');
      expect(id).toBeGreaterThan(0);
    });

    it("show the service's pages when they have no redirects", async () => {
      const domain = await createDomain(api, user);
      const host = new URL(domain.domain).host;
      const root = await visit('/', { host });
      expect(root.status).toBe(200);
      expect(root.text).toContain('/l/api/docs');
      expect((await visit('/nothing-here', { host })).status).toBe(404);
    });
  });

  describe('campaigns', () => {
    it("rotate visits evenly over their links through the links' short URLs", async () => {
      const slug = `rot-${user.id}`;
      const campaign = await createCampaign(api, user, { slug });
      const links = [];
      for (let index = 0; index < 3; index += 1) links.push(await createLink(api, user, { campaign }));
      const shortUrls = await Promise.all(
        links.map(async (id) => (await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.details.shorturl),
      );
      const seen = new Map<string, number>();
      for (let index = 0; index < 6; index += 1) {
        const response = await visit(`/r/${slug}`);
        expect(response.status).toBe(302);
        seen.set(String(response.headers.location), (seen.get(String(response.headers.location)) ?? 0) + 1);
      }
      expect([...seen.keys()].sort()).toEqual([...shortUrls].sort());
      expect([...seen.values()]).toEqual([2, 2, 2]);
    });

    it('answer 404 for an empty or unknown rotator', async () => {
      const slug = `empty-${user.id}`;
      await createCampaign(api, user, { slug });
      expect((await visit(`/r/${slug}`)).status).toBe(404);
      expect((await visit('/r/never-made')).status).toBe(404);
    });

    it('list their public links publicly only while public, escaping names', async () => {
      const campaign = await createCampaign(api, user, { name: HOSTILE, public: true });
      const listed = await createLink(api, user, { campaign, title: HOSTILE, status: 'public' });
      const unlisted = await createLink(api, user, { campaign, title: 'Not for the page' });
      const list = await visit(`/c/${campaign}`);
      expect(list.status).toBe(200);
      expect(list.text).not.toContain('<script>alert');
      expect(list.text).toContain(`href="${PUBLIC_URL.replace(/\//g, '&#47;')}&#47;${await linkAlias(api, user, listed)}"`);
      expect(list.text).not.toContain('Not for the page');
      expect(list.text).not.toContain(`&#47;${await linkAlias(api, user, unlisted)}"`);
      await api.request('PUT', `/l/api/campaign/${campaign}/update`, { key: user.apikey, body: { name: 'Now private', public: false } });
      expect((await visit(`/c/${campaign}`)).status).toBe(404);
    });
  });

  describe('QR codes', () => {
    let logos: Server;
    let logoUrl: string;
    beforeAll(async () => {
      logos = createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
      await new Promise<void>((resolve) => logos.listen(0, '127.0.0.1', resolve));
      logoUrl = `http://127.0.0.1:${(logos.address() as AddressInfo).port}/logo.png`;
    });
    afterAll(() => {
      logos.closeAllConnections();
      logos.close();
    });

    const aliasOfQr = async (id: number) => {
      const link = (await api.request('GET', `/l/api/qr/${id}`, { key: user.apikey })).body.details.link as string;
      return new URL(link).pathname;
    };

    it("serve a PNG in the code's colors, at the size asked", async () => {
      const path = await aliasOfQr(await createQr(api, user, { background: 'rgb(250,240,230)', foreground: 'rgb(10,20,30)' }));
      const image = await api.request('GET', path, { key: null });
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      const { data, info } = await sharp(image.raw).raw().toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(300);
      expect([...data.subarray(0, 3)]).toEqual([250, 240, 230]);
      const large = await api.request('GET', `${path}?size=500`, { key: null });
      expect((await sharp(large.raw).metadata()).width).toBe(500);
    });

    it('serve SVG on request, with the logo', async () => {
      const path = await aliasOfQr(await createQr(api, user, { logo: logoUrl }));
      const svg = await api.request('GET', `${path}?format=svg`, { key: null });
      expect(svg.headers['content-type']).toBe('image/svg+xml');
      expect(svg.text).toContain('<image href="data:image/png;base64,');
    });

    it('refuse a size or format out of range, and unknown codes', async () => {
      const path = await aliasOfQr(await createQr(api, user));
      expect((await api.request('GET', `${path}?size=50`, { key: null })).status).toBe(400);
      expect((await api.request('GET', `${path}?format=gif`, { key: null })).status).toBe(400);
      expect((await api.request('GET', '/qr/nope1234', { key: null })).status).toBe(404);
    });

    it('count the scans of a dynamic code, whose target can change', async () => {
      const id = await createQr(api, user, { type: 'link', data: 'https://example.com/menu' });
      const alias = (await aliasOfQr(id)).split('/').pop()!;
      expect((await visit(`/u/${alias}`)).headers.location).toBe('https://example.com/menu');
      await api.request('PUT', `/l/api/qr/${id}/update`, { key: user.apikey, body: { data: 'https://example.com/new-menu' } });
      expect((await visit(`/u/${alias}`, { ip: UK })).headers.location).toBe('https://example.com/new-menu');
      await api.flushClicks();
      const detail = await api.request('GET', `/l/api/qr/${id}`, { key: user.apikey });
      expect(detail.body.details.scans).toBe(2);
      expect(detail.body.data).toMatchObject({ clicks: 2, uniqueClicks: 2, topCountries: { 'United States': '1', 'United Kingdom': '1' } });
      const staticCode = await aliasOfQr(await createQr(api, user));
      expect((await visit(`/u/${staticCode.split('/').pop()}`)).status).toBe(404);
    });
  });

  describe('click statistics', () => {
    it('count countries, referrers, browsers, systems, social sources and unique visitors, leaving bots out', async () => {
      const id = await createLink(api, user, { url: 'https://example.com/counted' });
      const alias = await aliasOf(id);
      await visit(`/${alias}`, { ip: UK, ua: CHROME_MAC, headers: { referer: 'https://www.facebook.com/some/post' } });
      await visit(`/${alias}`, { ip: UK, ua: CHROME_MAC, headers: { referer: 'https://www.facebook.com/other' } });
      await visit(`/${alias}`, { ip: US, ua: FIREFOX, headers: { referer: 'https://news.example.org/item' } });
      await visit(`/${alias}`, { ip: US, ua: IPHONE, headers: { referer: 'https://t.co/abc' } });
      await visit(`/${alias}`, { ip: US, ua: GOOGLEBOT });
      // A link checker asking with HEAD gets the redirect, and is no click.
      const checked = await visit(`/${alias}`, { ip: US, method: 'HEAD', outsideContract: true });
      expect(checked.status).toBe(302);
      expect(checked.headers.location).toBe('https://example.com/counted');
      const stats = await settledStats(id);
      await api.flushClicks();
      expect(await statsOf(id)).toEqual(stats);
      expect(stats).toEqual({
        clicks: 4,
        uniqueClicks: 3,
        topCountries: { 'United Kingdom': '2', 'United States': '2' },
        topReferrers: { 'facebook.com': '2', 'news.example.org': '1', 't.co': '1' },
        topBrowsers: { Chrome: '2', Firefox: '1', 'Mobile Safari': '1' },
        topOs: { 'Mac OS': '2', Windows: '1', iOS: '1' },
        socialCount: { facebook: 2, twitter: 1, instagram: 0 },
      });
      const listed = await api.request('GET', '/l/api/urls?order=clicks', { key: user.apikey });
      expect(listed.body.data.urls[0]).toMatchObject({ id, clicks: 4 });
    });

    it("answer a link's details, channels and top lists at once: ten referrers at most, most counted first, any name a key of its own", async () => {
      const pixels = [await createPixel(api, user), await createPixel(api, user)];
      const channels = [await createChannel(api, user), await createChannel(api, user)];
      const id = await createLink(api, user, { url: 'https://example.com/listed', pixels: [...pixels].reverse() });
      for (const channel of [...channels].reverse()) {
        expect((await api.request('POST', `/l/api/channel/${channel}/assign/links/${id}`, { key: user.apikey })).status).toBe(200);
      }
      const alias = await aliasOf(id);
      const referers = ['https://__proto__/x', 'https://__proto__/y', 'https://__proto__/z', 'https://пример.рф/', 'https://пример.рф/2'];
      for (let index = 0; index < 10; index += 1) referers.push(`https://site-${index}.example.org/`);
      // A link with pixels answers a page that fires them, then sends the visitor on: each is a click.
      for (const referer of referers) expect((await visit(`/${alias}`, { headers: { referer } })).status).toBe(200);
      await api.flushClicks();
      const read = await api.request('GET', `/l/api/url/${id}`, { key: user.apikey });
      expect(read.body.details).toMatchObject({ pixels: [...pixels].sort((a, b) => a - b), channels, clicks: 15 });
      const top = read.body.data.topReferrers as Record<string, string>;
      expect(Object.getPrototypeOf(top)).toBe(Object.prototype);
      expect(Object.entries(top)).toEqual([
        ['__proto__', '3'],
        ['xn--e1afmkfd.xn--p1ai', '2'],
        ...Array.from({ length: 8 }, (_, index) => [`site-${index}.example.org`, '1']),
      ]);
      expect((await api.request('GET', `/l/api/url/${id}`, { key: (await createUser(api)).apikey })).status).toBe(404);
    });

    it('loses no click across a clean stop', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'linkyard-stop-'));
      const durable = await startApi({ DATA_DIR: dataDir });
      try {
        const owner = await createUser(durable);
        const id = await createLink(durable, owner);
        const alias = await linkAlias(durable, owner, id);
        for (let index = 0; index < 25; index += 1) {
          const response = await durable.request('GET', `/${alias}`, {
            key: null,
            headers: { 'user-agent': FIREFOX },
            remoteAddress: `203.0.113.${index}`,
          });
          expect(response.status).toBe(302);
        }
        await durable.restart();
        const stats = (await durable.request('GET', `/l/api/url/${id}`, { key: owner.apikey })).body.data;
        expect(stats).toMatchObject({ clicks: 25, uniqueClicks: 25 });
      } finally {
        await durable.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
