import { findColumn, isEmptyRecord, readCsv } from '../csv-read';
import { ImportFormatError } from '../errors';
import { LinkDraft, splitTags } from '../fields';
import { eachItem, isJsonObject, parseJsonDocument, type JsonObject } from '../json';
import type { ImportRecord } from '../types';

/**
 * Bitly, in two shapes:
 * - the API's list of a group's links, `GET /v4/groups/{group_guid}/bitlinks`: `{"links": [...],
 *   "pagination": {...}}` (or the bare list), each link with `link` ("https://bit.ly/abc"), `id`
 *   ("bit.ly/abc"), `long_url`, `title`, `created_at` ("2020-10-26T17:20:40+0000"),
 *   `custom_bitlinks` (["https://brand.example/launch"]), `tags` (a list of text: ["sale",
 *   "spring"]), `archived`, ...;
 * - the CSV the web app's Export writes, whose link columns are `Link`, `Custom Link` and
 *   `Destination URL`. The API's field names are accepted as CSV headers as well. A `Tags` column,
 *   where there is one, is read as tags separated by commas: no public description of Bitly's CSV
 *   says how it writes them.
 *
 * A custom back-half is what people were given, so it is preferred to the generated link for the
 * alias and domain. Archiving and Bitly's own deep links have no Linkyard counterpart.
 */
export function readBitly(text: string): ImportRecord[] {
  const start = text.trimStart()[0];
  return start === '{' || start === '[' ? readBitlyJson(text) : readBitlyCsv(text);
}

const LONG_URL_HEADERS = ['Destination URL', 'Long URL', 'long_url'];
const LINK_HEADERS = ['Link', 'Bitlink', 'link', 'id'];
const CUSTOM_LINK_HEADERS = ['Custom Link', 'Custom Bitlink', 'custom_bitlinks'];
const TITLE_HEADERS = ['Title', 'title'];
const CREATED_HEADERS = ['Date Created', 'Created', 'Created At', 'created_at'];
const TAGS_HEADERS = ['Tags', 'tags'];

/** Whether a CSV header is Bitly's: it names the long URL the way Bitly does. */
export function isBitlyHeader(header: readonly string[]): boolean {
  return findColumn(header, LONG_URL_HEADERS) !== -1;
}

function readBitlyCsv(text: string): ImportRecord[] {
  const [header, ...rows] = readCsv(text, 'Bitly CSV');
  if (header === undefined) throw new ImportFormatError('not a Bitly export: the file is empty');
  const longUrl = findColumn(header.cells, LONG_URL_HEADERS);
  if (longUrl === -1) {
    throw new ImportFormatError(`not a Bitly export: the header has no long URL column (${LONG_URL_HEADERS.join(', ')})`);
  }
  const link = findColumn(header.cells, LINK_HEADERS);
  const customLink = findColumn(header.cells, CUSTOM_LINK_HEADERS);
  const title = findColumn(header.cells, TITLE_HEADERS);
  const created = findColumn(header.cells, CREATED_HEADERS);
  const tags = findColumn(header.cells, TAGS_HEADERS);
  const name = (index: number): string => header.cells[index]?.trim() ?? '';
  return rows
    .filter((row) => !isEmptyRecord(row))
    .map((row) => {
      const draft = new LinkDraft(row.line);
      draft.link.longurl = draft.text(row.cells[longUrl], name(longUrl));
      // A cell may list several custom links; the first is the one to keep. One without a path (a bare
      // word, not a link) says nothing reliable about the alias: the generated link is used instead.
      const firstCustom = row.cells[customLink]?.split(/[\s,|]+/).find((part) => part !== '');
      if (firstCustom !== undefined && firstCustom.includes('/')) draft.shortUrl(firstCustom, name(customLink));
      else draft.shortUrl(row.cells[link], name(link));
      draft.link.title = draft.text(row.cells[title], name(title));
      draft.link.date = draft.dateTime(row.cells[created], name(created), 'omit');
      draft.link.tags = splitTags(row.cells[tags], ',');
      return draft.finish(name(longUrl));
    });
}

function readBitlyJson(text: string): ImportRecord[] {
  const document = parseJsonDocument(text, 'Bitly');
  const links = Array.isArray(document) ? document : isJsonObject(document) ? document.links : undefined;
  if (!Array.isArray(links)) {
    throw new ImportFormatError('not a Bitly export: expected the API\'s list of links ({"links": [...]}) or a list of links');
  }
  return eachItem(links, readBitlyLink, (line) => ({ line, error: 'the item is not a Bitly link (not a JSON object)' }));
}

function readBitlyLink(item: JsonObject, line: number): ImportRecord {
  const draft = new LinkDraft(line);
  draft.link.longurl = draft.text(item.long_url, 'long_url');
  const custom = item.custom_bitlinks;
  if (custom !== undefined && custom !== null && !Array.isArray(custom)) draft.fail('custom_bitlinks must be a list');
  const firstCustom: unknown = Array.isArray(custom) ? custom.find((entry) => typeof entry !== 'string' || entry.trim() !== '') : undefined;
  if (firstCustom !== undefined) draft.shortUrl(firstCustom, 'custom_bitlinks');
  else if (item.link !== undefined && item.link !== null) draft.shortUrl(item.link, 'link');
  else draft.shortUrl(item.id, 'id');
  draft.link.title = draft.text(item.title, 'title');
  draft.link.date = draft.dateTime(item.created_at, 'created_at', 'omit');
  draft.link.tags = draft.tagList(item.tags, 'tags');
  return draft.finish('long_url');
}
