import { findColumn, isEmptyRecord, readCsv } from '../csv-read';
import { ImportFormatError } from '../errors';
import { LinkDraft, splitTags } from '../fields';
import { eachItem, isJsonObject, parseJsonDocument, type JsonObject } from '../json';
import type { ImportRecord } from '../types';

/**
 * Shlink, in two shapes:
 * - the CSV that the web client's Export button writes (short_urls.csv), with the columns
 *   `createdAt,domain,shortCode,shortUrl,longUrl,title,tags,visits`: every text quoted, tags joined
 *   with `|`, dates in ISO 8601 with an offset ("2023-05-09T17:05:39+02:00"). Web clients before
 *   3.10 (April 2023) wrote `createdAt,shortUrl,longUrl,title,tags,visits`, tags joined with `,`;
 * - the REST API's list, `GET /rest/v3/short-urls` → `{"shortUrls": {"data": [...], "pagination":
 *   {...}}}` (or the bare list), each with `shortCode`, `shortUrl`, `longUrl`, `dateCreated`,
 *   `visitsSummary` ({total, nonBots, bots}; `visitsCount` before Shlink 3), `tags`, `meta`
 *   ({validSince, validUntil, maxVisits}), `domain` (null for the default domain), `title`, ...
 *
 * `meta.validUntil` becomes the expiry, `meta.validSince` the start date and `meta.maxVisits` the
 * click limit. Device long URLs and the crawlable and forward-query switches have no Linkyard
 * counterpart.
 */
export function readShlink(text: string): ImportRecord[] {
  const start = text.trimStart()[0];
  return start === '{' || start === '[' ? readShlinkJson(text) : readShlinkCsv(text);
}

/** Whether a CSV header is the web client's: it has shortCode and longUrl. */
export function isShlinkHeader(header: readonly string[]): boolean {
  return findColumn(header, ['shortCode']) !== -1 && findColumn(header, ['longUrl']) !== -1;
}

function readShlinkCsv(text: string): ImportRecord[] {
  const [header, ...rows] = readCsv(text, 'Shlink CSV');
  if (header === undefined) throw new ImportFormatError('not a Shlink export: the file is empty');
  const column = (name: string): number => findColumn(header.cells, [name]);
  const longUrl = column('longUrl');
  if (longUrl === -1) throw new ImportFormatError('not a Shlink export: the header has no longUrl column');
  const [createdAt, domain, shortCode, shortUrl, title, tags, visits] = [
    'createdAt',
    'domain',
    'shortCode',
    'shortUrl',
    'title',
    'tags',
    'visits',
  ].map(column);
  // The web client joins tags with `|` since it writes the shortCode column, with `,` before.
  const tagSeparator = shortCode === -1 ? ',' : '|';
  return rows
    .filter((row) => !isEmptyRecord(row))
    .map((row) => {
      const cell = (index: number | undefined): string | undefined => (index === undefined ? undefined : row.cells[index]);
      const draft = new LinkDraft(row.line);
      draft.link.longurl = draft.text(cell(longUrl), 'longUrl');
      draft.shortUrl(cell(shortUrl), 'shortUrl');
      setAliasAndDomain(draft, cell(shortCode), cell(domain));
      draft.link.title = draft.text(cell(title), 'title');
      draft.link.date = draft.dateTime(cell(createdAt), 'createdAt', 'omit');
      draft.link.tags = splitTags(cell(tags), tagSeparator);
      draft.link.clicks = draft.count(cell(visits), 'visits');
      return draft.finish('longUrl');
    });
}

function readShlinkJson(text: string): ImportRecord[] {
  const document = parseJsonDocument(text, 'Shlink');
  const items = Array.isArray(document)
    ? document
    : isJsonObject(document) && isJsonObject(document.shortUrls)
      ? document.shortUrls.data
      : undefined;
  if (!Array.isArray(items)) {
    throw new ImportFormatError(
      'not a Shlink export: expected the API\'s list of short URLs ({"shortUrls": {"data": [...]}}) or a list of them',
    );
  }
  return eachItem(items, readShlinkShortUrl, (line) => ({ line, error: 'the item is not a Shlink short URL (not a JSON object)' }));
}

function readShlinkShortUrl(item: JsonObject, line: number): ImportRecord {
  const draft = new LinkDraft(line);
  draft.link.longurl = draft.text(item.longUrl, 'longUrl');
  draft.shortUrl(item.shortUrl, 'shortUrl');
  setAliasAndDomain(draft, item.shortCode, item.domain);
  draft.link.title = draft.text(item.title, 'title');
  draft.link.date = draft.dateTime(item.dateCreated, 'dateCreated', 'omit');
  draft.link.tags = draft.tagList(item.tags, 'tags');
  const meta = item.meta;
  if (meta !== undefined && meta !== null && !isJsonObject(meta)) draft.fail('meta must be an object');
  if (isJsonObject(meta)) {
    draft.link.expiry = draft.dateTime(meta.validUntil, 'meta.validUntil', 'problem');
    draft.link.startdate = draft.dateTime(meta.validSince, 'meta.validSince', 'problem');
    const limit = draft.count(meta.maxVisits, 'meta.maxVisits');
    if (limit !== undefined && limit > 0) draft.link.clicklimit = limit;
  }
  const summary = item.visitsSummary;
  draft.link.clicks = isJsonObject(summary)
    ? draft.count(summary.total, 'visitsSummary.total')
    : draft.count(item.visitsCount, 'visitsCount');
  return draft.finish('longUrl');
}

/**
 * The short code is the alias as Shlink stores it (it may hold slashes); the domain column, when
 * set, overrides the short URL's host. Both refine what the short URL gave.
 */
function setAliasAndDomain(draft: LinkDraft, shortCode: unknown, domain: unknown): void {
  const alias = draft.text(shortCode, 'shortCode');
  if (alias !== undefined) draft.link.alias = alias;
  const host = draft.text(domain, 'domain');
  if (host !== undefined) draft.link.domain = host;
}
