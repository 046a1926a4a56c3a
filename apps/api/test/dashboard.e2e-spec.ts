import Fastify from 'fastify';
import { registerDashboard } from '../src/dashboard/dashboard-routes';
import { escapeHtml } from '../src/common/html';
import type { RedirectsService } from '../src/redirects/redirects.service';
import { PUBLIC_URL, useApi } from './support/app';
import { createDomain, createLink, createPixel, createSplash, createUser } from './support/factories';

/** How the service serves the dashboard's files (apps/web/dist, built before the tests). */
describe('the dashboard, as served', () => {
  const api = useApi();
  const own = { key: null, outsideContract: true, headers: { host: new URL(PUBLIC_URL).host } } as const;

  it('is linked from the home page of the service, and not from a branded domain', async () => {
    const home = await api.request('GET', '/', { ...own, outsideContract: false });
    expect(home.text).toContain(`href="${escapeHtml(`${PUBLIC_URL}/dashboard/`)}"`);
    const user = await createUser(api);
    const { domain } = await createDomain(api, user);
    const branded = await api.request('GET', '/', { key: null, headers: { host: new URL(domain).host } });
    expect(branded.text).not.toContain('/dashboard/');
  });

  it('answers its page under a strict policy, never cached, for every route of the app', async () => {
    for (const path of ['/dashboard/', '/dashboard/links', '/dashboard/links/42/edit', '/dashboard/account']) {
      const response = await api.request('GET', path, own);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
      // Each directive once: a browser ignores a repeated one and says so on every page.
      const directives = policy.split(';').map((directive) => directive.trim().split(' ', 1)[0]);
      expect(new Set(directives).size).toBe(directives.length);
      expect(response.headers['x-frame-options']).toBe('DENY');
      // Its scripts are files of its own: nothing inline.
      expect(response.text).toMatch(/<script type="module" crossorigin src="\/dashboard\/assets\/[\w-]+\.js"><\/script>/);
      expect(response.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
    const bare = await api.request('GET', '/dashboard', own);
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/dashboard/');
  });

  it("frames its own pages only, and serves the bio page editor's preview frame under a policy of its own", async () => {
    const app = await api.request('GET', '/dashboard/bio/7/edit', own);
    expect(String(app.headers['content-security-policy'])).toContain("frame-src 'self'");
    const frame = await api.request('GET', '/dashboard/bio-preview.html', own);
    expect(frame.status).toBe(200);
    expect(frame.headers['cache-control']).toBe('no-store');
    // Framed by the dashboard (sandboxed, in an opaque origin): its script, the page's inline style, data: images, the players.
    expect(frame.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src data:; " +
        'frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://open.spotify.com https://w.soundcloud.com; ' +
        "base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
    );
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(frame.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    // Its script is fetched by an opaque origin, in CORS mode; the app's scripts are not offered to other origins.
    const script = /src="(\/dashboard\/assets\/bio-preview-[^"]+\.js)"/.exec(frame.text)![1]!;
    expect((await api.request('GET', script, own)).headers['access-control-allow-origin']).toBe('*');
    const appScript = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(app.text)![1]!;
    expect((await api.request('GET', appScript, own)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('caches its hashed assets for a year, and answers a missing one with a 404', async () => {
    const page = await api.request('GET', '/dashboard/', own);
    const script = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(page.text)![1]!;
    const asset = await api.request('GET', script, own);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await api.request('GET', '/dashboard/assets/index-0000000.js', own);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
  });

  it("is served on the service's own address only: a branded domain answers its 404", async () => {
    const user = await createUser(api);
    const { domain } = await createDomain(api, user, { redirect404: 'https://example.com/not-here' });
    const branded = await api.request('GET', '/dashboard/', { key: null, outsideContract: true, headers: { host: new URL(domain).host } });
    expect(branded.status).toBe(302);
    expect(branded.headers.location).toBe('https://example.com/not-here');
    const asset = await api.request('GET', '/dashboard/favicon.svg', {
      key: null,
      outsideContract: true,
      headers: { host: new URL(domain).host },
    });
    expect(asset.status).toBe(302);
    // Another name of the service itself (an address, not a branded domain) points to the right one.
    const other = await api.request('GET', '/dashboard/links', { key: null, outsideContract: true, headers: { host: '127.0.0.1' } });
    expect(other.status).toBe(404);
    expect(other.text).toContain(escapeHtml(`${PUBLIC_URL}/dashboard/`));
  });

  it("runs an account's pixels on the service's own address in an opaque origin, so they cannot use a visitor's session", async () => {
    const user = await createUser(api);
    const pixel = await createPixel(api, user);
    const splash = await createSplash(api, user, { delay: 30 });
    const { domain } = await createDomain(api, user);
    const policyOf = async (host: string, body: Record<string, unknown>) => {
      const id = await createLink(api, user, { url: 'https://example.com/', ...body });
      const alias = (await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.details.alias as string;
      const page = await api.request('GET', `/${alias}`, { key: null, headers: { host } });
      expect(page.status).toBe(200);
      return String(page.headers['content-security-policy']);
    };
    const ownHost = new URL(PUBLIC_URL).host;
    for (const body of [{ pixels: [pixel] }, { pixels: [pixel], type: String(splash) }, { pixels: [pixel], type: 'frame' }]) {
      const policy = await policyOf(ownHost, body);
      expect(policy).toMatch(/; sandbox allow-scripts /);
      expect(policy).not.toContain('allow-same-origin');
    }
    // Without pixels, or on a branded domain (no sessions there), pages keep their origin.
    expect(await policyOf(ownHost, { type: String(splash) })).not.toContain('sandbox');
    expect(await policyOf(new URL(domain).host, { pixels: [pixel], domain })).not.toContain('sandbox');
  });

  it('says so when the dashboard was not built', async () => {
    const fastify = Fastify();
    const service = { config: { publicUrl: PUBLIC_URL }, domain: () => Promise.resolve(null) } as unknown as RedirectsService;
    registerDashboard(fastify, service, null);
    const response = await fastify.inject({ method: 'GET', url: '/dashboard/links', headers: { host: new URL(PUBLIC_URL).host } });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('run pnpm build');
    await fastify.close();
  });
});
