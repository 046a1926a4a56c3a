import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parse as secureJsonParse } from 'secure-json-parse';
import { badRequest } from './api-error';

/** The largest body accepted anywhere (CONTRACT.md: over 1 MiB is a 413). */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Applies the request rules of CONTRACT.md to a parsed body: a field sent as `null` counts as
 * absent and strings are trimmed, at every depth of objects (array entries are trimmed but kept
 * in place).
 */
export function normalizeBody(value: unknown): unknown {
  if (typeof value === 'string') {
    // Postgres text cannot hold NUL; refuse it here rather than fail in the database.
    if (value.includes('\u0000')) throw badRequest('The request body contains a NUL character (\\u0000), which no field accepts.');
    return value.trim();
  }
  if (Array.isArray(value)) return value.map((entry) => normalizeBody(entry));
  if (value !== null && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (entry !== null) result[key] = normalizeBody(entry);
    }
    return result;
  }
  return value;
}

/**
 * JSON bodies: an empty body is `{}` (clients send `Content-Type: application/json` on bodiless
 * calls), `__proto__` and `constructor.prototype` keys are refused, and the body must be an object.
 */
export function registerJsonParser(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('application/json');
  // Only JSON is read; a text/plain body is refused like any other non-JSON body.
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
      const text = body.toString();
      if (text.trim() === '') {
        done(null, {});
        return;
      }
      let parsed: unknown;
      try {
        parsed = secureJsonParse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
      } catch (error) {
        done(
          badRequest(
            /prototype/.test((error as Error).message)
              ? 'The request body contains a forbidden key (__proto__ or constructor.prototype).'
              : 'The request body is not valid JSON.',
          ),
        );
        return;
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        done(badRequest('The request body must be a JSON object.'));
        return;
      }
      let normalized: unknown;
      try {
        normalized = normalizeBody(parsed);
      } catch (error) {
        done(error as Error);
        return;
      }
      done(null, normalized);
    },
  );
}
