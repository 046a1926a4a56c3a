import type { QueryParams } from '../../common/contract';
import { ApiError, badRequest } from '../../common/api-error';
import { instant, single } from '../clicks/series-request';
import type { ListFilter } from './links.service';
import { MAX_TAGS, TAG_LENGTH, tagList } from './tags';

/** The filters of the links list, read from `GET /urls`'s query or from a bulk edit's `filter`. */

export function queryText(value: unknown): string | undefined {
  const text: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof text !== 'string') return undefined;
  const cleaned = text.replace(/\u0000/g, '').trim();
  return cleaned !== '' ? cleaned.slice(0, 200) : undefined;
}

/** `campaign` or `channel`: a record's id, or nothing (absent or empty); anything else is a 400. */
function idFilter(name: 'campaign' | 'channel', value: unknown): number | undefined {
  const text = single(name, value);
  if (text === undefined || text === '') return undefined;
  if (!/^[1-9][0-9]{0,9}$/.test(text) || Number(text) > 2_147_483_647) {
    throw badRequest(`Invalid parameter "${name}": must be a ${name} id, a whole number from 1 to 2147483647.`);
  }
  return Number(text);
}

/** A parameter of a few values, or nothing (absent or empty); anything else is a 400. */
function oneOf<T extends string>(name: string, value: unknown, values: readonly T[]): T | undefined {
  const text = single(name, value);
  if (text === undefined || text === '') return undefined;
  if (!(values as readonly string[]).includes(text)) {
    const choices = values.length > 2 ? `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}` : values.join(' or ');
    throw badRequest(`Invalid parameter "${name}": must be ${choices}.`);
  }
  return text as T;
}

/** `domain`: a branded domain's URL or host, `default`, or nothing; at most 300 characters. */
function domainFilter(value: unknown): string | undefined {
  const text = single('domain', value)?.trim();
  if (text === undefined || text === '') return undefined;
  if (text.length > 300 || /\p{Cc}/u.test(text))
    throw badRequest('Invalid parameter "domain": must be a branded domain of the account, or default.');
  return text;
}

/** The filters of `GET /urls`, each checked: a clear 400 for a value that cannot be one. */
export function listFilter(query: QueryParams<'listUrls'>): ListFilter {
  const from = single('from', query.from);
  const to = single('to', query.to);
  return {
    search: queryText(query.q),
    campaign: idFilter('campaign', query.campaign),
    channel: idFilter('channel', query.channel),
    domain: domainFilter(query.domain),
    tags: tagFilter(query.tag),
    status: oneOf('status', query.status, ['public', 'private'] as const),
    state: oneOf('state', query.state, ['active', 'expired', 'limited', 'scheduled'] as const),
    // As the audit log and the click exports read them: a date is its midnight (UTC), a date-time carries its offset.
    from: from === undefined || from === '' ? undefined : instant('from', from, 'UTC'),
    to: to === undefined || to === '' ? undefined : instant('to', to, 'UTC'),
    archived: oneOf('archived', query.archived, ['include', 'only'] as const),
  };
}

/** `tag`, repeatable: the links carrying every tag named; empty values are no filter. */
function tagFilter(value: unknown): string[] | undefined {
  const values: unknown[] = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const given = values.filter((text) => typeof text !== 'string' || text.trim() !== '');
  if (given.length === 0) return undefined;
  if (given.length > MAX_TAGS) throw badRequest(`Invalid parameter "tag": at most ${MAX_TAGS} tags.`);
  const tags = tagList(given);
  if (tags === null)
    throw badRequest(`Invalid parameter "tag": each must be a tag, 1 to ${TAG_LENGTH} characters without control characters.`);
  return tags;
}

/** What a bulk edit's `filter` holds: the names and values of `GET /urls`'s filters, in JSON. */
export interface FilterBody {
  q?: string;
  campaign?: number;
  channel?: number;
  domain?: string;
  tag?: string[];
  status?: string;
  state?: string;
  from?: string;
  to?: string;
  archived?: string;
}

/** A bulk edit's `filter`, by the rules of the list's query; a refusal names the field `filter.<name>`. */
export function bodyFilter(body: FilterBody): ListFilter {
  const text = (value: number | string | undefined) => (value === undefined ? undefined : String(value));
  try {
    return listFilter({
      q: body.q,
      campaign: text(body.campaign),
      channel: text(body.channel),
      domain: body.domain,
      tag: body.tag,
      status: body.status,
      state: body.state,
      from: body.from,
      to: body.to,
      archived: body.archived,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const named = /^Invalid parameter "([a-z]+)"/.exec(error.message);
    if (!named) throw error;
    throw badRequest(error.message.replace(named[0], `Invalid field "filter.${named[1]}"`), 'filter');
  }
}
