import type { components, LinkyardClient } from '@linkyard/client';
import { CliError, ExitCode, usageError } from './errors';

type LinkSummary = components['schemas']['LinkSummary'];

/** A link named on the command line, with what was learnt while finding it. */
export interface ResolvedLink {
  id: number;
  /** Known when the link was found by alias or short URL; null when given by id. */
  summary: LinkSummary | null;
}

const MAX_ID = 2_147_483_647;
const ALIAS = /^[A-Za-z0-9_-]+$/;

/** The short URL without what does not tell links apart (a trailing slash, the case of the host). */
function normalUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

/** The account's links whose alias is exactly this one (the search also matches URLs and titles). */
async function linksWithAlias(client: LinkyardClient, alias: string): Promise<LinkSummary[]> {
  const found: LinkSummary[] = [];
  // Archived links too: a link is named by its alias whether or not it is in the default list.
  for await (const link of client.paginate('/urls', { query: { q: alias, limit: 100, archived: 'include' } })) {
    if (link.alias === alias) found.push(link);
  }
  return found;
}

/**
 * Finds the link a command line names: a number is its id; an http(s) URL is its short URL; any
 * other word is its alias, looked up with the list's search and kept only on an exact match. An
 * alias used on several domains is ambiguous: the user is shown the candidates and asked for the
 * id (or the short URL). An alias made only of digits is read as an id, so such a link is named
 * by its short URL.
 */
export async function resolveLink(client: LinkyardClient, reference: string): Promise<ResolvedLink> {
  if (/^\d+$/.test(reference)) {
    const id = Number(reference);
    if (id < 1 || id > MAX_ID) throw usageError(`${reference} is not a link id (1 to ${MAX_ID})`);
    return { id, summary: null };
  }

  if (/^https?:\/\//i.test(reference)) {
    const wanted = normalUrl(reference);
    const alias = wanted?.split('/').pop() ?? '';
    if (!wanted || !ALIAS.test(alias)) throw usageError(`${JSON.stringify(reference)} is not a short URL`);
    const match = (await linksWithAlias(client, alias)).find((link) => normalUrl(link.shorturl) === wanted);
    if (!match) throw new CliError(`no link with the short URL ${reference}`, ExitCode.notFound, 404);
    return { id: match.id, summary: match };
  }

  if (!ALIAS.test(reference)) {
    throw usageError(`${JSON.stringify(reference)} is not a link id, alias or short URL (an alias has letters, digits, "_" and "-")`);
  }
  const matches = await linksWithAlias(client, reference);
  if (matches.length === 0) throw new CliError(`no link with the alias "${reference}"`, ExitCode.notFound, 404);
  if (matches.length > 1) {
    const candidates = matches.map((link) => `${link.id} (${link.shorturl})`).join(', ');
    throw usageError(`${matches.length} links have the alias "${reference}", on different domains: ${candidates}; name one by its id`);
  }
  return { id: matches[0]!.id, summary: matches[0]! };
}
