import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { shortUrl } from '../../common/public-urls';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import type { Ok } from '../../common/contract';
import {
  FILTERS,
  formatInZone,
  formatOffset,
  TOP_LISTS,
  type Filter,
  type SeriesRequest,
  type SeriesScope,
  type TopList,
} from './series-request';

export type ClickSeries = Ok<'getUrlStats'>['data'];

const TOP = 10;
const DAY_MS = 86_400_000;

/** The rows of a scope in a rollup table, with its parameters added by `param`. */
function ownerCondition(scope: SeriesScope, param: (value: unknown) => string): (table: string) => string {
  return (table) => {
    if ('link' in scope) return `${table}.link_id = ${param(scope.link)}`;
    if ('qr' in scope) return `${table}.qr_id = ${param(scope.qr)}`;
    if ('bio' in scope) return `${table}.bio_id = ${param(scope.bio)}`;
    if ('block' in scope) return `${table}.block_id = ${param(scope.block)}`;
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
    if ('account' in scope) answer.topLinks = await this.topLinks(source, whereSource, params);
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
   * The account's links clicked most in the range (the condition already keeps the account's rows).
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
