import { checkRecordCount } from './limits';
import { ImportFormatError } from './errors';

/** A JSON object (not an array, not null). */
export type JsonObject = { readonly [key: string]: unknown };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses a whole JSON document. JSON.parse throws SyntaxError on text that is not JSON and may throw
 * RangeError on absurdly deep nesting: both mean the file is not what the user meant to import.
 * The parser's own message is not passed on: it quotes the file, which may be anything.
 */
export function parseJsonDocument(text: string, formatName: string): unknown {
  const outcome = tryParseJson(text);
  if (outcome.ok) return outcome.value;
  throw new ImportFormatError(
    outcome.reason === 'depth'
      ? `not a ${formatName} export: the JSON is nested too deeply to read`
      : `not a ${formatName} export: the file is not valid JSON`,
  );
}

/** Parses JSON without throwing (one NDJSON line, a JSON-typed CSV cell). */
export function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: 'syntax' | 'depth' } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, reason: error instanceof RangeError ? 'depth' : 'syntax' };
  }
}

/** Reads the items of a JSON list: each one's 1-based position and the object it is, or an error. */
export function eachItem<T>(items: readonly unknown[], read: (item: JsonObject, line: number) => T, notAnObject: (line: number) => T): T[] {
  checkRecordCount(items.length);
  return items.map((item, index) => (isJsonObject(item) ? read(item, index + 1) : notAnObject(index + 1)));
}
