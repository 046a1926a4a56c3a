import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { prepared } from '../../database/guarded-pg';
import { Sql } from '../../database/sql';
import type { ClickTarget } from './click';
import { countersOf, TARGET_COLUMNS, TOP, type CounterRow } from './click-counters';
import type { ClickStatsReads } from './click-stats-reads';
import type { SeriesText } from './series-json';
import {
  FILTERS,
  LINK_LISTS,
  ORPHAN_LISTS,
  TOP_LISTS,
  type Filter,
  type SeriesRequest,
  type SeriesScope,
  type TopList,
} from './series-request';

/**
 * The buckets of a series' text in one row: a text under 128 kB (a thousand lines of 40
 * characters at most) is made in V8's young generation and dies there once answered, where one
 * text of a year by hour (about 300 kB) went to its large-object space and brought a full
 * collection about every 40 answers.
 */
const BUCKETS_PER_TEXT = 1000;

/**
 * Every statement that reads clicks back: the counters of a target (its statistics), the series
 * over time and their top lists from the hourly rollups, a link's raw clicks for the export, and
 * the owners of clicked links and QR codes (the live streams).
 */
@Injectable()
export class ClickReadsRepository implements ClickStatsReads {
  readonly concurrent = false;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The values counted most of each dimension of a target's counters (TOP of each), counts as text. */
  @Sql((f) => ['link', f.ids.link], (f) => ['block', f.ids.block])
  async counters(target: ClickTarget, id: number): Promise<CounterRow[]> {
    const [row] = await this.dataSource.query<{ counters: CounterRow[] }[]>(COUNTER_READS[target], [id]);
    return row!.counters;
  }

  /**
   * Each bucket of a series and its counts, zeros included, in order, as runs of BUCKETS_PER_TEXT
   * buckets (none when the range has no bucket): each run's first start in the zone (local time,
   * written by the database), and a text of a line per bucket of its offset from UTC in minutes,
   * its clicks, and unless filtered its visitors and bots (see SeriesText). A year of hours is
   * 8,760 buckets, which the driver reads as 9 rows of two texts rather than as 8,760 rows of
   * five fields, and seriesJson writes as the answer's JSON, each bucket's start worked out from
   * its run's first one.
   */
  @Sql(
    (f) => [{ link: f.ids.link }, EXAMPLE_REQUEST('day')],
    (f) => [{ account: f.account.id }, { ...EXAMPLE_REQUEST('hour'), filters: { country: 'FR' } }],
  )
  async series(scope: SeriesScope, request: SeriesRequest): Promise<SeriesText[]> {
    const { interval } = request;
    const { source, where: whereSource, params, firstBucket, filtered } = rollupCondition(scope, request);
    const bucketOf = interval === 'hour' ? `s.hour` : `date_trunc('${interval}', s.hour AT TIME ZONE $3) AT TIME ZONE $3`;
    // Buckets are made in local time for days, weeks and months (a local day may last 23 or 25
    // hours), and in UTC hours for hours.
    // Each bucket's start, and its place in the series (n, from 1).
    const buckets =
      interval === 'hour'
        ? `SELECT start, n
             FROM generate_series(${firstBucket}, $2::timestamptz - interval '1 microsecond', interval '1 hour') WITH ORDINALITY AS g(start, n)`
        : `SELECT local AT TIME ZONE $3 AS start, n
             FROM generate_series(${firstBucket}, ($2::timestamptz - interval '1 microsecond') AT TIME ZONE $3, interval '1 ${interval}')
                  WITH ORDINALITY AS g(local, n)`;
    const counts = filtered ? `sum(s.clicks) AS clicks` : `sum(s.clicks) AS clicks, sum(s.visitors) AS visitors, sum(s.bots) AS bots`;
    const fields = [
      `(extract(epoch FROM (b.start AT TIME ZONE $3) - (b.start AT TIME ZONE 'UTC')) / 60)::int`,
      `coalesce(c.clicks, 0)`,
      ...(filtered ? [] : [`coalesce(c.visitors, 0)`, `coalesce(c.bots, 0)`]),
    ];
    return this.dataSource.query<SeriesText[]>(
      `WITH counts AS (
         SELECT ${bucketOf} AS start, ${counts} FROM ${source} s WHERE ${whereSource} GROUP BY 1
       )
       SELECT to_char(min(b.start) AT TIME ZONE $3, 'YYYY-MM-DD"T"HH24:MI:SS') AS first, string_agg(${fields.join(` || ' ' || `)}, chr(10) ORDER BY b.n) AS buckets
         FROM (${buckets}) b LEFT JOIN counts c ON c.start = b.start
        GROUP BY (b.n - 1) / ${BUCKETS_PER_TEXT} ORDER BY (b.n - 1) / ${BUCKETS_PER_TEXT}`,
      params,
    );
  }

  /**
   * The top values of each dimension from the series' first bucket to `to`. Without a filter, the
   * whole UTC days of that range are read from the daily values and only the hours at its edges
   * from the hourly groups: a year is a few thousand rows. With a filter, the hourly groups of the
   * whole range. The range's start and its days are worked out by the database from the request,
   * as the series' own statement does, so the two statements need not wait for each other.
   */
  @Sql(
    (f) => [{ link: f.ids.link }, { ...EDGES_REQUEST, filters: {} }],
    (f) => [{ qr: f.ids.qr }, { ...EDGES_REQUEST, filters: { utm_source: 'newsletter' } }],
    (f) => [{ link: f.ids.link }, EXAMPLE_REQUEST('week')],
  )
  topValues(scope: SeriesScope, request: SeriesRequest): Promise<{ list: TopList; value: string; clicks: string }[]> {
    const params: unknown[] = [request.from, request.to, request.tz];
    const param = (value: unknown) => `$${params.push(value)}`;
    const owner = ownerCondition(scope, param);
    const filtered = Object.keys(request.filters).length > 0;
    const rangeStart = firstBucketStart(request.interval);
    const filterConditions = (Object.entries(request.filters) as [Filter, string][]).map(
      ([name, value]) => `s.${FILTERS[name]} = ${param(value)}`,
    );
    // The scope's lists only: a link's clicks reach no orphan kind or alias.
    const listColumns = ('domain' in scope ? ORPHAN_LISTS : LINK_LISTS).map((list) => [list, TOP_LISTS[list]] as const);
    let hourly = `s.hour >= ${rangeStart} AND s.hour < $2`;
    const parts: string[] = [];
    if (!filtered) {
      // The first and the last UTC midnight of the range: the days between them are read whole.
      const firstDay = `((date_trunc('day', ${rangeStart} AT TIME ZONE 'UTC' - interval '1 microsecond') + interval '1 day') AT TIME ZONE 'UTC')`;
      const lastDay = `(date_trunc('day', $2::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
      // A range inside one day has no whole day: its two edges then meet, and cover it.
      hourly = `((s.hour >= ${rangeStart} AND s.hour < least(${firstDay}, $2)) OR (s.hour >= greatest(${lastDay}, ${firstDay}) AND s.hour < $2))`;
      const lists = listColumns.map(([list, column]) => `WHEN '${column}' THEN '${list}'`).join(' ');
      parts.push(`SELECT CASE s.dimension ${lists} END AS list, s.value, s.clicks
          FROM click_day_values s
         WHERE ${owner('s')} AND s.day >= (${firstDay} AT TIME ZONE 'UTC')::date AND s.day < (${lastDay} AT TIME ZONE 'UTC')::date`);
    }
    parts.unshift(`SELECT d.list, d.value, s.clicks
          FROM click_hour_groups s
         CROSS JOIN LATERAL (VALUES ${listColumns.map(([list, column]) => `('${list}', s.${column})`).join(', ')}) AS d(list, value)
         WHERE ${[owner('s'), hourly, ...filterConditions].join(' AND ')} AND d.value <> ''`);
    // The zone ($3) is named even where hourly buckets do not use it, so the database knows its type.
    return this.dataSource.query<{ list: TopList; value: string; clicks: string }[]>(
      `SELECT list, value, clicks::text AS clicks FROM (
         SELECT list, value, sum(clicks) AS clicks, row_number() OVER (PARTITION BY list ORDER BY sum(clicks) DESC, value) AS rank
           FROM (${parts.join(' UNION ALL ')}) AS u GROUP BY list, value
       ) ranked WHERE rank <= ${param(request.top)} AND $3::text IS NOT NULL ORDER BY list, rank`,
      params,
    );
  }

  /**
   * The account's (or the campaign's, or the tag's) links clicked most in the range (the condition already keeps
   * their rows).
   * The condition of hourly buckets does not use the zone ($3): it is named here all the same, so
   * the database knows every parameter's type.
   */
  @Sql(
    (f) => [{ account: f.account.id }, EXAMPLE_REQUEST('day')],
    (f) => [{ campaign: f.ids.campaign }, EXAMPLE_REQUEST('hour')],
    (f) => [{ account: f.account.id, tag: 'spring' }, EXAMPLE_REQUEST('week')],
  )
  topLinks(scope: SeriesScope, request: SeriesRequest): Promise<{ id: number; alias: string; domain: string | null; clicks: string }[]> {
    const { source, where, params } = rollupCondition(scope, request);
    return this.dataSource.query<{ id: number; alias: string; domain: string | null; clicks: string }[]>(
      `SELECT l.id, l.alias, d.domain, sum(s.clicks)::text AS clicks
         FROM ${source} s JOIN links l ON l.id = s.link_id LEFT JOIN domains d ON d.id = l.domain_id
        WHERE ${where} AND $3::text IS NOT NULL
        GROUP BY l.id, l.alias, d.domain HAVING sum(s.clicks) > 0
        ORDER BY sum(s.clicks) DESC, l.id LIMIT ${TOP}`,
      params,
    );
  }

  /** A page of a link's raw clicks in a range, after a click (its time as the database wrote it, and its id). */
  @Sql((f) => [f.ids.link, EXAMPLE_RANGE, { at: new Date('2025-12-31T23:59:59.999Z'), id: '0' }, 2000])
  exportPage(
    linkId: number,
    range: { from: Date; to: Date },
    after: { at: Date | string; id: string },
    limit: number,
  ): Promise<ClickRow[]> {
    return this.dataSource.query<ClickRow[]>(
      `SELECT id, created_at, created_at::text AS cursor, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, bot
           FROM clicks
          WHERE link_id = $1 AND created_at >= $2 AND created_at < $3 AND (created_at, id) > ($4::timestamptz, $5::bigint)
          ORDER BY created_at, id LIMIT ${limit}`,
      [linkId, range.from, range.to, after.at, after.id],
    );
  }

  /**
   * The links (and for an account, the QR codes) a scope of several targets counts now: what a
   * click store outside PostgreSQL (ClickHouse) is asked about. Ordered by id.
   */
  @Sql((f) => [{ account: f.account.id }], (f) => [{ campaign: f.ids.campaign }], (f) => [{ account: f.account.id, tag: 'spring' }])
  async scopeTargets(
    scope: { account: number } | { campaign: number } | { account: number; tag: string },
  ): Promise<{ links: number[]; qrs: number[] }> {
    const [row] = await this.dataSource.query<{ links: number[]; qrs: number[] }[]>(
      'campaign' in scope
        ? `SELECT coalesce(array_agg(id ORDER BY id), '{}') AS links, '{}'::int[] AS qrs FROM links WHERE campaign_id = $1`
        : 'tag' in scope
          ? `SELECT coalesce(array_agg(id ORDER BY id), '{}') AS links, '{}'::int[] AS qrs FROM links
              WHERE user_id = $1 AND tags @> ARRAY[$2::text]::varchar(50)[]`
          : `SELECT coalesce((SELECT array_agg(id ORDER BY id) FROM links WHERE user_id = $1), '{}') AS links,
                    coalesce((SELECT array_agg(id ORDER BY id) FROM qr_codes WHERE user_id = $1), '{}') AS qrs`,
      'campaign' in scope ? [scope.campaign] : 'tag' in scope ? [scope.account, scope.tag] : [scope.account],
    );
    return { links: row!.links.map(Number), qrs: row!.qrs.map(Number) };
  }

  /** The aliases and domains of these links (those that still exist), for a list of links clicked most. */
  @Sql((f) => [[f.ids.link, f.spare.link]])
  linkNames(ids: number[]): Promise<{ id: number; alias: string; domain: string | null }[]> {
    return this.dataSource.query<{ id: number; alias: string; domain: string | null }[]>(
      `SELECT l.id, l.alias, d.domain FROM links l LEFT JOIN domains d ON d.id = l.domain_id WHERE l.id = ANY($1::int[])`,
      [ids],
    );
  }

  /** The pages of these bio pages and of these buttons, with the accounts that own them (block_id null: a page itself). */
  @Sql((f) => [[f.ids.bio], [f.ids.block]])
  bioOwners(pages: number[], blocks: number[]): Promise<{ bio_id: number; block_id: number | null; user_id: number }[]> {
    return this.dataSource.query<{ bio_id: number; block_id: number | null; user_id: number }[]>(
      `SELECT p.id AS bio_id, NULL::int AS block_id, p.user_id FROM bio_pages p WHERE p.id = ANY($1::int[])
       UNION ALL
       SELECT b.bio_id, b.id AS block_id, p.user_id FROM bio_blocks b JOIN bio_pages p ON p.id = b.bio_id WHERE b.id = ANY($2::int[])`,
      [pages, blocks],
    );
  }

  /** The accounts that own these links or QR codes. */
  @Sql((f) => ['links', [f.ids.link, f.spare.link]], (f) => ['qr_codes', [f.ids.qr]])
  owners(table: 'links' | 'qr_codes', ids: number[]): Promise<{ id: number; user_id: number }[]> {
    return this.dataSource.query<{ id: number; user_id: number }[]>(`SELECT id, user_id FROM ${table} WHERE id = ANY($1::int[])`, [ids]);
  }
}

/** counters' statement for each kind of target, built once (the same text every call). */
const COUNTER_READS = Object.fromEntries(
  Object.keys(TARGET_COLUMNS).map((target) => [target, prepared(`SELECT ${countersOf(target as ClickTarget, '$1')} AS counters`)]),
) as Record<ClickTarget, string>;

/** A raw click as the export reads it. */
export interface ClickRow {
  id: string;
  created_at: Date;
  /** created_at to the microsecond, as the database writes it: the next page starts after it exactly. */
  cursor: string;
  country: string | null;
  referrer: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  social: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  variant: string | null;
  bot: boolean;
}

/** The rows of a scope in a rollup table, with its parameters added by `param`. */
function ownerCondition(scope: SeriesScope, param: (value: unknown) => string): (table: string) => string {
  return (table) => {
    if ('link' in scope) return `${table}.link_id = ${param(scope.link)}`;
    if ('qr' in scope) return `${table}.qr_id = ${param(scope.qr)}`;
    if ('bio' in scope) return `${table}.bio_id = ${param(scope.bio)}`;
    if ('block' in scope) return `${table}.block_id = ${param(scope.block)}`;
    if ('domain' in scope) return `${table}.domain_id = ${param(scope.domain)}`;
    // The links in the campaign now (links_campaign_id_idx), their hourly rows by link.
    if ('campaign' in scope) return `${table}.link_id IN (SELECT id FROM links WHERE campaign_id = ${param(scope.campaign)})`;
    // The account's links carrying the tag now (links_tags_idx).
    if ('tag' in scope) {
      return `${table}.link_id IN (SELECT id FROM links WHERE user_id = ${param(scope.account)} AND tags @> ARRAY[${param(scope.tag)}]::varchar(50)[])`;
    }
    const account = param(scope.account);
    return `(${table}.link_id IN (SELECT id FROM links WHERE user_id = ${account})
             OR ${table}.qr_id IN (SELECT id FROM qr_codes WHERE user_id = ${account}))`;
  };
}

/**
 * The rows of a series' scope and range in the hourly rollups (the hourly groups when it is
 * filtered), and the parameters of that condition: $1 and $2 are the range, $3 the zone.
 */
function rollupCondition(
  scope: SeriesScope,
  request: SeriesRequest,
): { source: string; where: string; params: unknown[]; firstBucket: string; filtered: boolean } {
  const { from, to, interval, tz, filters } = request;
  const filtered = Object.keys(filters).length > 0;
  const params: unknown[] = [from, to, tz];
  const param = (value: unknown) => `$${params.push(value)}`;

  const firstBucket = firstBucketOf(interval);
  // The range starts with its first bucket, so that bucket is whole.
  const rangeStart = firstBucketStart(interval);
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
  return { source, where: whereSource, params, firstBucket, filtered };
}

/**
 * The first bucket of a series from $1 in the zone $3: an hour of UTC (a timestamptz), or a local
 * day, week or month (a timestamp, local time).
 */
function firstBucketOf(interval: SeriesRequest['interval']): string {
  return interval === 'hour'
    ? `date_trunc('hour', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`
    : `date_trunc('${interval}', $1::timestamptz AT TIME ZONE $3)`;
}

/** The instant the first bucket starts (a timestamptz). */
function firstBucketStart(interval: SeriesRequest['interval']): string {
  return interval === 'hour' ? `(${firstBucketOf(interval)})` : `(${firstBucketOf(interval)} AT TIME ZONE $3)`;
}

/** The range of the examples: two days around the clicks of the batch examples (ClicksRepository). */
const EXAMPLE_RANGE = { from: new Date('2025-12-31T00:00:00Z'), to: new Date('2026-01-02T00:00:00Z') };

/** A series of the examples, by `interval`, in Paris time. */
const EXAMPLE_REQUEST = (interval: SeriesRequest['interval']): SeriesRequest => ({
  ...EXAMPLE_RANGE,
  interval,
  tz: 'Europe/Paris',
  tzName: 'Europe/Paris',
  filters: {},
  top: TOP,
});

/** A range of three days that starts and ends inside a day, by hour in UTC: two edges and two whole days. */
const EDGES_REQUEST: Omit<SeriesRequest, 'filters'> = {
  from: new Date('2025-12-30T10:00:00Z'),
  to: new Date('2026-01-02T10:00:00Z'),
  interval: 'hour',
  tz: 'UTC',
  tzName: 'UTC',
  top: TOP,
};
