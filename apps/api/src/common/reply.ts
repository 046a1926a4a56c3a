import type { FastifyReply } from 'fastify';

/** The type of an answer written as JSON bytes by its handler (the statistics' series). */
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Headers the pipeline sets for every answer (request id, rate limits, CORS, and the security
 * headers of useSecurityHeaders), which an error answer keeps.
 */
const KEPT =
  /^(x-request-id|x-ratelimit-|access-control-|vary$|content-security-policy$|x-content-type-options$|x-frame-options$|referrer-policy$|cross-origin-|origin-agent-cluster$|x-dns-prefetch-control$|x-download-options$|x-permitted-cross-domain-policies$|x-xss-protection$)/;

/**
 * Removes the headers a handler set before it failed (a `Location` that could not be written, a
 * content type, a length), so an error answer starts from a clean reply. The request id, the
 * rate-limit and the CORS headers stay.
 */
export function resetReply(reply: FastifyReply): void {
  for (const name of Object.keys(reply.getHeaders())) if (!KEPT.test(name)) reply.removeHeader(name);
}

/**
 * Sends an answer that must not fail in turn: when the reply was already sent, or sending throws,
 * the connection is closed instead. Nothing a request does may end the process.
 */
export function sendOrClose(reply: FastifyReply, send: () => unknown): void {
  if (reply.sent || reply.raw.headersSent) {
    reply.raw.destroy();
    return;
  }
  resetReply(reply);
  try {
    send();
  } catch (error) {
    reply.log.error({ err: error, reqId: reply.request.id }, 'the error answer could not be sent; connection closed');
    reply.raw.destroy();
  }
}
