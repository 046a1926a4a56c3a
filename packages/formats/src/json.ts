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
  // (Remembered when the format was detected from this very text.)
  const outcome = tryParseJson(text);
  if (outcome.ok) return outcome.value;
  throw new ImportFormatError(
    outcome.reason === 'depth'
      ? `not a ${formatName} export: the JSON is nested too deeply to read`
      : `not a ${formatName} export: the file is not valid JSON`,
  );
}

type ParseOutcome = { ok: true; value: unknown } | { ok: false; reason: 'syntax' | 'depth' };

/**
 * The whole file's parse, kept while one import reads it (rememberingParses): finding out which
 * format a file is parses it, and reading it then must not parse the same text a second time.
 */
let remembered: { text: string; outcome: ParseOutcome } | null | undefined;

export function rememberingParses<T>(read: () => T): T {
  const before = remembered;
  remembered = null;
  try {
    return read();
  } finally {
    remembered = before;
  }
}

/** Parses JSON without throwing (one NDJSON line, a JSON-typed CSV cell). */
export function tryParseJson(text: string): ParseOutcome {
  if (remembered?.text === text) return remembered.outcome;
  let outcome: ParseOutcome;
  try {
    outcome = { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    outcome = { ok: false, reason: error instanceof RangeError ? 'depth' : 'syntax' };
  }
  if (remembered !== undefined) remembered = { text, outcome };
  return outcome;
}

/** Reads the items of a JSON list: each one's 1-based position and the object it is, or an error. */
export function eachItem<T>(items: readonly unknown[], read: (item: JsonObject, line: number) => T, notAnObject: (line: number) => T): T[] {
  checkRecordCount(items.length);
  return items.map((item, index) => (isJsonObject(item) ? read(item, index + 1) : notAnObject(index + 1)));
}
