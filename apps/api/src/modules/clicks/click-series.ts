import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { badRequest } from '../../common/api-error';
import { shortUrl } from '../../common/public-urls';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import type { Clock } from '../../common/clock';
import type { Ok, QueryParams } from '../../common/contract';
import { GROUP_COLUMNS } from './click-recorder';

export type ClickSeries = Ok<'getUrlStats'>['data'];
type SeriesQuery = QueryParams<'getUrlStats'>;
export type Interval = 'hour' | 'day' | 'week' | 'month';

/**
 * Whose clicks: a link's, a QR code's, a bio page's visits, a bio page block's clicks, all of
 * an account's links and QR codes, or the links of a campaign (those in it now).
 */
export type SeriesScope =
  { link: number } | { qr: number } | { bio: number } | { block: number } | { account: number } | { campaign: number };

/** The filters a series takes: query parameter, and the column of click_hour_groups it reads. */
const FILTERS = {
  country: GROUP_COLUMNS.country,
  referrer: GROUP_COLUMNS.referrer,
  browser: GROUP_COLUMNS.browser,
  os: GROUP_COLUMNS.os,
  device: GROUP_COLUMNS.device,
  social: GROUP_COLUMNS.social,
  utm_source: GROUP_COLUMNS.utmSource,
  utm_medium: GROUP_COLUMNS.utmMedium,
  utm_campaign: GROUP_COLUMNS.utmCampaign,
} as const;
type Filter = keyof typeof FILTERS;

/** The top lists of a range: their names in the answer, and the columns they count. */
const TOP_LISTS = {
  countries: GROUP_COLUMNS.country,
  referrers: GROUP_COLUMNS.referrer,
  browsers: GROUP_COLUMNS.browser,
  os: GROUP_COLUMNS.os,
  devices: GROUP_COLUMNS.device,
  social: GROUP_COLUMNS.social,
  utmSources: GROUP_COLUMNS.utmSource,
  utmMediums: GROUP_COLUMNS.utmMedium,
  utmCampaigns: GROUP_COLUMNS.utmCampaign,
} as const;
type TopList = keyof typeof TOP_LISTS;

const INTERVALS: Interval[] = ['hour', 'day', 'week', 'month'];
const DEFAULT_DAYS = 30;
/** Buckets in one series at most: a year of hours fits. */
const MAX_BUCKETS = 10_000;
const TOP = 10;
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
}

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
function formatOffset(offset: number): string {
  const minutes = Math.abs(offset);
  return `${offset < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** An instant as ISO 8601 in a zone, with its offset: 2026-03-29T00:00:00+01:00. */
function formatInZone(at: Date, tz: string): string {
  const offset = zoneOffsetMinutes(tz, at);
  return `${new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 19)}${formatOffset(offset)}`;
}

/** A date (midnight in the zone) or a date-time with its offset. */
function instant(name: string, value: string, tz: string): Date {
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

/** Reads the query of a series: range, interval, zone and filters; a clear 400 for anything else. */
export function readSeriesRequest(query: SeriesQuery, clock: Clock): SeriesRequest {
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
  for (const name of Object.keys(FILTERS) as Filter[]) {
    const value = single(name, query[name]);
    if (value === undefined) continue;
    if (value === '' || value.length > 253 || /\p{Cc}/u.test(value)) {
      throw badRequest(`Invalid parameter "${name}": must be 1 to 253 characters, without control characters.`);
    }
    filters[name] = name === 'country' ? value.toUpperCase() : value;
  }
  return { from, to, interval, tz, tzName, filters };
}

/** The rows of a scope in a rollup table, with its parameters added by `param`. */
function ownerCondition(scope: SeriesScope, param: (value: unknown) => string): (table: string) => string {
  return (table) => {
    if ('link' in scope) return `${table}.link_id = ${param(scope.link)}`;
    if ('qr' in scope) return `${table}.qr_id = ${param(scope.qr)}`;
    if ('bio' in scope) return `${table}.bio_id = ${param(scope.bio)}`;
    if ('block' in scope) return `${table}.block_id = ${param(scope.block)}`;
    // The links in the campaign now (links_campaign_id_idx), their hourly rows by link.
    if ('campaign' in scope) return `${table}.link_id IN (SELECT id FROM links WHERE campaign_id = ${param(scope.campaign)})`;
    const account = param(scope.account);
    return `(${table}.link_id IN (SELECT id FROM links WHERE user_id = ${account})
             OR ${table}.qr_id IN (SELECT id FROM qr_codes WHERE user_id = ${account}))`;
  };
}

/**
 * Clicks over time, read from the hourly rollups the recorder keeps (never from raw clicks, so the
 * retention of raw clicks changes nothing here). Buckets start at local midnight (days), Monday
 * (weeks) or the first of the month in the asked zone, and every bucket of the range is answered,
 * zeros included. Unique visitors are counted per hour: a bucket's visitors are the sum of its
 * hours'. With a filter the counts come from the hourly groups, which hold people's clicks only,
 * so visitors and bots are null.
 */
@Injectable()
export class ClickSeriesService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async read(scope: SeriesScope, request: SeriesRequest): Promise<ClickSeries> {
    const { from, to, interval, tz, tzName, filters } = request;
    const filtered = Object.keys(filters).length > 0;
    // $1 and $2 are the range, $3 the zone.
    const params: unknown[] = [from, to, tz];
    const param = (value: unknown) => `$${params.push(value)}`;

    const firstBucket =
      interval === 'hour'
        ? `date_trunc('hour', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`
        : `date_trunc('${interval}', $1::timestamptz AT TIME ZONE $3)`;
    // The range starts with its first bucket, so that bucket is whole.
    const rangeStart = interval === 'hour' ? firstBucket : `(${firstBucket} AT TIME ZONE $3)`;
    const owner = ownerCondition(scope, param);
    const where = (table: string) =>
      [
        owner(table),
        `${table}.hour >= ${rangeStart}`,
        `${table}.hour < $2`,
        ...(Object.entries(filters) as [Filter, string][]).map(([name, value]) => `${table}.${FILTERS[name]} = ${param(value)}`),
      ].join(' AND ');
    const source = filtered ? 'click_hour_groups' : 'click_hours';
    const whereSource = where('s');
    const bucketOf = interval === 'hour' ? `s.hour` : `date_trunc('${interval}', s.hour AT TIME ZONE $3) AT TIME ZONE $3`;
    // Buckets are made in local time for days, weeks and months (a local day may last 23 or 25
    // hours), and in UTC hours for hours.
    const buckets =
      interval === 'hour'
        ? `SELECT generate_series(${firstBucket}, $2::timestamptz - interval '1 microsecond', interval '1 hour') AS start`
        : `SELECT local AT TIME ZONE $3 AS start
             FROM generate_series(${firstBucket}, ($2::timestamptz - interval '1 microsecond') AT TIME ZONE $3, interval '1 ${interval}') AS local`;
    const people = filtered ? 'NULL::bigint' : 'sum(s.visitors)';
    const bots = filtered ? 'NULL::bigint' : 'sum(s.bots)';

    // Each bucket's start is written in the zone by the database (its local time and offset): a
    // year of hours is 8,760 of them.
    const seriesRows = await this.dataSource.query<
      { local: string; offset: number; clicks: string; visitors: string | null; bots: string | null }[]
    >(
      `WITH counts AS (
         SELECT ${bucketOf} AS start, sum(s.clicks) AS clicks, ${people} AS visitors, ${bots} AS bots
           FROM ${source} s WHERE ${whereSource} GROUP BY 1
       )
       SELECT to_char(b.start AT TIME ZONE $3, 'YYYY-MM-DD"T"HH24:MI:SS') AS local,
              (extract(epoch FROM (b.start AT TIME ZONE $3) - (b.start AT TIME ZONE 'UTC')) / 60)::int AS offset,
              coalesce(c.clicks, 0)::text AS clicks,
              ${filtered ? 'NULL' : 'coalesce(c.visitors, 0)::text'} AS visitors, ${filtered ? 'NULL' : 'coalesce(c.bots, 0)::text'} AS bots
         FROM (${buckets}) b LEFT JOIN counts c ON c.start = b.start
        ORDER BY b.start`,
      params,
    );

    const count = (value: string | null) => (value === null ? null : Number(value));
    const series = seriesRows.map((row) => ({
      start: `${row.local}${formatOffset(row.offset)}`,
      clicks: Number(row.clicks),
      visitors: count(row.visitors),
      bots: count(row.bots),
    }));
    const sum = (pick: (entry: (typeof series)[number]) => number | null) =>
      filtered ? null : series.reduce((total, entry) => total + (pick(entry) ?? 0), 0);

    const topRows = await this.topValues(scope, filters, series[0] ? new Date(series[0].start) : from, to);
    const top = Object.fromEntries(
      (Object.keys(TOP_LISTS) as TopList[]).map((list) => [
        list,
        topRows.filter((row) => row.list === list).map((row) => ({ value: row.value, clicks: Number(row.clicks) })),
      ]),
    ) as Record<TopList, { value: string; clicks: number }[]>;

    const answer: ClickSeries = {
      from: series[0]?.start ?? formatInZone(from, tz),
      to: formatInZone(to, tz),
      interval,
      tz: tzName,
      filters,
      series,
      totals: {
        clicks: series.reduce((total, entry) => total + entry.clicks, 0),
        visitors: sum((entry) => entry.visitors),
        bots: sum((entry) => entry.bots),
      },
      top,
    };
    if ('account' in scope || 'campaign' in scope) answer.topLinks = await this.topLinks(source, whereSource, params);
    return answer;
  }

  /**
   * The top values of each dimension from rangeStart to `to`. Without a filter, the whole UTC days
   * of the range are read from the daily values and only the hours at its edges from the hourly
   * groups: a year is a few thousand rows. With a filter, the hourly groups of the whole range.
   */
  private async topValues(
    scope: SeriesScope,
    filters: SeriesRequest['filters'],
    rangeStart: Date,
    to: Date,
  ): Promise<{ list: TopList; value: string; clicks: string }[]> {
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const owner = ownerCondition(scope, param);
    const filtered = Object.keys(filters).length > 0;
    const firstDay = Math.ceil(rangeStart.getTime() / DAY_MS) * DAY_MS;
    const lastDay = Math.floor(to.getTime() / DAY_MS) * DAY_MS;
    const byDay = !filtered && lastDay > firstDay;
    const hourSpans = byDay
      ? [
          [rangeStart, new Date(firstDay)],
          [new Date(lastDay), to],
        ].filter(([start, end]) => start! < end!)
      : [[rangeStart, to]];
    const hourly = hourSpans.map(([start, end]) => `(s.hour >= ${param(start)} AND s.hour < ${param(end)})`);
    const filterConditions = (Object.entries(filters) as [Filter, string][]).map(([name, value]) => `s.${FILTERS[name]} = ${param(value)}`);
    const parts: string[] = [];
    if (hourly.length > 0) {
      parts.push(`SELECT d.list, d.value, s.clicks
          FROM click_hour_groups s
         CROSS JOIN LATERAL (VALUES ${Object.entries(TOP_LISTS)
           .map(([list, column]) => `('${list}', s.${column})`)
           .join(', ')}) AS d(list, value)
         WHERE ${[owner('s'), `(${hourly.join(' OR ')})`, ...filterConditions].join(' AND ')} AND d.value <> ''`);
    }
    if (byDay) {
      const lists = Object.entries(TOP_LISTS)
        .map(([list, column]) => `WHEN '${column}' THEN '${list}'`)
        .join(' ');
      parts.push(`SELECT CASE s.dimension ${lists} END AS list, s.value, s.clicks
          FROM click_day_values s
         WHERE ${owner('s')} AND s.day >= ${param(new Date(firstDay).toISOString().slice(0, 10))}::date
           AND s.day < ${param(new Date(lastDay).toISOString().slice(0, 10))}::date`);
    }
    return this.dataSource.query<{ list: TopList; value: string; clicks: string }[]>(
      `SELECT list, value, clicks::text AS clicks FROM (
         SELECT list, value, sum(clicks) AS clicks, row_number() OVER (PARTITION BY list ORDER BY sum(clicks) DESC, value) AS rank
           FROM (${parts.join(' UNION ALL ')}) AS u GROUP BY list, value
       ) ranked WHERE rank <= ${TOP} ORDER BY list, rank`,
      params,
    );
  }

  /**
   * The account's (or the campaign's) links clicked most in the range (the condition already keeps
   * their rows).
   * The condition of hourly buckets does not use the zone ($3): it is named here all the same, so
   * the database knows every parameter's type.
   */
  private async topLinks(source: string, where: string, params: unknown[]): Promise<NonNullable<ClickSeries['topLinks']>> {
    const rows = await this.dataSource.query<{ id: number; alias: string; domain: string | null; clicks: string }[]>(
      `SELECT l.id, l.alias, d.domain, sum(s.clicks)::text AS clicks
         FROM ${source} s JOIN links l ON l.id = s.link_id LEFT JOIN domains d ON d.id = l.domain_id
        WHERE ${where} AND $3::text IS NOT NULL
        GROUP BY l.id, l.alias, d.domain HAVING sum(s.clicks) > 0
        ORDER BY sum(s.clicks) DESC, l.id LIMIT ${TOP}`,
      params,
    );
    return rows.map((row) => ({
      id: row.id,
      alias: row.alias,
      shorturl: shortUrl(this.config.publicUrl, row.alias, row.domain === null ? null : { domain: row.domain }),
      clicks: Number(row.clicks),
    }));
  }
}
