import { HttpException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error';

export interface ErrorResponse {
  status: number;
  body: { error: 1; message: string };
  headers: Record<string, string>;
  /**
   * How the cause is logged: `stack` when it is unexpected (with its stack), `brief` when the
   * database is away (one short warning line, not the query), `none` for the client's own errors.
   */
  log: 'stack' | 'brief' | 'none';
}

/**
 * Errors that mean the database is away or too slow: refused, reset or lost connections, the
 * server shutting down or full, a statement ended by `statement_timeout` (57014), the client's own
 * time limits (no connection in time, no answer in time), and a connection whose prepared
 * statements went stale (26000, 42P05, a cached plan a migration outdated): prepared anew next time.
 */
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'ENOENT',
  '57P01',
  '57P03',
  '53300',
  '57014',
  '26000',
  '42P05',
  // The click store (ClickHouse) away, too slow, or its schema not made yet (clickhouse.ts).
  'CLICKHOUSE_UNAVAILABLE',
]);
const DATABASE_DOWN_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Driver not Connected|Query read timeout|cached plan must not change result type/i;

function isDatabaseDown(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && DATABASE_DOWN_CODES.has(code)) return true;
    if (DATABASE_DOWN_MESSAGES.test(current.message)) return true;
    current = (current as { driverError?: unknown; cause?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return false;
}

const message = (status: number, text: string): ErrorResponse => ({
  status,
  body: { error: 1, message: text },
  headers: {},
  log: 'none',
});

const TOO_LARGE = 'The request body is too large: at most 1 MiB, or 8 MiB for url/bulk and urls/import.';

/**
 * Maps anything thrown while serving a request to the envelope and status of the API (openapi.yaml, "Status codes").
 * Used by the Nest exception filter (API answers) and by the public side's error pages, so both
 * see a failure alike (a database away is a 503 on both). Bodies that cannot be read reach the
 * filter too: the JSON parser hands them on as RefusedBody (see request-body).
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof ApiError) {
    const answer = message(error.status, error.message);
    if (error.data !== undefined) Object.assign(answer.body, { data: error.data });
    return { ...answer, headers: error.headers };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status === 413) return message(413, TOO_LARGE);
    const response = error.getResponse();
    const text =
      typeof response === 'string'
        ? response
        : typeof (response as { message?: unknown }).message === 'string'
          ? (response as { message: string }).message
          : error.message;
    return message(status, text);
  }
  const fastifyCode = (error as { code?: unknown })?.code;
  switch (fastifyCode) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return message(413, TOO_LARGE);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return message(400, 'The Content-Length header does not match the body.');
    default:
      break;
  }
  if (error instanceof SyntaxError || (error as { statusCode?: unknown })?.statusCode === 400) {
    return message(400, 'The request body is not valid JSON.');
  }
  if (isDatabaseDown(error)) {
    return { ...message(503, 'The database is unavailable; try again shortly.'), headers: { 'Retry-After': '5' }, log: 'brief' };
  }
  return { ...message(500, 'An unexpected error occurred.'), log: 'stack' };
}

/** Logs a failed request as `toErrorResponse` says: the stack, one warning line, or nothing. */
export function logFailure(request: FastifyRequest, response: ErrorResponse, error: unknown, what = 'request failed'): void {
  if (response.log === 'stack') {
    request.log.error({ err: error, reqId: request.id }, what);
  } else if (response.log === 'brief') {
    const reason =
      error instanceof Error ? ((error as Error & { driverError?: Error }).driverError?.message ?? error.message) : String(error);
    request.log.warn({ reqId: request.id, reason: reason.slice(0, 200) }, `${what}: the database is unavailable`);
  }
}
