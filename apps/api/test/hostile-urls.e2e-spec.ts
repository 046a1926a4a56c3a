import { DataSource } from 'typeorm';
import { NormalUrls1764000000000 } from '../src/database/migrations/1764000000000-normal-urls';
import { RedirectCache } from '../src/redirects/redirect-cache';
import { useApi } from './support/app';
import { createDomain, createLink, createOverlay, createQr, createSplash, createUser, type TestUser } from './support/factories';
import { ANDROID, FIREFOX, IPHONE, UK } from './support/visitors';

/** URLs that cannot go into a header as typed, and the one form each is stored and served in. */
const UNENCODED: [string, string, string][] = [
  ['a non-Latin path', 'https://ja.wikipedia.org/wiki/日本', 'https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC'],
  ['a currency sign', 'https://example.com/price/€', 'https://example.com/price/%E2%82%AC'],
  ['a Latin-1 letter', 'https://example.com/café', 'https://example.com/caf%C3%A9'],
  ['a control character', 'https://example.com/a\u0001b', 'https://example.com/a%01b'],
  ['an international host', 'https://bücher.example/', 'https://xn--bcher-kva.example/'],
  ['non-Latin query and fragment', 'https://example.com/?q=日本#目次', 'https://example.com/?q=%E6%97%A5%E6%9C%AC#%E7%9B%AE%E6%AC%A1'],
];

const UNSAFE_SCHEMES = [
  'javascript:alert(document.domain)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://example.com/1',
];

describe('URLs users store', () => {
  const api = useApi();
  let user: TestUser;

  beforeAll(async () => {
    user = await createUser(api);
  });

  const visit = (path: string, options: { ua?: string; ip?: string; host?: string; headers?: Record<string, string> } = {}) =>
    api.request('GET', path, {
      key: null,
      remoteAddress: options.ip ?? '8.8.8.8',
      headers: { 'user-agent': options.ua ?? FIREFOX, ...(options.host ? { host: options.host } : {}), ...options.headers },
    });
  const details = async (id: number) => (await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.details;

  describe('GET /{alias} with a destination typed with characters a header cannot carry', () => {
    it.each(UNENCODED)('stores %s once in normal form and redirects to it', async (_what, typed, normal) => {
      const id = await createLink(api, user, { url: typed });
      const link = await details(id);
      expect(link.longurl).toBe(normal);
      const response = await visit(`/${link.alias}`);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe(normal);
    });

    it('normalizes country, device and language targets and app links', async () => {
      const id = await createLink(api, user, {
        url: 'https://example.com/default',
        geotarget: [{ location: 'GB', link: 'https://example.co.uk/日本' }],
        devicetarget: [{ device: 'Android', link: 'https://example.com/€' }],
        languagetarget: [{ language: 'fr', link: 'https://example.fr/café' }],
        deeplink: { auto: true, apple: 'exampleapp://open/日本', google: 'intent://scan/é#Intent;scheme=zxing;end' },
      });
      const { alias } = await details(id);
      expect((await visit(`/${alias}`, { ip: UK })).headers.location).toBe('https://example.co.uk/%E6%97%A5%E6%9C%AC');
      expect((await visit(`/${alias}`, { ua: ANDROID })).headers.location).toBe('https://example.com/%E2%82%AC');
      expect((await visit(`/${alias}`, { headers: { 'accept-language': 'fr' } })).headers.location).toBe('https://example.fr/caf%C3%A9');
      expect((await visit(`/${alias}`, { ua: IPHONE })).headers.location).toBe('exampleapp://open/%E6%97%A5%E6%9C%AC');
    });

    it("normalizes a branded domain's root and 404 redirects", async () => {
      const domain = await createDomain(api, user, {
        redirectroot: 'https://brand.example/ホーム',
        redirect404: 'https://brand.example/€404',
      });
      const host = new URL(domain.domain).host;
      expect((await visit('/', { host })).headers.location).toBe('https://brand.example/%E3%83%9B%E3%83%BC%E3%83%A0');
      expect((await visit('/not-a-link', { host })).headers.location).toBe('https://brand.example/%E2%82%AC404');
    });

    it('normalizes what a dynamic QR code sends a scan to', async () => {
      const id = await createQr(api, user, { type: 'link', data: 'https://example.com/menü' });
      const link = (await api.request('GET', `/l/api/qr/${id}`, { key: user.apikey })).body.details.link as string;
      const scan = await visit(`/u/${link.split('/').pop()}`);
      expect(scan.status).toBe(302);
      expect(scan.headers.location).toBe('https://example.com/men%C3%BC');
    });

    it('serves rows written before normalization without failing, and the migration brings them to normal form', async () => {
      const id = await createLink(api, user, { url: 'https://example.com/placeholder' });
      const { alias } = await details(id);
      const db = api.linkyard.app.get(DataSource);
      await db.query(`UPDATE links SET url = $2, geotarget = $3, deeplink = $4 WHERE id = $1`, [
        id,
        'https://ja.wikipedia.org/wiki/日本',
        JSON.stringify([{ location: 'GB', country: 'GB', link: 'https://example.co.uk/a^b%zz' }]),
        JSON.stringify({ auto: true, apple: 'javascript:alert(1)', google: '' }),
      ]);
      await api.linkyard.app.get(RedirectCache).drop('*');
      // Served in normal form straight away, and the service keeps answering.
      expect((await visit(`/${alias}`)).headers.location).toBe('https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC');
      expect((await visit(`/${alias}`, { ip: UK })).headers.location).toBe('https://example.co.uk/a^b%zz');
      const iphone = await visit(`/${alias}`, { ua: IPHONE });
      expect(iphone.headers.location).toBeUndefined();
      expect(iphone.status).toBe(404);
      expect((await visit(`/${alias}`)).status).toBe(302);

      const runner = db.createQueryRunner();
      try {
        await new NormalUrls1764000000000().up(runner);
      } finally {
        await runner.release();
      }
      const [row] = await db.query(`SELECT url, geotarget, deeplink FROM links WHERE id = $1`, [id]);
      expect(row).toEqual({
        url: 'https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC',
        geotarget: [{ location: 'GB', country: 'GB', link: 'https://example.co.uk/a%5Eb%25zz' }],
        deeplink: { auto: true, apple: '', google: '' },
      });
    });
  });

  describe('schemes that run code or read local files', () => {
    it.each(UNSAFE_SCHEMES)('are refused as a deep link: %s', async (url) => {
      for (const field of ['apple', 'google']) {
        const response = await api.request('POST', '/l/api/url/add', {
          key: user.apikey,
          body: { url: 'https://example.com/', deeplink: { auto: true, [field]: url } },
        });
        expect(response.status).toBe(400);
        expect(response.body.message).toContain(`"deeplink.${field}"`);
      }
    });

    it.each(UNSAFE_SCHEMES)('are refused everywhere else a URL is stored: %s', async (url) => {
      const attempts: [string, string, unknown][] = [
        ['POST', '/l/api/url/add', { url }],
        ['POST', '/l/api/url/add', { url: 'https://example.com/', metaimage: url }],
        ['POST', '/l/api/url/add', { url: 'https://example.com/', geotarget: [{ location: 'GB', link: url }] }],
        ['POST', '/l/api/url/add', { url: 'https://example.com/', devicetarget: [{ device: 'iPhone', link: url }] }],
        ['POST', '/l/api/url/add', { url: 'https://example.com/', languagetarget: [{ language: 'fr', link: url }] }],
        ['POST', '/l/api/domain/add', { domain: 'https://unsafe-scheme.example.com', redirectroot: url }],
        ['POST', '/l/api/domain/add', { domain: 'https://unsafe-scheme.example.com', redirect404: url }],
        ['POST', '/l/api/qr/add', { type: 'link', data: url }],
        ['POST', '/l/api/overlay/add', { type: 'message', name: 'O', message: 'M', link: url }],
        ['POST', '/l/api/splash/add', { name: 'S', title: 'T', image: url }],
        ['POST', '/l/api/qr/add', { type: 'text', data: 'x', logo: url }],
      ];
      for (const [method, path, body] of attempts) {
        const response = await api.request(method, path, { key: user.apikey, body });
        expect({ path, body, status: response.status }).toEqual({ path, body, status: 400 });
      }
    });
  });

  describe('pages that show a destination', () => {
    it('carry a policy that runs only their own scripts, and no inline handlers', async () => {
      const overlay = await createOverlay(api, user, { link: 'https://shop.example.com/' });
      const splash = await createSplash(api, user);
      for (const type of ['frame', `overlay-${overlay}`, String(splash)]) {
        const { alias } = await details(await createLink(api, user, { url: 'https://example.com/page', type }));
        const page = await visit(`/${alias}`);
        expect(page.status).toBe(200);
        const policy = String(page.headers['content-security-policy']);
        const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
        expect(nonce).toBeDefined();
        expect(policy).toContain("frame-ancestors 'none'");
        expect(policy).toContain("object-src 'none'");
        expect(page.headers['x-content-type-options']).toBe('nosniff');
        expect(page.text).not.toMatch(/\son[a-z]+=/i);
        for (const script of page.text.match(/<script[^>]*>/g) ?? []) expect(script).toContain(`nonce="${nonce}"`);
      }
    });

    it('follow an app link directly instead of framing it', async () => {
      const { alias } = await details(
        await createLink(api, user, {
          url: 'https://example.com/page',
          type: 'frame',
          deeplink: { auto: true, apple: 'exampleapp://open' },
        }),
      );
      const response = await visit(`/${alias}`, { ua: IPHONE });
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe('exampleapp://open');
    });
  });
});
