import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
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

/**
 * A JSON body as it arrived: text, not yet parsed. Parsing waits until the caller is known and
 * counted (BodyGuard, after the key and the rate limit): a caller without a key costs no parsing.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A body refused while it was read (not JSON). Reading happens before authentication, so the
 * refusal is only raised by BodyGuard, after the key and the rate limit have been checked: a bad
 * key is still a 401, and an authenticated 400 carries the rate-limit headers like any other answer.
 */
export class RefusedBody {
  constructor(readonly error: ApiError) {}
}

const takesFile = (request: FastifyRequest) => FILE_BODY_ROUTES.has(request.routeOptions.url ?? '');

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No request of the API nests deeper than a few levels; a body nested deeper is refused. */
export const MAX_BODY_DEPTH = 32;
/** Entries of one list or object: above every limit of the document (a bulk call's 1,000 links). */
export const MAX_BODY_ENTRIES = 2000;
/** Values a body may hold: one for every 8 bytes its operation accepts (131,072 for 1 MiB). */
export const BYTES_PER_VALUE = 8;
/**
 * Values one entry of a list under the top-level object may hold (a link of a bulk call holds a
 * few hundred at most): each entry is parsed in one piece, so this bounds the piece.
 */
export const MAX_ENTRY_VALUES = 20_000;

export interface JsonLimits {
  depth: number;
  entries: number;
  values: number;
  entryValues: number;
}

/** The limits of a body of an operation that accepts `bodyLimit` bytes. */
export function jsonLimits(bodyLimit: number): JsonLimits {
  return {
    depth: MAX_BODY_DEPTH,
    entries: MAX_BODY_ENTRIES,
    values: Math.floor(bodyLimit / BYTES_PER_VALUE),
    entryValues: MAX_ENTRY_VALUES,
  };
}

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

export const NOT_JSON = 'The request body must be JSON, sent with Content-Type: application/json.';
const INVALID_JSON = 'The request body is not valid JSON.';

/** Text scanned (or parsed) between two yields to the event loop: well under a millisecond's work. */
const SLICE = 128 * 1024;

/** A list directly under the body's top-level object: its key, where it is, where its entries end. */
interface TopLevelList {
  /** The key's JSON text, quotes included. */
  keyStart: number;
  keyEnd: number;
  /** The `[` and just past the `]`. */
  start: number;
  end: number;
  /** Where each entry ends (the `,` after it, or the `]`). */
  entryEnds: number[];
}

const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

const isBlank = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
const isLiteral = (code: number) =>
  !isBlank(code) &&
  code !== COMMA &&
  code !== COLON &&
  code !== QUOTE &&
  code !== OPEN_OBJECT &&
  code !== CLOSE_OBJECT &&
  code !== OPEN_ARRAY &&
  code !== CLOSE_ARRAY;

/**
 * Reads the shape of JSON text without building it: nesting, entries of each list and object,
 * values in all, and where the lists under the top-level object are. It refuses a body past the
 * limits as soon as it meets the first value past them, and gives the event loop its turn every
 * SLICE characters, so a hostile body costs at most its limits' worth of work and never a long
 * stretch of it. Syntax is left to JSON.parse, which reads only what passed.
 */
async function scanJson(text: string, limits: JsonLimits): Promise<TopLevelList[] | ApiError> {
  const kinds: number[] = []; // OPEN_OBJECT or OPEN_ARRAY, per open container
  const entries: number[] = [];
  const lists: TopLevelList[] = [];
  let list: TopLevelList | null = null;
  let expectKey = false; // in the top-level object, before a key
  let keyStart = -1;
  let keyEnd = -1;
  let values = 0;
  let entryValues = 0; // of the entry of `list` being read
  let nextYield = SLICE;
  const length = text.length;
  for (let at = 0; at < length; at++) {
    if (at >= nextYield) {
      await yieldToEventLoop();
      nextYield = at + SLICE;
    }
    const code = text.charCodeAt(at);
    if (isBlank(code)) continue;
    const depth = kinds.length;
    if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      // A list closed by `}` (or an object by `]`) would let the pieces parse where the whole cannot.
      if (kinds.pop() !== (code === CLOSE_OBJECT ? OPEN_OBJECT : OPEN_ARRAY)) return badRequest(INVALID_JSON);
      entries.pop();
      if (list && depth === 2) {
        list.entryEnds.push(at);
        list.end = at + 1;
        lists.push(list);
        list = null;
      }
      continue;
    }
    if (code === COMMA) {
      if (depth === 0) return badRequest(INVALID_JSON);
      const count = (entries[depth - 1] ?? 0) + 1;
      if (count > limits.entries)
        return tooMany(kinds[depth - 1] === OPEN_ARRAY ? 'entries in one list' : 'fields in one object', limits.entries);
      entries[depth - 1] = count;
      if (list && depth === 2) {
        list.entryEnds.push(at);
        entryValues = 0;
      }
      if (depth === 1) expectKey = kinds[0] === OPEN_OBJECT;
      continue;
    }
    if (code === COLON) continue;
    // A value (or a key) starts here: the first entry of its container, if it has none yet.
    if (depth > 0 && entries[depth - 1] === 0) entries[depth - 1] = 1;
    values += 1;
    if (values > limits.values) return tooMany('values', limits.values);
    if (list && depth >= 2 && ++entryValues > limits.entryValues) return tooMany('values in one entry of a list', limits.entryValues);
    if (code === QUOTE) {
      const end = stringEnd(text, at);
      if (end === -1) return badRequest(INVALID_JSON);
      if (depth === 1 && expectKey) {
        keyStart = at;
        keyEnd = end + 1;
        expectKey = false;
      }
      at = end;
      continue;
    }
    if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (depth >= limits.depth) return badRequest(`The request body is nested more than ${limits.depth} levels deep.`);
      if (depth === 1 && kinds[0] === OPEN_OBJECT && code === OPEN_ARRAY && keyStart !== -1) {
        list = { keyStart, keyEnd, start: at, end: -1, entryEnds: [] };
      }
      if (depth === 0) expectKey = code === OPEN_OBJECT;
      kinds.push(code);
      entries.push(0);
    }
    // A number, true, false or null: one value, whatever its length.
    while (at + 1 < length && isLiteral(text.charCodeAt(at + 1))) at += 1;
  }
  return lists;
}

function tooMany(what: string, limit: number): ApiError {
  return badRequest(`The request body holds more than ${limit.toLocaleString('en-US')} ${what}.`);
}

/** The position of the quote that closes the string opened at `from`, or -1. */
function stringEnd(text: string, from: number): number {
  let at = from;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at === -1) return -1;
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return at;
  }
}

function parseText(text: string): unknown {
  try {
    return secureJsonParse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    throw badRequest(
      /prototype/.test((error as Error).message)
        ? 'The request body contains a forbidden key (__proto__ or constructor.prototype).'
        : INVALID_JSON,
    );
  }
}

/**
 * Parses a JSON body within `limits` and applies the request rules (normalizeBody). A body larger
 * than SLICE is parsed in pieces, each list under the top-level object one slice of its entries at a
 * time, with the event loop's turn between slices: a bulk call of 1,000 links never holds every
 * other request up while it is read. Resolves with the body, or the ApiError (400) that refuses it.
 */
export async function readJsonBody(text: string, limits: JsonLimits): Promise<unknown> {
  if (text.trim() === '') return {};
  const scanned = await scanJson(text, limits);
  if (!Array.isArray(scanned)) return Promise.reject(scanned);
  const sliced = text.length > SLICE ? scanned.filter((list) => list.entryEnds.length > 1) : [];
  // The text without the sliced lists (each left as `[]`), parsed whole.
  let skeleton = text;
  for (let index = sliced.length - 1; index >= 0; index--) {
    const { start, end } = sliced[index]!;
    skeleton = `${skeleton.slice(0, start)}[]${skeleton.slice(end)}`;
  }
  const parsed = parseText(skeleton);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('The request body must be a JSON object.');
  const body = normalizeBody(parsed) as Record<string, unknown>;
  for (const list of sliced) {
    const key = JSON.parse(text.slice(list.keyStart, list.keyEnd)) as string;
    const items: unknown[] = [];
    let from = list.start + 1;
    let sinceYield = 0;
    for (const end of list.entryEnds) {
      items.push(normalizeBody(parseText(text.slice(from, end)), 2));
      sinceYield += end - from;
      from = end + 1;
      if (sinceYield >= SLICE) {
        await yieldToEventLoop();
        sinceYield = 0;
      }
    }
    // JSON.parse keeps the last of repeated keys; so does this, as the lists come in order.
    body[key] = items;
  }
  return body;
}

/**
 * Request bodies are read as text, not parsed: a JSON body becomes JsonText (parsed by BodyGuard
 * once the caller is known), an import's file FileBody whatever its type, and any other type is
 * refused as not JSON (RefusedBody, raised by BodyGuard too).
 */
export function registerBodyReaders(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (request, body, done) =>
    done(null, takesFile(request) ? new FileBody(body.toString()) : new JsonText(body.toString())),
  );
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (request, body, done) =>
    done(null, takesFile(request) ? new FileBody(body.toString('utf8')) : new RefusedBody(badRequest(NOT_JSON))),
  );
}
