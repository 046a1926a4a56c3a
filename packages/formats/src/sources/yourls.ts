import { findColumn, isEmptyRecord, readCsv, type CsvRow } from '../csv-read';
import { ImportFormatError } from '../errors';
import { LinkDraft } from '../fields';
import { eachItem, isJsonObject, parseJsonDocument, type JsonObject } from '../json';
import type { ImportRecord } from '../types';

/**
 * YOURLS has no export of its own; its links come out in two ways:
 * - the API's `action=stats` (e.g. `filter=last&limit=100000&format=json`): `{"links": {"link_1":
 *   {"shorturl", "url", "title", "timestamp", "ip", "clicks"}, ...}, "stats": {...}, ...}`. With no
 *   links at all, YOURLS leaves `links` out;
 * - a CSV of its `yourls_url` table, columns `keyword,url,title,timestamp,ip,clicks` (as phpMyAdmin
 *   writes it: a header line, every value quoted, NULL written bare as `NULL`).
 *
 * Timestamps are "YYYY-MM-DD HH:MM:SS" in UTC. The creator's IP address is not imported.
 */
export function readYourls(text: string): ImportRecord[] {
  const start = text.trimStart()[0];
  return start === '{' || start === '[' ? readYourlsJson(text) : readYourlsCsv(text);
}

/** Whether a CSV header is the `yourls_url` table's: it has keyword and url. */
export function isYourlsHeader(header: readonly string[]): boolean {
  return findColumn(header, ['keyword']) !== -1 && findColumn(header, ['url']) !== -1;
}

function readYourlsCsv(text: string): ImportRecord[] {
  const [header, ...rows] = readCsv(text, 'YOURLS CSV');
  if (header === undefined) throw new ImportFormatError('not a YOURLS export: the file is empty');
  const [keyword, url, title, timestamp, clicks] = ['keyword', 'url', 'title', 'timestamp', 'clicks'].map((name) =>
    findColumn(header.cells, [name]),
  );
  if (url === undefined || url === -1) throw new ImportFormatError('not a YOURLS export: the header has no url column');
  return rows
    .filter((row) => !isEmptyRecord(row))
    .map((row) => {
      const cell = (index: number | undefined): string | undefined => sqlCell(row, index);
      const draft = new LinkDraft(row.line);
      draft.link.longurl = draft.text(cell(url), 'url');
      draft.link.alias = draft.text(cell(keyword), 'keyword');
      draft.link.title = draft.text(cell(title), 'title');
      draft.link.date = draft.dateTime(cell(timestamp), 'timestamp', 'omit');
      draft.link.clicks = draft.count(cell(clicks), 'clicks');
      return draft.finish('url');
    });
}

/** A cell of an SQL dump: a bare NULL is no value (a quoted "NULL" is the text). */
function sqlCell(row: CsvRow, index: number | undefined): string | undefined {
  if (index === undefined || index === -1) return undefined;
  const value = row.cells[index];
  return value === 'NULL' && row.quoted[index] === false ? undefined : value;
}

function readYourlsJson(text: string): ImportRecord[] {
  const document = parseJsonDocument(text, 'YOURLS');
  if (!isJsonObject(document) || !(isJsonObject(document.links) || Array.isArray(document.links) || isJsonObject(document.stats))) {
    throw new ImportFormatError(
      'not a YOURLS export: expected the answer of its API\'s stats action ({"links": {"link_1": {...}}, "stats": {...}})',
    );
  }
  // PHP encodes the links as an object keyed link_1, link_2, ... in the order it read them.
  const links = document.links;
  const items: unknown[] = isJsonObject(links) ? Object.values(links) : Array.isArray(links) ? links : [];
  return eachItem(items, readYourlsLink, (line) => ({ line, error: 'the item is not a YOURLS link (not a JSON object)' }));
}

function readYourlsLink(item: JsonObject, line: number): ImportRecord {
  const draft = new LinkDraft(line);
  draft.link.longurl = draft.text(item.url, 'url');
  draft.shortUrl(item.shorturl, 'shorturl');
  draft.link.title = draft.text(item.title, 'title');
  draft.link.date = draft.dateTime(item.timestamp, 'timestamp', 'omit');
  draft.link.clicks = draft.count(item.clicks, 'clicks');
  return draft.finish('url');
}
