import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseForm } from 'node:querystring';
import { toErrorResponse } from '../common/error-response';
import { verifyPassword } from '../common/password';
import type { ClickRecorder } from './click-recorder';
import { escapeHtml, messagePage, page } from './html';
import { framePage, overlayPage, passwordPage, pixelPage, splashPage } from './link-pages';
import { QR_SIZE, renderQr } from './qr-image';
import { destinationFor, type PublicDomain, type PublicLink, type PublicService } from './public.service';
import { analyseVisit } from './visitor';

const HTML = 'text/html; charset=utf-8';

function hostOf(request: FastifyRequest): string {
  return request.hostname.toLowerCase();
}

/** 404 of the public side: the branded domain's `redirect404` when it has one, else a page. */
export function sendPageNotFound(reply: FastifyReply, domain: PublicDomain | null): FastifyReply {
  if (domain?.redirect404) return reply.redirect(domain.redirect404, 302);
  return reply.code(404).type(HTML).send(messagePage('Not found', 'There is no link at this address.'));
}

/** Something failed behind a public page: a page too (503 while the database is away), logged. */
function sendPageError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const { status } = toErrorResponse(error);
  request.log.error({ err: error, reqId: request.id }, 'public request failed');
  return status === 503
    ? reply.code(503).type(HTML).send(messagePage('Unavailable', 'This service is unavailable for a moment. Try again shortly.'))
    : reply.code(500).type(HTML).send(messagePage('Something went wrong', `The problem was logged as ${request.id}.`));
}

type Handler<R extends FastifyRequest> = (request: R, reply: FastifyReply) => Promise<FastifyReply>;

function safe<R extends FastifyRequest>(handler: Handler<R>): Handler<R> {
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
export function registerPublicRoutes(fastify: FastifyInstance, service: PublicService, recorder: ClickRecorder): void {
  const publicUrl = service.config.publicUrl;

  const record = async (request: FastifyRequest, target: { linkId: number | null; qrId: number | null }) => {
    const visit = analyseVisit(
      {
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
        referer: request.headers.referer,
        acceptLanguage: request.headers['accept-language'],
      },
      recorder.salt ?? (await recorder.visitorSalt()),
    );
    recorder.record({
      linkId: target.linkId,
      qrId: target.qrId,
      at: new Date(),
      country: visit.country,
      referrer: visit.referrer,
      browser: visit.browser,
      os: visit.os,
      device: visit.device,
      social: visit.social,
      bot: visit.bot,
      visitor: visit.visitor,
    });
    return visit;
  };

  const deliver = (reply: FastifyReply, link: PublicLink, destination: string): FastifyReply => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer-when-downgrade');
    if (link.type === 'frame') return reply.type(HTML).send(framePage(link, destination));
    if (link.type === 'splash' && link.splash) return reply.type(HTML).send(splashPage(link, destination));
    if (link.type === 'overlay' && link.overlay) return reply.type(HTML).send(overlayPage(link, destination));
    if (link.pixels.length > 0) return reply.type(HTML).send(pixelPage(link, destination));
    return reply.redirect(destination, 302);
  };

  const follow = async (request: FastifyRequest<{ Params: { alias: string } }>, reply: FastifyReply, password?: string) => {
    const domain = await service.domain(hostOf(request));
    const link = await service.link(domain, request.params.alias);
    if (!link) return sendPageNotFound(reply, domain);
    if (link.expiresAt !== null && link.expiresAt <= Date.now()) {
      return reply.code(410).type(HTML).send(messagePage('Link expired', 'This link has expired.'));
    }
    if (link.passwordHash) {
      reply.header('Cache-Control', 'no-store');
      if (password === undefined) return reply.type(HTML).send(passwordPage(false));
      if (!(await verifyPassword(password, link.passwordHash))) return reply.code(401).type(HTML).send(passwordPage(true));
    }
    const visit = await record(request, { linkId: link.id, qrId: null });
    return deliver(reply, link, destinationFor(link, visit));
  };

  fastify.get('/', safe(async (request, reply) => {
    const domain = await service.domain(hostOf(request));
    if (domain?.redirectRoot) return reply.redirect(domain.redirectRoot, 302);
    return reply
      .type(HTML)
      .send(page('Linkyard', `<main><h1>Linkyard</h1><p>Short links, QR codes and campaigns. The API is described at <a href="/l/api/docs">/l/api/docs</a>.</p></main>`));
  }));

  fastify.get<{ Params: { alias: string } }>('/:alias', safe((request, reply) => follow(request, reply)));

  // The password form posts back to the short URL; form bodies are read here only, never by the API.
  void fastify.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, parseForm(body.toString())),
    );
    scope.post<{ Params: { alias: string }; Body: unknown }>(
      '/:alias',
      safe((request, reply) => {
        const password = (request.body as Record<string, unknown> | null)?.password;
        return follow(request, reply, typeof password === 'string' ? password : '');
      }),
    );
  });

  fastify.get<{ Params: { slug: string } }>('/r/:slug', safe(async (request, reply) => {
    const target = await service.rotate(request.params.slug);
    if (!target) return sendPageNotFound(reply, await service.domain(hostOf(request)));
    return reply.header('Cache-Control', 'no-store').redirect(target, 302);
  }));

  fastify.get<{ Params: { id: string } }>('/c/:id', safe(async (request, reply) => {
    const id = /^[1-9]\d{0,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
    const campaign = id > 0 && id <= 2_147_483_647 ? await service.publicCampaign(id) : null;
    if (!campaign) return sendPageNotFound(reply, await service.domain(hostOf(request)));
    const items = campaign.links.map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.title)}</a></li>`).join('\n');
    return reply
      .type(HTML)
      .send(page(campaign.name, `<main><h1>${escapeHtml(campaign.name)}</h1>${items ? `<ul>${items}</ul>` : '<p>No links yet.</p>'}</main>`));
  }));

  fastify.get<{ Params: { alias: string }; Querystring: { format?: string; size?: string } }>('/qr/:alias', safe(async (request, reply) => {
    const format = request.query.format ?? 'png';
    const size = request.query.size === undefined ? QR_SIZE.default : Number(request.query.size);
    if ((format !== 'png' && format !== 'svg') || !Number.isInteger(size) || size < QR_SIZE.min || size > QR_SIZE.max) {
      return reply
        .code(400)
        .type(HTML)
        .send(messagePage('Bad request', `format is png or svg; size is a whole number from ${QR_SIZE.min} to ${QR_SIZE.max}.`));
    }
    const qr = await service.qr(request.params.alias);
    if (!qr) return sendPageNotFound(reply, await service.domain(hostOf(request)));
    const image = await renderQr(qr, publicUrl, format, size);
    return reply
      .type(format === 'svg' ? 'image/svg+xml' : 'image/png')
      .header('Cache-Control', 'public, max-age=300')
      .send(image);
  }));

  // What a dynamic (link) QR code encodes: the scan is counted, then the visitor goes on.
  fastify.get<{ Params: { alias: string } }>('/u/:alias', safe(async (request, reply) => {
    const qr = await service.qr(request.params.alias);
    if (!qr || qr.type !== 'link') return sendPageNotFound(reply, await service.domain(hostOf(request)));
    await record(request, { linkId: null, qrId: qr.id });
    return reply.header('Cache-Control', 'no-store').redirect(String(qr.data), 302);
  }));
}
