import { findColumn, isEmptyRecord, readCsv } from '../csv-read';
import { ImportFormatError } from '../errors';
import { LinkDraft, cleanTags, describe, splitTags } from '../fields';
import { eachItem, isJsonObject, parseJsonDocument, type JsonObject } from '../json';
import type { DeviceTarget, GeoTarget, ImportRecord } from '../types';

/**
 * Dub (dub.co), in two shapes:
 * - the CSV of the dashboard's Export (`GET /api/links/export`). The user picks the columns, which
 *   come in this order: `Short link`, `Destination URL`, `Clicks`, `Leads`, `Conversions`,
 *   `Revenue`, `Created at`, `Link ID`, `Updated at`, `Tags`, `Archived` (by default the short
 *   link, destination URL, clicks and creation date). Dates are ISO 8601 in UTC, tags are joined
 *   with `, `, a text starting with `=`, `+`, `-`, `@`, tab, CR or LF has a `'` put in front, and a
 *   cell is quoted only when it must be. Exports from before October 2025 name the columns by
 *   their ids (`link`, `url`, `clicks`, `createdAt`, `updatedAt`, `tags`, `archived`, `id`);
 * - the API's list of links, `GET /api/links`: a bare JSON list of links with `domain`, `key`
 *   (`_root` for the address of the domain itself), `url`, `shortLink`, `title`, `description`,
 *   `image`, `expiresAt`, `password` (the password itself, or null), `disabledAt`, `archived`,
 *   `geo` ({"US": "https://..."}), `ios`, `android`, `tags` ([{id, name, color}]), `clicks`,
 *   `createdAt`, ... Links as Dub's API takes them, with `tagNames` instead of `tags`, are read too.
 *
 * `image` becomes the meta image, `geo` the country targets, `ios` the iPhone and iPad targets and
 * `android` the Android one. A link with a password, or a disabled one, is an error: imported, it
 * would be open to everyone again. Archiving, link cloaking, the UTM fields (already in `url`), the
 * URL after expiry, comments, folders and conversion data have no Linkyard counterpart.
 */
export function readDub(text: string): ImportRecord[] {
  const start = text.trimStart()[0];
  return start === '{' || start === '[' ? readDubJson(text) : readDubCsv(text);
}

const LONG_URL_HEADERS = ['Destination URL', 'url'];
const SHORT_LINK_HEADERS = ['Short link', 'link'];
const CLICKS_HEADERS = ['Clicks'];
const CREATED_HEADERS = ['Created at', 'createdAt'];
const TAGS_HEADERS = ['Tags'];
/** The key of a domain's own address (`https://d.to`), which has no alias. */
const ROOT_KEY = '_root';
/** A cell Dub's export guarded against formula injection: one `'` in front of a formula character. */
const GUARDED_FORMULA = /^'[=+\-@\t\r\n]/;

/**
 * Whether a CSV header is Dub's: the destination URL with the short link or link id named the way
 * Dub names them, or, in older exports, `link` and `url`.
 */
export function isDubHeader(header: readonly string[]): boolean {
  if (findColumn(header, ['Destination URL']) !== -1) return findColumn(header, ['Short link', 'Link ID']) !== -1;
  return findColumn(header, ['url']) !== -1 && findColumn(header, ['link']) !== -1;
}

function readDubCsv(text: string): ImportRecord[] {
  const [header, ...rows] = readCsv(text, 'Dub CSV');
  if (header === undefined) throw new ImportFormatError('not a Dub export: the file is empty');
  const longUrl = findColumn(header.cells, LONG_URL_HEADERS);
  if (longUrl === -1) {
    throw new ImportFormatError(`not a Dub export: the header has no destination URL column (${LONG_URL_HEADERS.join(', ')})`);
  }
  const [shortLink, clicks, created, tags] = [SHORT_LINK_HEADERS, CLICKS_HEADERS, CREATED_HEADERS, TAGS_HEADERS].map((names) =>
    findColumn(header.cells, names),
  );
  const name = (index: number | undefined): string => (index === undefined ? '' : (header.cells[index]?.trim() ?? ''));
  return rows
    .filter((row) => !isEmptyRecord(row))
    .map((row) => {
      const cell = (index: number | undefined): string | undefined => {
        const value = index === undefined ? undefined : row.cells[index];
        return value !== undefined && GUARDED_FORMULA.test(value) ? value.slice(1) : value;
      };
      const draft = new LinkDraft(row.line);
      draft.link.longurl = draft.text(cell(longUrl), name(longUrl));
      draft.shortUrl(cell(shortLink), name(shortLink));
      draft.link.clicks = draft.count(cell(clicks), name(clicks));
      draft.link.date = draft.dateTime(cell(created), name(created), 'omit');
      // A tag whose own name holds ", " comes back as two: the export cannot tell them apart.
      draft.link.tags = splitTags(cell(tags), ', ');
      return draft.finish(name(longUrl));
    });
}

function readDubJson(text: string): ImportRecord[] {
  const document = parseJsonDocument(text, 'Dub');
  if (!Array.isArray(document)) {
    throw new ImportFormatError('not a Dub export: expected the API\'s list of links ([{"domain", "key", "url", ...}])');
  }
  return eachItem(document, readDubLink, (line) => ({ line, error: 'the item is not a Dub link (not a JSON object)' }));
}

function readDubLink(item: JsonObject, line: number): ImportRecord {
  const draft = new LinkDraft(line);
  const link = draft.link;
  link.longurl = draft.text(item.url, 'url');
  // `domain` and `key` are the link as Dub stores it; `shortLink` says the same as a URL.
  const domain = draft.text(item.domain, 'domain');
  const key = draft.text(item.key, 'key');
  if ((domain === undefined || key === undefined) && item.shortLink !== undefined && item.shortLink !== null) {
    draft.shortUrl(item.shortLink, 'shortLink');
  }
  if (domain !== undefined) link.domain = domain;
  if (key !== undefined && key !== ROOT_KEY) link.alias = key;
  link.title = draft.text(item.title, 'title');
  link.description = draft.text(item.description, 'description');
  link.metaimage = draft.text(item.image, 'image');
  link.expiry = draft.dateTime(item.expiresAt, 'expiresAt', 'problem');
  link.geotarget = readGeo(draft, item.geo);
  link.devicetarget = readDevices(draft, item.ios, item.android);
  link.tags = readTags(draft, item);
  link.date = draft.dateTime(item.createdAt, 'createdAt', 'omit');
  link.clicks = draft.count(item.clicks, 'clicks');
  if (typeof item.password === 'string' ? item.password !== '' : item.password === true) {
    draft.fail(
      'password: the link is password-protected in Dub, and an import does not carry passwords, so it is not imported unprotected',
    );
  }
  if (item.disabledAt !== undefined && item.disabledAt !== null && item.disabledAt !== '') {
    draft.fail('disabledAt: the link is disabled in Dub, so it is not imported');
  }
  return draft.finish('url');
}

/** `geo`, `{"US": "https://..."}`: a target for each country code. */
function readGeo(draft: LinkDraft, value: unknown): GeoTarget[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isJsonObject(value)) {
    draft.fail(`geo must be an object of country codes and URLs, not ${describe(value)}`);
    return undefined;
  }
  const targets: GeoTarget[] = [];
  for (const [country, url] of Object.entries(value)) {
    if (typeof url !== 'string') {
      draft.fail(`geo must give each country a URL (text), not ${describe(url)}`);
      return undefined;
    }
    if (country.trim() !== '' && url.trim() !== '') targets.push({ location: country.trim(), link: url.trim() });
  }
  return targets.length === 0 ? undefined : targets;
}

/** `ios` (for iPhones and iPads) and `android`: the device targets. */
function readDevices(draft: LinkDraft, ios: unknown, android: unknown): DeviceTarget[] | undefined {
  const targets: DeviceTarget[] = [];
  const apple = draft.text(ios, 'ios');
  if (apple !== undefined) targets.push({ device: 'iPhone', link: apple }, { device: 'iPad', link: apple });
  const google = draft.text(android, 'android');
  if (google !== undefined) targets.push({ device: 'Android', link: google });
  return targets.length === 0 ? undefined : targets;
}

/** `tags` as the API gives them ([{id, name, color}]), or `tagNames` as it takes them (a list, or names joined with commas). */
function readTags(draft: LinkDraft, item: JsonObject): string[] | undefined {
  const tags = item.tags;
  if (tags === undefined || tags === null) {
    return typeof item.tagNames === 'string' ? splitTags(item.tagNames, ',') : draft.tagList(item.tagNames, 'tagNames');
  }
  if (!Array.isArray(tags)) {
    draft.fail(`tags must be a list of tags ({name, color}), not ${describe(tags)}`);
    return undefined;
  }
  const names: string[] = [];
  for (const [index, tag] of (tags as unknown[]).entries()) {
    const tagName = isJsonObject(tag) ? tag.name : tag;
    if (typeof tagName !== 'string') {
      draft.fail(`tags[${index}] must be a tag ({name, color}) or text`);
      return undefined;
    }
    names.push(tagName);
  }
  return cleanTags(names);
}
