import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../common/html';
import { messagePage, page } from '../redirects/html';
import { safe, sendHtml, sendPageNotFound } from '../redirects/redirect-routes';
import type { RedirectsService } from '../redirects/redirects.service';
import { EMBED_ORIGINS } from '../modules/bio/bio-embeds';

/** Where the dashboard is served, on the service's own address only. */
export const DASHBOARD_PATH = '/dashboard';

/**
 * The dashboard's policy: its own scripts and styles only (no inline script, no eval), its own
 * API, images it made itself (QR codes as blob: URLs) and account avatars, frames of its own
 * address only (the previews of public pages and the bio page editor's preview, which run
 * sandboxed); it cannot be framed, nor post forms elsewhere, nor move its base URL.
 */
export const DASHBOARD_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: https://www.gravatar.com",
  "connect-src 'self'",
  "frame-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The frame the bio page editor shows its preview in (apps/web/bio-preview.html). */
const PREVIEW_FRAME = `${DASHBOARD_PATH}/bio-preview.html`;
/** Its script: loaded by a sandboxed (opaque-origin) page, so fetched across origins, in CORS mode. */
const PREVIEW_SCRIPT = /\/assets\/bio-preview-[A-Za-z0-9_-]+\.js$/;

/**
 * The preview frame's policy. The editor frames it sandboxed without allow-same-origin (an opaque
 * origin: nothing in it acts with the viewer's session) and sends it the page the service drew,
 * which it shows in its own document: its script, the page's inline style, its images (data:
 * URLs) and the players' frames load; nothing else, no form goes anywhere, and only the
 * dashboard's own pages may frame it.
 */
export const PREVIEW_FRAME_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  `frame-src ${Object.values(EMBED_ORIGINS).join(' ')}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** Hashed assets never change under their name: a year, immutable. */
const ASSET_CACHE = 'public, max-age=31536000, immutable';

/** The built dashboard (apps/web/dist), or null when it was not built. */
export function dashboardFiles(): string | null {
  try {
    const root = join(dirname(require.resolve('@linkyard/web/package.json')), 'dist');
    return existsSync(join(root, 'index.html')) ? root : null;
  } catch {
    return null;
  }
}

/**
 * The dashboard (apps/web, a single-page app) at `{PUBLIC_URL}/dashboard/`: its hashed assets with
 * long-lived caching, `index.html` never cached, and every other path under /dashboard/ answered
 * with `index.html` so the app's own routes load on a reload or a shared address. Served on the
 * service's own host only: on a branded domain it would be a sign-in page on a customer's domain.
 */
export function registerDashboard(fastify: FastifyInstance, service: RedirectsService, root: string | null = dashboardFiles()): void {
  const publicUrl = service.config.publicUrl;
  const ownHost = new URL(publicUrl).hostname.toLowerCase();

  void fastify.register(async (scope) => {
    // Elsewhere than the service's own host: a branded domain's 404, or a pointer to the right address.
    scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.hostname.toLowerCase() === ownHost) return;
      const domain = await service.domain(request.hostname.toLowerCase());
      if (domain) return sendPageNotFound(reply, domain);
      const address = `${publicUrl}${DASHBOARD_PATH}/`;
      return sendHtml(reply, 404, () =>
        page(
          'Linkyard dashboard',
          `<main><h1>Linkyard dashboard</h1><p>The dashboard is at <a href="${escapeHtml(address)}">${escapeHtml(address)}</a>.</p></main>`,
        ),
      );
    });

    scope.get(DASHBOARD_PATH, (_request, reply) => reply.redirect(`${DASHBOARD_PATH}/`, 301));

    if (root === null) {
      const notBuilt = safe(async (_request: FastifyRequest, reply: FastifyReply) =>
        sendHtml(
          reply,
          503,
          () => messagePage('Dashboard not built', 'The dashboard was not built: run pnpm build, then start the service again.'),
          {
            'Cache-Control': 'no-store',
          },
        ),
      );
      scope.get(`${DASHBOARD_PATH}/`, notBuilt);
      scope.get(`${DASHBOARD_PATH}/*`, notBuilt);
      return;
    }

    scope.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode < 400 && String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
        const frame = request.url.split('?', 1)[0] === PREVIEW_FRAME;
        reply
          .header('Content-Security-Policy', frame ? PREVIEW_FRAME_POLICY : DASHBOARD_POLICY)
          .header('Cache-Control', 'no-store')
          .header('X-Frame-Options', frame ? 'SAMEORIGIN' : 'DENY')
          .header('Referrer-Policy', 'same-origin')
          .header('Cross-Origin-Opener-Policy', 'same-origin');
      }
      return payload;
    });

    await scope.register(fastifyStatic, {
      root,
      prefix: `${DASHBOARD_PATH}/`,
      // One route per built file, found now; every other path is the app's (below).
      wildcard: false,
      index: false,
      serveDotFiles: false,
      cacheControl: false,
      setHeaders(reply, path) {
        if (path.includes('/assets/')) void reply.header('Cache-Control', ASSET_CACHE);
        if (PREVIEW_SCRIPT.test(path)) void reply.header('Access-Control-Allow-Origin', '*');
      },
    });

    const sendApp = (_request: FastifyRequest, reply: FastifyReply) => reply.sendFile('index.html');
    scope.get(`${DASHBOARD_PATH}/`, sendApp);
    scope.get(
      `${DASHBOARD_PATH}/*`,
      safe(async (request, reply) => {
        // A missing asset is a 404, not the app: a stale page must not run HTML as a script.
        if (request.url.startsWith(`${DASHBOARD_PATH}/assets/`)) return sendPageNotFound(reply, null);
        return sendApp(request, reply);
      }),
    );
  });
}
