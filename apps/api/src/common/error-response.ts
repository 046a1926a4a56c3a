import { HttpException } from '@nestjs/common';
import { ApiError } from './api-error';

export interface ErrorResponse {
  status: number;
  body: { error: 1; message: string };
  headers: Record<string, string>;
  /** True when the cause is unexpected and must be logged with its stack. */
  unexpected: boolean;
}

const DATABASE_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', 'ENOENT', '57P01', '57P03', '53300']);

function isDatabaseDown(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && DATABASE_DOWN_CODES.has(code)) return true;
    if (/Connection terminated|timeout exceeded when trying to connect|Driver not Connected/i.test(current.message)) return true;
    current = (current as { driverError?: unknown; cause?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return false;
}

const message = (status: number, text: string): ErrorResponse => ({
  status,
  body: { error: 1, message: text },
  headers: {},
  unexpected: false,
});

/**
 * Maps anything thrown while serving a request to the envelope and status of CONTRACT.md.
 * Used by the Nest exception filter and by Fastify's own error handler (body parsing happens
 * before Nest sees the request), so both answer alike.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof ApiError) {
    return { ...message(error.status, error.message), headers: error.headers };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status === 413) return message(413, 'The request body is larger than 1 MiB.');
    const response = error.getResponse();
    const text =
      typeof response === 'string'
        ? response
        : typeof (response as { message?: unknown }).message === 'string'
          ? ((response as { message: string }).message)
          : error.message;
    return message(status, text);
  }
  const fastifyCode = (error as { code?: unknown })?.code;
  switch (fastifyCode) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return message(413, 'The request body is larger than 1 MiB.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return message(400, 'The Content-Length header does not match the body.');
    default:
      break;
  }
  if (error instanceof SyntaxError || (error as { statusCode?: unknown })?.statusCode === 400) {
    return message(400, 'The request body is not valid JSON.');
  }
  if (isDatabaseDown(error)) {
    return { ...message(503, 'The database is unavailable; try again shortly.'), unexpected: true };
  }
  return { ...message(500, 'An unexpected error occurred.'), unexpected: true };
}
