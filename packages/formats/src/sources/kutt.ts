import { ImportFormatError } from '../errors';
import { LinkDraft } from '../fields';
import { eachItem, isJsonObject, parseJsonDocument, type JsonObject } from '../json';
import type { ImportRecord } from '../types';

/**
 * Kutt has no export file: what its users have is the API's list, `GET /api/v2/links` →
 * `{"limit", "skip", "total", "data": [...]}` (or the bare list of its items). An item has `id` (a
 * UUID), `address` (the alias), `domain` (a custom domain, or null for the instance's own),
 * `target` (the long URL), `description`, `expire_in`, `created_at`, `updated_at`, `visit_count`,
 * `password` (true/false; the password itself is never given), `banned` and `link` (the short URL;
 * some Kutt 3 releases give it as `{link, url}`). Kutt has no tags.
 */
export function readKutt(text: string): ImportRecord[] {
  const document = parseJsonDocument(text, 'Kutt');
  const items = Array.isArray(document) ? document : isJsonObject(document) ? document.data : undefined;
  if (!Array.isArray(items)) {
    throw new ImportFormatError('not a Kutt export: expected the API\'s list of links ({"data": [...]}) or a list of links');
  }
  return eachItem(items, readKuttLink, (line) => ({ line, error: 'the item is not a Kutt link (not a JSON object)' }));
}

function readKuttLink(item: JsonObject, line: number): ImportRecord {
  const draft = new LinkDraft(line);
  const link = draft.link;
  link.longurl = draft.text(item.target, 'target');
  // `domain` is null on the instance's own domain: then only the short URL in `link` names the host.
  const domain = draft.text(item.domain, 'domain');
  const address = draft.text(item.address, 'address');
  if (domain === undefined || address === undefined) {
    const shortUrl = isJsonObject(item.link) ? item.link.url : item.link;
    if (shortUrl !== undefined && shortUrl !== null) draft.shortUrl(shortUrl, 'link');
  }
  if (domain !== undefined) link.domain = domain;
  if (address !== undefined) link.alias = address;
  link.description = draft.text(item.description, 'description');
  link.expiry = draft.dateTime(item.expire_in, 'expire_in', 'problem');
  link.date = draft.dateTime(item.created_at, 'created_at', 'omit');
  link.clicks = draft.count(item.visit_count, 'visit_count');
  if (item.password === true) {
    draft.fail('password: the link is password-protected in Kutt, which never gives out passwords, so it is not imported unprotected');
  }
  if (item.banned === true) draft.fail('banned: Kutt banned this link, so it is not imported');
  return draft.finish('target');
}
