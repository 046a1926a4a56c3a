import { parseRecordId } from '../common/record-id';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { parse as parseForm } from 'node:querystring';
import { logFailure, toErrorResponse } from '../common/error-response';
import { guessSource } from '../common/client-address';
import type { FixedWindowStorage } from '../infrastructure/fixed-window.storage';
import type { PasswordHasher } from '../modules/auth/password';
import type { RouteTable } from '../common/route-table';
import type { Click, OrphanKind } from '../modules/clicks/click';
import type { ClickRecorder } from '../modules/clicks/click-recorder';
import { randomBytes } from 'node:crypto';
import { Busy } from '../infrastructure/concurrency-limit';
import { sendOrClose } from '../common/reply';
import type { Clock } from '../common/clock';
import type { QueryParams, RawPathParams } from '../common/contract';
import { PUBLIC_PATHS } from '../common/public-urls';
import { isWebUrl, servableUrl, type UrlKind } from '../common/urls';
import { escapeHtml } from '../common/html';
import { messagePage, page, pageSecurityPolicy } from './html';
import { campaignListPage, framePage, overlayPage, passwordPage, pixelPage, splashPage } from './link-pages';
import { QR_SIZE, renderQr } from '../modules/qr/qr-image';
import { routeFor, type ServedBioPage, type ServedDomain, type ServedLink, type RedirectsService } from './redirects.service';
import { bioPageBody } from './bio-page';
import { bioPagePolicy } from '../modules/bio/bio-render';
import { analyseVisit, visitUtm, type Visit } from '../modules/clicks/visitor';
import type { VisitorSalt } from '../modules/clicks/visitor-salt';
import type { Metrics } from '../infrastructure/metrics';

const HTML = 'text/html; charset=utf-8';

/**
 * What a visit counts for: one of a link, a QR code, a bio page, a bio page's block or a branded
 * domain (an orphan visit, with what it reached and the alias asked for); for a link's A/B split,
 * the variant it went to.
 */
export type Target = Pick<Click, 'linkId' | 'qrId' | 'bioId' | 'blockId'> &
  Partial<Pick<Click, 'variant' | 'domainId' | 'orphan' | 'alias'>>;
/** The alias an orphan visit asked for as it is kept: without control characters, 100 characters at most. */
export function orphanAlias(alias: string): string {
  return Array.from(alias.replace(/\p{Cc}/gu, ''))
    .slice(0, 100)
    .join('');
}

/** A block id as a bio page's button addresses name it. */
const BLOCK_ID = /^[1-9][0-9]{0,9}$/;
/** A social block's icon number (`?i=`): 0 to 19. */
const ICON_INDEX = /^(0|[1-9][0-9]?)$/;

/** Password attempts allowed per minute: on one link from one address, and from one address in all. */
export const PASSWORD_ATTEMPTS_PER_LINK = 10;
export const PASSWORD_ATTEMPTS_PER_ADDRESS = 30;
const PASSWORD_WINDOW_MS = 60_000;

function hostOf(request: FastifyRequest): string {
  return request.hostname.toLowerCase();
}

/** An HTML page under the public pages' security policy, with a nonce for its own scripts. */
export function sendHtml(
  reply: FastifyReply,
  status: number,
  render: (nonce: string) => string,
  headers: Record<string, string> = {},
  sandbox = false,
): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .code(status)
    .type(HTML)
    .headers(headers)
    .header('Content-Security-Policy', pageSecurityPolicy(nonce, sandbox))
    .header('X-Frame-Options', 'DENY')
    .send(render(nonce));
}

/**
 * A 302 to a URL a user stored, only in its servable form (see common/urls): a URL that cannot be
 * sent is never written to a header; the visitor gets a page saying the link cannot be followed.
 */
export function sendRedirect(reply: FastifyReply, stored: string, kind: UrlKind = 'app'): FastifyReply {
  const location = servableUrl(stored, kind);
  if (location === null) {
    reply.log.warn({ reqId: reply.request.id }, 'a stored destination is not a URL that can be sent; answered 404');
    return sendHtml(reply, 404, () => messagePage('Not found', 'This link points to an address that cannot be opened.'));
  }
  return reply.redirect(location, 302);
}

/** 404 of the public side: the branded domain's `redirect404` when it has one, else a page. */
export function sendPageNotFound(reply: FastifyReply, domain: ServedDomain | null): FastifyReply {
  if (domain?.redirect404) return sendRedirect(reply, domain.redirect404, 'http');
  return sendHtml(reply, 404, () => messagePage('Not found', 'There is no link at this address.'));
}

/**
 * Something failed behind a public page: a page too (503 while the database is away), logged,
 * from a clean reply. When even that cannot be sent, the connection is closed; nothing a request
 * does may end the process.
 */
export function sendPageError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const response = toErrorResponse(error);
  const { status } = response;
  logFailure(request, response, error, 'public request failed');
  sendOrClose(reply, () =>
    status === 503
      ? sendHtml(reply, 503, () => messagePage('Unavailable', 'This service is unavailable for a moment. Try again shortly.'), {
          'Retry-After': '5',
        })
      : sendHtml(reply, 500, () => messagePage('Something went wrong', `The problem was logged as ${request.id}.`)),
  );
  return reply;
}

/** 405 in the API's envelope, for a path of the service's own asked with a method it does not serve. */
async function refuseMethod(reply: FastifyReply, path: string, allowed: string[]): Promise<FastifyReply> {
  await reply
    .code(405)
    .header('Allow', allowed.join(', '))
    .send({ error: 1, message: `Method ${reply.request.method} is not allowed on ${path}; use ${allowed.join(' or ')}.` });
  return reply;
}

/** What every answer to a visit of a link carries: it is never cached, and where it leads learns where the visitor came from. */
export const LINK_ANSWER = { cacheControl: 'no-store', referrerPolicy: 'no-referrer-when-downgrade' } as const;

/** The page shown on the way to a link's (servable) destination; null: none, a plain redirect. */
export function linkPage(link: ServedLink, destination: string): 'frame' | 'splash' | 'overlay' | 'pixels' | null {
  // Frames show web pages only; an app link (a deep link) is followed directly.
  const web = isWebUrl(destination);
  if (link.type === 'frame' && web) return 'frame';
  if (link.type === 'splash' && link.splash) return 'splash';
  if (link.type === 'overlay' && link.overlay && web) return 'overlay';
  return link.pixels.length > 0 ? 'pixels' : null;
}

/** What a visit tells, from its request's address and headers. */
export function visitFrom(ip: string, headers: IncomingHttpHeaders, salt: string): Visit {
  return analyseVisit(
    { ip, userAgent: String(headers['user-agent'] ?? ''), referer: headers.referer, acceptLanguage: headers['accept-language'] },
    salt,
  );
}

/**
 * Counts a visit, with the UTM values of the short URL's query or else of where it leads. A HEAD
 * request (a link checker, a preview asking what is there) is answered like a GET but is not a
 * visit: nobody was sent anywhere.
 */
export function visitRecorder(
  recorder: ClickRecorder,
  clock: Clock,
): (method: string, url: string, visit: Visit, target: Target, destination: string) => void {
  return (method, url, visit, target, destination) => {
    if (method === 'HEAD') return;
    const utm = visitUtm(url, destination);
    recorder.record({
      linkId: target.linkId,
      qrId: target.qrId,
      bioId: target.bioId,
      blockId: target.blockId,
      at: new Date(clock.now()),
      country: visit.country,
      referrer: visit.referrer,
      browser: visit.browser,
      os: visit.os,
      device: visit.device,
      social: visit.social,
      bot: visit.bot,
      visitor: visit.visitor,
      utmSource: utm.utmSource,
      utmMedium: utm.utmMedium,
      utmCampaign: utm.utmCampaign,
      variant: target.variant ?? null,
      domainId: target.domainId ?? null,
      orphan: target.orphan ?? null,
      alias: target.alias ?? null,
    });
  };
}

type Handler<R extends FastifyRequest> = (request: R, reply: FastifyReply) => Promise<FastifyReply>;

/** Runs a public route; whatever it throws becomes an error page (see sendPageError). */
export function safe<R extends FastifyRequest>(handler: Handler<R>): Handler<R> {
  return async (request, reply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      return sendPageError(request, reply, error);
    }
  };
}

/**
 * The public side, registered on Fastify directly so a click reaches the link lookup without
 * going through Nest's guards, pipes and interceptors: short links (and their password form),
 * QR images and scans, campaign rotators and lists, and the root of every domain.
 */
export function registerRedirectRoutes(
  fastify: FastifyInstance,
  service: RedirectsService,
  recorder: ClickRecorder,
  salt: VisitorSalt,
  storage: FixedWindowStorage,
  clock: Clock,
  metrics: Metrics,
  hasher: PasswordHasher,
  routes: RouteTable,
): void {
  const publicUrl = service.config.publicUrl;
  const ownHost = new URL(publicUrl).hostname.toLowerCase();

  /**
   * Seconds to wait before this address (an IPv6 address's /64) may try a link's password again;
   * 0: it may now. Every attempt counts (a right one too), per link and address and per address
   * over all links, in the same fixed windows as the API's rate limit (shared by instances through
   * Redis).
   */
  const passwordAttemptWait = async (request: FastifyRequest, linkId: number): Promise<number> => {
    const source = guessSource(request.ip);
    const [perLink, perAddress] = await Promise.all([
      storage.increment(`link-password:${linkId}:${source}`, PASSWORD_WINDOW_MS, PASSWORD_ATTEMPTS_PER_LINK),
      storage.increment(`link-password:${source}`, PASSWORD_WINDOW_MS, PASSWORD_ATTEMPTS_PER_ADDRESS),
    ]);
    return perLink.isBlocked || perAddress.isBlocked
      ? Math.max(perLink.isBlocked ? perLink.timeToExpire : 0, perAddress.isBlocked ? perAddress.timeToExpire : 0)
      : 0;
  };

  const visitOf = async (request: FastifyRequest): Promise<Visit> =>
    visitFrom(request.ip, request.headers, salt.value ?? (await salt.read()));

  const recordVisit = visitRecorder(recorder, clock);
  const record = (request: FastifyRequest, visit: Visit, target: Target, destination: string) =>
    recordVisit(request.method, request.url, visit, target, destination);

  /**
   * An orphan visit of a branded domain (one that reached no link): counted for the domain with
   * what it reached and the alias asked for. The service's own address belongs to no account.
   */
  const recordOrphan = async (request: FastifyRequest, domain: ServedDomain | null, orphan: OrphanKind, alias = '') => {
    if (!domain || request.method !== 'GET') return;
    const target = { linkId: null, qrId: null, bioId: null, blockId: null, domainId: domain.id, orphan, alias: orphanAlias(alias) };
    record(request, await visitOf(request), target, '');
  };

  const deliver = (reply: FastifyReply, link: ServedLink, target: string): FastifyReply => {
    reply.header('Cache-Control', LINK_ANSWER.cacheControl).header('Referrer-Policy', LINK_ANSWER.referrerPolicy);
    const destination = servableUrl(target);
    if (destination === null) return sendRedirect(reply, target);
    // An account's pixels on the service's own address run sandboxed (see SANDBOX in html.ts).
    const sandbox = link.pixels.length > 0 && hostOf(reply.request) === ownHost;
    switch (linkPage(link, destination)) {
      case 'frame':
        return sendHtml(reply, 200, (nonce) => framePage(link, destination, nonce), {}, sandbox);
      case 'splash':
        return sendHtml(reply, 200, (nonce) => splashPage(link, destination, nonce), {}, sandbox);
      case 'overlay':
        return sendHtml(reply, 200, (nonce) => overlayPage(link, destination, nonce), {}, sandbox);
      case 'pixels':
        return sendHtml(reply, 200, (nonce) => pixelPage(link, destination, nonce), {}, sandbox);
      case null:
        return reply.redirect(destination, 302);
    }
  };

  /**
   * A bio page: the visit is counted (UTM values from the page's address), and the page, rendered
   * once, is sent as it is, but for the nonce of a page with pixels (run sandboxed on the
   * service's own address). Never cached by browsers: each visit reaches the service.
   */
  const showBio = async (request: FastifyRequest, reply: FastifyReply, bio: ServedBioPage) => {
    record(request, await visitOf(request), { linkId: null, qrId: null, bioId: bio.id, blockId: null }, '');
    const nonce = bio.page.pixels.length > 0 ? randomBytes(16).toString('base64') : '';
    const policy = nonce ? bioPagePolicy(bio.page, nonce, hostOf(request) === ownHost) : bio.page.policy;
    return reply
      .code(200)
      .type(HTML)
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', policy)
      .header('X-Frame-Options', 'DENY')
      .send(bioPageBody(bio.page, nonce));
  };

  /**
   * A link past its expiry or its click limit: the expired link's page (410); before its start date,
   * the same page saying so. On a branded domain with a `redirect404`, a redirect there instead, as
   * for an alias that does not exist: the domain's owner chose where its dead addresses lead.
   */
  const sendUnavailable = (reply: FastifyReply, why: 'expired' | 'early', domain: ServedDomain | null) => {
    if (domain?.redirect404) return sendRedirect(reply, domain.redirect404, 'http');
    return why === 'early'
      ? sendHtml(reply, 410, () => messagePage('Link not active yet', 'This link is not active yet.'))
      : sendHtml(reply, 410, () => messagePage('Link expired', 'This link has expired.'));
  };

  const follow = async (request: FastifyRequest<{ Params: { alias: string } }>, reply: FastifyReply, password?: string) => {
    const domain = await service.domain(hostOf(request));
    const link = await service.link(domain, request.params.alias);
    if (!link) {
      // Links and bio pages share aliases: an alias no link holds may be a page's (shown to GET only).
      const bio = password === undefined ? await service.bio(domain, request.params.alias) : null;
      if (bio) return showBio(request, reply, bio);
      if (password === undefined) await recordOrphan(request, domain, 'unknown', request.params.alias);
      return sendPageNotFound(reply, domain);
    }
    const dates = service.dates(link);
    if (dates !== 'open') {
      if (password === undefined) await recordOrphan(request, domain, 'expired', request.params.alias);
      return sendUnavailable(reply, dates, domain);
    }
    if (link.passwordHash) {
      reply.header('Cache-Control', 'no-store');
      if (password === undefined) return sendHtml(reply, 200, () => passwordPage(false));
      const wait = await passwordAttemptWait(request, link.id);
      if (wait > 0) {
        metrics.refused('link_password');
        return sendHtml(reply, 429, () => messagePage('Too many attempts', `Too many password attempts. Try again in ${wait} seconds.`), {
          'Retry-After': String(wait),
        });
      }
      if (!(await hasher.verify(link.userId, password, link.passwordHash))) return sendHtml(reply, 401, () => passwordPage(true));
    }
    const visit = await visitOf(request);
    // The dates again (the visit took a moment to read), then the click limit, which counts a person
    // let through; a HEAD is no visit (it is not recorded), so it passes uncounted like a bot.
    const admitted = service.admit(link, visit.bot || request.method === 'HEAD');
    if (admitted !== 'open') {
      if (password === undefined) await recordOrphan(request, domain, 'expired', request.params.alias);
      return sendUnavailable(reply, admitted, domain);
    }
    const { destination, variant } = routeFor(link, visit);
    record(request, visit, { linkId: link.id, qrId: null, bioId: null, blockId: null, variant }, destination);
    return deliver(reply, link, destination);
  };

  fastify.get(
    '/',
    safe(async (request, reply) => {
      const domain = await service.domain(hostOf(request));
      await recordOrphan(request, domain, 'root');
      if (domain?.redirectRoot) return sendRedirect(reply, domain.redirectRoot, 'http');
      return sendHtml(reply, 200, () =>
        page(
          'Linkyard',
          `<main><h1>Linkyard</h1><p>Short links, QR codes and campaigns.</p>` +
            // The dashboard lives on the service's own address only, never on a branded domain.
            (domain ? '' : `<p><a class="button" href="${escapeHtml(`${publicUrl}/dashboard/`)}">Open the dashboard</a></p>`) +
            `<p>The API is described at <a href="/l/api/docs">/l/api/docs</a>.</p></main>`,
        ),
      );
    }),
  );

  fastify.get<{ Params: RawPathParams<'redirectAlias'> }>(
    '/:alias',
    safe((request, reply) => follow(request, reply)),
  );

  // The password form posts back to the short URL; form bodies are read here only, never by the API.
  void fastify.register((scope, _options, done) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, parseForm(body.toString())),
    );
    scope.post<{ Params: RawPathParams<'unlockAlias'>; Body: unknown }>(
      '/:alias',
      safe((request, reply) => {
        // `/healthz`, `/readyz`, `/metrics`: a path of the service's own, whose methods these are not.
        const own = routes.fixedMethodsFor(`/${request.params.alias}`).filter((method) => method !== 'HEAD');
        if (own.length > 0) return refuseMethod(reply, `/${request.params.alias}`, own);
        const password = (request.body as Record<string, unknown> | null)?.password;
        return follow(request, reply, typeof password === 'string' ? password : '');
      }),
    );
    done();
  });

  fastify.get<{ Params: RawPathParams<'rotateCampaign'> }>(
    `${PUBLIC_PATHS.rotator}/:slug`,
    safe(async (request, reply) => {
      const target = await service.rotate(request.params.slug);
      if (!target) return sendPageNotFound(reply, await service.domain(hostOf(request)));
      return sendRedirect(reply.header('Cache-Control', 'no-store'), target, 'http');
    }),
  );

  fastify.get<{ Params: RawPathParams<'campaignList'> }>(
    `${PUBLIC_PATHS.campaignList}/:id`,
    safe(async (request, reply) => {
      const id = parseRecordId(request.params.id);
      const campaign = id === null ? null : await service.publicCampaign(id);
      if (!campaign) return sendPageNotFound(reply, await service.domain(hostOf(request)));
      return sendHtml(reply, 200, () => campaignListPage(campaign));
    }),
  );

  fastify.get<{ Params: RawPathParams<'qrImage'>; Querystring: QueryParams<'qrImage'> }>(
    `${PUBLIC_PATHS.qrImage}/:alias`,
    safe(async (request, reply) => {
      const format = request.query.format ?? 'png';
      const size = request.query.size === undefined ? QR_SIZE.default : Number(request.query.size);
      if ((format !== 'png' && format !== 'svg') || !Number.isInteger(size) || size < QR_SIZE.min || size > QR_SIZE.max) {
        return sendHtml(reply, 400, () =>
          messagePage('Bad request', `format is png or svg; size is a whole number from ${QR_SIZE.min} to ${QR_SIZE.max}.`),
        );
      }
      const qr = await service.qr(request.params.alias);
      if (!qr) return sendPageNotFound(reply, await service.domain(hostOf(request)));
      const image = await renderQr(qr, publicUrl, format, size).catch((error: unknown) => {
        if (error instanceof Busy) return null;
        throw error;
      });
      if (image === null) {
        return sendHtml(reply, 503, () => messagePage('Busy', 'Too many images are being drawn right now. Try again in a moment.'), {
          'Retry-After': '1',
        });
      }
      if (format === 'svg') reply.header('Content-Security-Policy', "default-src 'none'; img-src data:; frame-ancestors 'none'");
      return reply
        .type(format === 'svg' ? 'image/svg+xml' : 'image/png')
        .header('Cache-Control', 'public, max-age=300')
        .send(image);
    }),
  );

  // A bio page's buttons: the click is counted on its block, then on to where the button goes.
  fastify.get<{ Params: RawPathParams<'followBioBlock'>; Querystring: QueryParams<'followBioBlock'> }>(
    '/:alias/b/:blockid',
    safe(async (request, reply) => {
      const domain = await service.domain(hostOf(request));
      const { blockid } = request.params;
      const icon = request.query.i ?? '0';
      const bio =
        BLOCK_ID.test(blockid) && typeof icon === 'string' && ICON_INDEX.test(icon)
          ? await service.bio(domain, request.params.alias)
          : null;
      const destination = bio?.targets[blockid]?.[Number(icon)];
      if (!destination) return sendPageNotFound(reply, domain);
      record(request, await visitOf(request), { linkId: null, qrId: null, bioId: null, blockId: Number(blockid) }, destination);
      return sendRedirect(reply.header('Cache-Control', 'no-store'), destination, 'http');
    }),
  );

  // A bio page's images: named by their content's hash, so they never change at an address.
  fastify.get<{ Params: RawPathParams<'bioPageImage'> }>(
    '/:alias/m/:file',
    safe(async (request, reply) => {
      const domain = await service.domain(hostOf(request));
      const bio = await service.bio(domain, request.params.alias);
      const id = bio && Object.hasOwn(bio.media, request.params.file) ? bio.media[request.params.file]! : undefined;
      const image = bio && id !== undefined ? await service.bioImage(bio, id) : null;
      if (!image) return sendPageNotFound(reply, domain);
      return reply
        .type(image.type)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
        .send(image.data);
    }),
  );

  // Every other GET outside the API: the public side's own 404 (the domain's redirect404, or a page).
  fastify.get(
    '/*',
    safe(async (request, reply) => sendPageNotFound(reply, await service.domain(hostOf(request)))),
  );

  // What a dynamic (link) QR code encodes: the scan is counted, then the visitor goes on.
  fastify.get<{ Params: RawPathParams<'scanQr'> }>(
    `${PUBLIC_PATHS.qrScan}/:alias`,
    safe(async (request, reply) => {
      const qr = await service.qr(request.params.alias);
      if (!qr || qr.type !== 'link') return sendPageNotFound(reply, await service.domain(hostOf(request)));
      const destination = typeof qr.data === 'string' ? qr.data : '';
      record(request, await visitOf(request), { linkId: null, qrId: qr.id, bioId: null, blockId: null }, destination);
      return sendRedirect(reply.header('Cache-Control', 'no-store'), destination, 'http');
    }),
  );
}
