import { readCsv } from './csv-read';
import { isJsonObject, tryParseJson } from './json';
import { withoutBom } from './bom';
import { isBitlyHeader } from './sources/bitly';
import { isDubHeader } from './sources/dub';
import { isShlinkHeader } from './sources/shlink';
import { isYourlsHeader } from './sources/yourls';
import type { ImportSource } from './types';

/** Which format a file is, from its content, or null. */
export function detectImportSource(text: string): ImportSource | null {
  if (typeof text !== 'string') return null;
  // Not trimmed: the readers get the same string, whose parse is then remembered (rememberingParses).
  const content = withoutBom(text);
  const start = content.trimStart().charAt(0);
  if (start === '') return null;
  try {
    return start === '{' || start === '[' ? detectJson(content) : detectCsv(content.trimStart());
  } catch {
    // A header that cannot even be read (an unclosed quote) is no known format.
    return null;
  }
}

function detectJson(text: string): ImportSource | null {
  const whole = tryParseJson(text);
  if (whole.ok) return fromJsonShape(whole.value);
  // Not one JSON document: NDJSON has one object per line, Linkyard's export the only one we read.
  const firstLine = tryParseJson(text.trimStart().split(/\r\n|\r|\n/, 1)[0] ?? '');
  return firstLine.ok && isJsonObject(firstLine.value) && 'longurl' in firstLine.value ? 'linkyard' : null;
}

function fromJsonShape(value: unknown): ImportSource | null {
  if (Array.isArray(value)) return fromListItem(value.find(isJsonObject));
  if (!isJsonObject(value)) return null;
  if ('longurl' in value) return 'linkyard'; // an NDJSON export of a single link
  if (Array.isArray(value.links)) return 'bitly';
  if (isJsonObject(value.links) || isJsonObject(value.stats)) return 'yourls';
  if (isJsonObject(value.shortUrls) && Array.isArray(value.shortUrls.data)) return 'shlink';
  if (Array.isArray(value.data) && ('total' in value || fromListItem(value.data.find(isJsonObject)) === 'kutt')) return 'kutt';
  return null;
}

/** The source of a bare list, from the fields of its first item. */
function fromListItem(item: { readonly [key: string]: unknown } | undefined): ImportSource | null {
  if (item === undefined) return null;
  if ('long_url' in item) return 'bitly';
  if ('target' in item && 'address' in item) return 'kutt';
  if ('shortCode' in item && 'longUrl' in item) return 'shlink';
  if ('key' in item && 'url' in item) return 'dub';
  return null;
}

function detectCsv(text: string): ImportSource | null {
  const lineEnd = text.search(/[\r\n]/);
  const [header] = readCsv(lineEnd === -1 ? text : text.slice(0, lineEnd), 'CSV');
  if (header === undefined) return null;
  const cells = header.cells.map((cell) => cell.trim());
  if (cells.includes('longurl') && cells.includes('alias')) return 'linkyard';
  if (isShlinkHeader(cells)) return 'shlink';
  if (isYourlsHeader(cells)) return 'yourls';
  // Before Bitly: Dub's export names its long URL column "Destination URL" too.
  if (isDubHeader(cells)) return 'dub';
  if (isBitlyHeader(cells)) return 'bitly';
  return null;
}
