import { badRequest } from '../../common/api-error';
import type { Clock } from '../../common/clock';
import type { QueryParams } from '../../common/contract';
import { GROUP_COLUMNS, ORPHAN_KINDS } from './click';
import { TOP } from './click-counters';

type SeriesQuery = QueryParams<'getUrlStats'>;
export type Interval = 'hour' | 'day' | 'week' | 'month';

/**
 * Whose clicks: a link's, a QR code's, a bio page's visits, a bio page block's clicks, all of
 * an account's links and QR codes, the links of a campaign (those in it now), the account's links
 * carrying a tag (now), or a branded domain's orphan visits.
 */
export type SeriesScope =
  | { link: number }
  | { qr: number }
  | { bio: number }
  | { block: number }
  | { account: number }
  | { campaign: number }
  /** The account's links carrying a tag now. */
  | { account: number; tag: string }
  | { domain: number };

/** The filters a series takes: query parameter, and the column of click_hour_groups it reads. */
export const FILTERS = {
  country: GROUP_COLUMNS.country,
  referrer: GROUP_COLUMNS.referrer,
  browser: GROUP_COLUMNS.browser,
  os: GROUP_COLUMNS.os,
  device: GROUP_COLUMNS.device,
  social: GROUP_COLUMNS.social,
  utm_source: GROUP_COLUMNS.utmSource,
  utm_medium: GROUP_COLUMNS.utmMedium,
  utm_campaign: GROUP_COLUMNS.utmCampaign,
  variant: GROUP_COLUMNS.variant,
  kind: GROUP_COLUMNS.orphan,
  alias: GROUP_COLUMNS.alias,
} as const;
export type Filter = keyof typeof FILTERS;
/** The filters only a domain's orphan visits take. */
export const ORPHAN_FILTERS: readonly Filter[] = ['kind', 'alias'];

/** The top lists of a range: their names in the answer, and the columns they count. */
export const TOP_LISTS = {
  countries: GROUP_COLUMNS.country,
  referrers: GROUP_COLUMNS.referrer,
  browsers: GROUP_COLUMNS.browser,
  os: GROUP_COLUMNS.os,
  devices: GROUP_COLUMNS.device,
  social: GROUP_COLUMNS.social,
  utmSources: GROUP_COLUMNS.utmSource,
  utmMediums: GROUP_COLUMNS.utmMedium,
  utmCampaigns: GROUP_COLUMNS.utmCampaign,
  variants: GROUP_COLUMNS.variant,
  kinds: GROUP_COLUMNS.orphan,
  aliases: GROUP_COLUMNS.alias,
} as const;
export type TopList = keyof typeof TOP_LISTS;
/** The top lists of a domain's orphan visits: every one, what they reached and the aliases asked for among them (no variant: no link). */
export const ORPHAN_LISTS: readonly TopList[] = Object.keys(TOP_LISTS) as TopList[];
/** The top lists of every other scope. */
export const LINK_LISTS: readonly TopList[] = (Object.keys(TOP_LISTS) as TopList[]).filter(
  (list) => list !== 'kinds' && list !== 'aliases',
);

const INTERVALS: Interval[] = ['hour', 'day', 'week', 'month'];
const DEFAULT_DAYS = 30;
/** Buckets in one series at most: a year of hours fits. */
const MAX_BUCKETS = 10_000;
const DAY_MS = 86_400_000;
const BUCKET_MS: Record<Interval, number> = { hour: 3_600_000, day: DAY_MS, week: 7 * DAY_MS, month: 28 * DAY_MS };
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** What a series is asked for, read and checked. */
export interface SeriesRequest {
  from: Date;
  to: Date;
  interval: Interval;
  /** The zone the dates are counted in (the platform's name for it: Asia/Calcutta for Asia/Kolkata). */
  tz: string;
  /** The zone as the caller named it, which the answer says back. */
  tzName: string;
  filters: Partial<Record<Filter, string>>;
  /** Values each top list holds at most (`top`, 1 to MAX_TOP; TOP unless asked). */
  top: number;
}

/** The most values a top list may be asked for: every country there is. */
export const MAX_TOP = 250;

export function single(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`Invalid parameter "${name}": give it once.`);
  return value;
}

/**
 * An IANA time zone name the platform knows (Europe/Paris, America/New_York, UTC): the name the
 * platform uses for it, which is what the database is given (the platform and the database agree
 * on those; a newer name such as Europe/Kyiv is known to the platform as Europe/Kiev).
 */
function timeZone(value: string | undefined): string {
  if (value === undefined) return 'UTC';
  if (value.length <= 64 && /^[A-Za-z0-9_+\-/]+$/.test(value)) {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
    } catch {
      // not a zone: answered below
    }
  }
  throw badRequest('Invalid parameter "tz": must be an IANA time zone name, such as Europe/Paris or UTC.');
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The offset of a zone from UTC at an instant, in minutes (Paris in summer: 120). */
function zoneOffsetMinutes(tz: string, at: Date): number {
  let format = zoneFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    // Zones are a few hundred names at most (checked before they get here).
    zoneFormats.set(tz, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** An offset from UTC in minutes as ISO 8601 writes it: +01:00, -04:00, +05:30. */
export function formatOffset(offset: number): string {
  const minutes = Math.abs(offset);
  return `${offset < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** An instant as ISO 8601 in a zone, with its offset: 2026-03-29T00:00:00+01:00. */
export function formatInZone(at: Date, tz: string): string {
  const offset = zoneOffsetMinutes(tz, at);
  return `${new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 19)}${formatOffset(offset)}`;
}

/** A date (midnight in the zone) or a date-time with its offset. */
export function instant(name: string, value: string, tz: string): Date {
  let at: Date | null = null;
  // The calendar date must exist (Date reads 2026-02-30T00:00Z as 2 March).
  const day = value.slice(0, 10);
  const midnightUtc = new Date(`${day}T00:00:00Z`);
  const realDay = !Number.isNaN(midnightUtc.getTime()) && midnightUtc.toISOString().startsWith(day);
  if (realDay && DATE.test(value)) {
    // Midnight in the zone: the offset at midnight UTC, corrected once for a change that day.
    const first = new Date(midnightUtc.getTime() - zoneOffsetMinutes(tz, midnightUtc) * 60_000);
    at = new Date(midnightUtc.getTime() - zoneOffsetMinutes(tz, first) * 60_000);
  } else if (realDay && DATE_TIME.test(value)) {
    const parsed = new Date(value);
    if (!Number.isNaN(parsed.getTime())) at = parsed;
  }
  if (at === null || at.getUTCFullYear() < 2000 || at.getUTCFullYear() > 9999) {
    throw badRequest(
      `Invalid parameter "${name}": must be a date (2026-11-01, midnight in tz) or a date and time with its offset (2026-11-01T08:00:00Z).`,
    );
  }
  return at;
}

/**
 * Reads a range of time from a query: `from` and `to` (dates at midnight in `tz`, or date-times
 * with an offset; default the last 30 days) and the zone; a clear 400 for anything else.
 */
export function readRange(
  query: { from?: unknown; to?: unknown; tz?: unknown },
  clock: Clock,
): { from: Date; to: Date; tz: string; tzName: string } {
  const asked = single('tz', query.tz);
  const tz = timeZone(asked);
  const toText = single('to', query.to);
  const fromText = single('from', query.from);
  const to = toText === undefined ? new Date(clock.now()) : instant('to', toText, tz);
  const from = fromText === undefined ? new Date(to.getTime() - DEFAULT_DAYS * DAY_MS) : instant('from', fromText, tz);
  if (from.getTime() >= to.getTime()) throw badRequest('Invalid parameters: "from" must be before "to".');
  // Said back as asked (Asia/Kolkata, not the platform's Asia/Calcutta); only its case is the zone's.
  const tzName = asked !== undefined && asked.toLowerCase() !== tz.toLowerCase() ? asked : tz;
  return { from, to, tz, tzName };
}

/**
 * Reads the query of a series: range, interval, zone and filters (`orphans`: a domain's orphan
 * visits, which also take `kind` and `alias` and have no variant); a clear 400 for anything else.
 */
export function readSeriesRequest(query: SeriesQuery | QueryParams<'getDomainOrphanStats'>, clock: Clock, orphans = false): SeriesRequest {
  const { from, to, tz, tzName } = readRange(query, clock);
  const intervalText = single('interval', query.interval) ?? 'day';
  if (!INTERVALS.includes(intervalText as Interval)) throw badRequest('Invalid parameter "interval": must be hour, day, week or month.');
  const interval = intervalText as Interval;
  if ((to.getTime() - from.getTime()) / BUCKET_MS[interval] > MAX_BUCKETS) {
    throw badRequest(
      `Invalid parameters: the range holds more than ${MAX_BUCKETS} ${interval}s; ask for a shorter range or a longer interval.`,
    );
  }
  const filters: SeriesRequest['filters'] = {};
  const names = (Object.keys(FILTERS) as Filter[]).filter((name) => (orphans ? name !== 'variant' : !ORPHAN_FILTERS.includes(name)));
  for (const name of names) {
    const value = single(name, (query as Partial<Record<Filter, unknown>>)[name]);
    if (value === undefined) continue;
    if (value === '' || value.length > 253 || /\p{Cc}/u.test(value)) {
      throw badRequest(`Invalid parameter "${name}": must be 1 to 253 characters, without control characters.`);
    }
    if (name === 'variant' && !/^[A-Ja-j]$/.test(value)) throw badRequest('Invalid parameter "variant": must be a letter from A to J.');
    if (name === 'kind' && !ORPHAN_KINDS.includes(value as (typeof ORPHAN_KINDS)[number])) {
      throw badRequest(`Invalid parameter "kind": must be ${ORPHAN_KINDS.join(', ')}.`);
    }
    filters[name] = name === 'country' || name === 'variant' ? value.toUpperCase() : value;
  }
  const topText = single('top', query.top);
  if (topText !== undefined && !(/^[1-9][0-9]{0,2}$/.test(topText) && Number(topText) <= MAX_TOP)) {
    throw badRequest(`Invalid parameter "top": must be a whole number from 1 to ${MAX_TOP}.`);
  }
  return { from, to, interval, tz, tzName, filters, top: topText === undefined ? TOP : Number(topText) };
}
