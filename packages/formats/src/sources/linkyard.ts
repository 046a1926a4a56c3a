import { checkRecordCount } from '../limits';
import { findColumn, readCsv, isEmptyRecord } from '../csv-read';
import { ImportFormatError } from '../errors';
import { LinkDraft, describe } from '../fields';
import { isJsonObject, tryParseJson, type JsonObject } from '../json';
import { GUARDED_FORMULA, LINKYARD_COLUMNS, type LinkyardColumn } from '../linkyard-export';
import type { DeepLink, ImportRecord, LinkVariant } from '../types';

/** How the cells of a record arrive: JSON values (NDJSON) or text (CSV, where lists are JSON text). */
type Encoding = 'json' | 'csv';
type CellReader = (column: LinkyardColumn) => unknown;

/**
 * Reads Linkyard's own export, CSV or NDJSON (an NDJSON file starts with `{`). Ids of campaigns,
 * channels and pixels belong to the account the file came from: they are dropped. The link's type is
 * kept as written (a splash page's or overlay's id is the importing service's to judge).
 */
export function readLinkyard(text: string): ImportRecord[] {
  return text.trimStart().startsWith('{') ? readNdjson(text) : readCsvExport(text);
}

function readNdjson(text: string): ImportRecord[] {
  const records: ImportRecord[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  let first = true;
  lines.forEach((content, index) => {
    if (content.trim() === '') return;
    checkRecordCount(records.length + 1);
    const line = index + 1;
    const parsed = tryParseJson(content);
    if (first) {
      first = false;
      checkFirstNdjsonRecord(parsed.ok ? parsed.value : undefined);
    }
    if (!parsed.ok) {
      records.push({
        line,
        error: parsed.reason === 'depth' ? 'the line is JSON nested too deeply to read' : 'the line is not valid JSON',
      });
    } else if (!isJsonObject(parsed.value)) {
      records.push({ line, error: `the line is ${describe(parsed.value)}, not a JSON object` });
    } else {
      const record: JsonObject = parsed.value;
      records.push(readLink((column) => record[column], line, 'json'));
    }
  });
  return records;
}

/** The first record decides whether the file is a Linkyard NDJSON export at all. */
function checkFirstNdjsonRecord(value: unknown): void {
  if (!isJsonObject(value)) throw new ImportFormatError('not a Linkyard export: the first line is not a JSON object');
  if (!LINKYARD_COLUMNS.some((column) => column in value)) {
    throw new ImportFormatError(`not a Linkyard export: the first record has none of Linkyard's fields (${LINKYARD_COLUMNS.join(', ')})`);
  }
}

function readCsvExport(text: string): ImportRecord[] {
  const [header, ...rows] = readCsv(text, 'Linkyard CSV');
  if (header === undefined) throw new ImportFormatError('not a Linkyard export: the file is empty');
  const positions = new Map<LinkyardColumn, number>();
  for (const column of LINKYARD_COLUMNS) positions.set(column, findColumn(header.cells, [column]));
  if (positions.get('longurl') === -1) throw new ImportFormatError('not a Linkyard export: the header has no longurl column');
  return rows
    .filter((row) => !isEmptyRecord(row))
    .map((row) =>
      readLink(
        (column) => {
          const cell = row.cells[positions.get(column) ?? -1];
          return cell === undefined ? undefined : unguard(cell);
        },
        row.line,
        'csv',
      ),
    );
}

/** Takes off the one `'` the writer put in front of text a spreadsheet would run as a formula. */
function unguard(cell: string): string {
  return GUARDED_FORMULA.test(cell) ? cell.slice(1) : cell;
}

function readLink(cell: CellReader, line: number, encoding: Encoding): ImportRecord {
  const draft = new LinkDraft(line);
  const link = draft.link;
  link.longurl = draft.text(cell('longurl'), 'longurl');
  link.alias = draft.text(cell('alias'), 'alias');
  link.domain = draft.text(cell('domain'), 'domain');
  link.title = draft.text(cell('title'), 'title');
  link.description = draft.text(cell('description'), 'description');
  link.metadescription = draft.text(cell('metadescription'), 'metadescription');
  link.metaimage = draft.text(cell('metaimage'), 'metaimage');
  link.expiry = draft.dateTime(cell('expiry'), 'expiry', 'problem');
  link.status = readStatus(draft, cell('status'));
  link.geotarget = readPairs(draft, structured(draft, cell('geotarget'), 'geotarget', encoding), 'geotarget', 'location', 'link');
  link.devicetarget = readPairs(draft, structured(draft, cell('devicetarget'), 'devicetarget', encoding), 'devicetarget', 'device', 'link');
  link.languagetarget = readPairs(
    draft,
    structured(draft, cell('languagetarget'), 'languagetarget', encoding),
    'languagetarget',
    'language',
    'link',
  );
  link.parameters = readPairs(draft, structured(draft, cell('parameters'), 'parameters', encoding), 'parameters', 'name', 'value');
  link.deeplink = readDeepLink(draft, structured(draft, cell('deeplink'), 'deeplink', encoding));
  // Exports from before tags have no such column: then the link has none.
  link.tags = draft.tagList(structured(draft, cell('tags'), 'tags', encoding), 'tags');
  link.type = draft.text(cell('type'), 'type');
  // Exports from before archiving have no such column: then the link is not archived.
  const archived = cell('archived');
  if (archived === true || (typeof archived === 'string' && archived.trim() === 'true')) link.archived = true;
  // Exports from before click limits have neither column: then the link has neither.
  link.startdate = draft.dateTime(cell('startdate'), 'startdate', 'problem');
  const limit = draft.count(cell('clicklimit'), 'clicklimit');
  if (limit !== undefined && limit > 0) link.clicklimit = limit;
  // Exports from before A/B splits have no such column: then the link has none.
  link.variants = readVariants(draft, structured(draft, cell('variants'), 'variants', encoding));
  link.date = draft.dateTime(cell('date'), 'date', 'omit');
  link.clicks = draft.count(cell('clicks'), 'clicks');
  refuseProtected(draft, cell('password'));
  return draft.finish('longurl');
}

/**
 * An export says whether a link has a password but never holds the password. Importing such a link
 * would publish an unprotected copy of it, so it is refused with a message saying why.
 */
function refuseProtected(draft: LinkDraft, value: unknown): void {
  if (value === true || (typeof value === 'string' && value.trim() === 'true')) {
    draft.fail('password: the link is password-protected and exports never hold passwords, so it is not imported unprotected');
  }
}

function readStatus(draft: LinkDraft, value: unknown): 'public' | 'private' | undefined {
  const status = draft.text(value, 'status');
  if (status === undefined || status === 'public' || status === 'private') return status;
  draft.fail('status must be "public" or "private"');
  return undefined;
}

/** The JSON value of a list or object column: as it is in NDJSON, parsed from its text in CSV. */
function structured(draft: LinkDraft, value: unknown, field: string, encoding: Encoding): unknown {
  if (encoding === 'json' || typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  const parsed = tryParseJson(value);
  if (parsed.ok) return parsed.value;
  draft.fail(parsed.reason === 'depth' ? `${field} is JSON nested too deeply to read` : `${field} is not valid JSON`);
  return undefined;
}

/** A list of two-text objects such as `{location, link}`, trimmed; an empty list counts as absent. */
function readPairs<A extends string, B extends string>(
  draft: LinkDraft,
  value: unknown,
  field: string,
  first: A,
  second: B,
): Array<Record<A | B, string>> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    draft.fail(`${field} must be a list of {${first}, ${second}}, not ${describe(value)}`);
    return undefined;
  }
  const items: Array<Record<A | B, string>> = [];
  for (const [index, item] of (value as unknown[]).entries()) {
    const a = isJsonObject(item) ? item[first] : undefined;
    const b = isJsonObject(item) ? item[second] : undefined;
    if (typeof a !== 'string' || typeof b !== 'string') {
      draft.fail(`${field}[${index}] must be {${first}, ${second}} with text in both`);
      return undefined;
    }
    items.push({ [first]: a.trim(), [second]: b.trim() } as Record<A | B, string>);
  }
  return items.length === 0 ? undefined : items;
}

/** An A/B split's list as exported; the service checks its count, weights and first URL. */
function readVariants(draft: LinkDraft, value: unknown): LinkVariant[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    draft.fail(`variants must be a list of {url, weight}, not ${describe(value)}`);
    return undefined;
  }
  const variants: LinkVariant[] = [];
  for (const [index, item] of (value as unknown[]).entries()) {
    const url = isJsonObject(item) ? item.url : undefined;
    const weight = isJsonObject(item) ? item.weight : undefined;
    if (typeof url !== 'string' || typeof weight !== 'number' || !Number.isInteger(weight)) {
      draft.fail(`variants[${index}] must be {url, weight} with text and a whole number`);
      return undefined;
    }
    variants.push({ url: url.trim(), weight });
  }
  return variants.length === 0 ? undefined : variants;
}

function readDeepLink(draft: LinkDraft, value: unknown): DeepLink | undefined {
  if (value === undefined || value === null) return undefined;
  if (isJsonObject(value) && typeof value.auto === 'boolean' && typeof value.apple === 'string' && typeof value.google === 'string') {
    return { auto: value.auto, apple: value.apple.trim(), google: value.google.trim() };
  }
  draft.fail('deeplink must be {auto: true/false, apple: text, google: text} or null');
  return undefined;
}
