import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parse as secureJsonParse } from 'secure-json-parse';
import { badRequest, type ApiError } from './api-error';

/** The largest body accepted, but on the operations that carry many links (over it: a 413). */
export const BODY_LIMIT = 1024 * 1024;

/** The largest body of the operations that carry many links (a bulk call, an imported file). */
export const LARGE_BODY_LIMIT = 8 * 1024 * 1024;
export const LARGE_BODY_ROUTES = new Set(['/l/api/url/bulk', '/l/api/urls/import']);

/** Operations whose body is a file, taken as text whatever its type (an import: CSV, JSON, NDJSON). */
const FILE_BODY_ROUTES = new Set(['/l/api/urls/import']);

/** The body of an operation that takes a file: its text, as sent (UTF-8), not parsed. */
export class FileBody {
  constructor(readonly text: string) {}
}

const takesFile = (request: FastifyRequest) => FILE_BODY_ROUTES.has(request.routeOptions.url ?? '');

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No request of the API nests deeper than a few levels; a body nested deeper is refused. */
export const MAX_BODY_DEPTH = 32;

/**
 * Applies the request rules to a parsed body: a field sent as `null` counts as absent and strings
 * are trimmed, at every depth of objects (array entries are trimmed but kept in place). A body
 * nested more than MAX_BODY_DEPTH levels is a 400, never a stack overflow.
 */
export function normalizeBody(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    // Postgres text cannot hold NUL; refuse it here rather than fail in the database.
    if (value.includes('\u0000')) throw badRequest('The request body contains a NUL character (\\u0000), which no field accepts.');
    // "\ud800" is valid JSON but no character: text must be well-formed UTF-16 to be stored.
    if (LONE_SURROGATE.test(value))
      throw badRequest('The request body contains a lone UTF-16 surrogate (such as \\ud800), which is not a character.');
    return value.trim();
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_BODY_DEPTH) throw badRequest(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`);
  if (Array.isArray(value)) return value.map((entry) => normalizeBody(entry, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry !== null) result[key] = normalizeBody(entry, depth + 1);
  }
  return result;
}

/**
 * A body that was refused while it was read. Reading happens before authentication, so the refusal
 * is only raised by RefusedBodyGuard, after the key and the rate limit have been checked: a bad key
 * is still a 401, and an authenticated 400 carries the rate-limit headers like any other answer.
 */
export class RefusedBody {
  constructor(readonly error: ApiError) {}
}

export const NOT_JSON = 'The request body must be JSON, sent with Content-Type: application/json.';

function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = secureJsonParse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    return new RefusedBody(
      badRequest(
        /prototype/.test((error as Error).message)
          ? 'The request body contains a forbidden key (__proto__ or constructor.prototype).'
          : 'The request body is not valid JSON.',
      ),
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return new RefusedBody(badRequest('The request body must be a JSON object.'));
  }
  try {
    return normalizeBody(parsed);
  } catch (error) {
    return new RefusedBody(error as ApiError);
  }
}

/**
 * JSON bodies: an empty body is `{}` (clients send `Content-Type: application/json` on bodiless
 * calls), `__proto__` and `constructor.prototype` keys are refused, and the body must be an object.
 * Any other content type is refused as not JSON. The operations that take a file (an import) get
 * its text whatever its type, unparsed (FileBody).
 */
export function registerJsonParser(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (request, body, done) =>
    done(null, takesFile(request) ? new FileBody(body.toString()) : parseJson(body.toString())),
  );
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (request, body, done) =>
    done(null, takesFile(request) ? new FileBody(body.toString('utf8')) : new RefusedBody(badRequest(NOT_JSON))),
  );
}
