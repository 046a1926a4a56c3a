import { Logger } from '@nestjs/common';
import { badRequest } from '../../../common/api-error';
import type { Click, ClickTarget } from '../click';
import type { ClickReadsRepository, ClickRow } from '../click-reads.repository';
import type { ClickStatsReads } from '../click-stats-reads';
import { TOP } from '../click-counters';
import type { SeriesText } from '../series-json';
import {
  FILTERS,
  LINK_LISTS,
  ORPHAN_LISTS,
  TOP_LISTS,
  type Filter,
  type SeriesRequest,
  type SeriesScope,
  type TopList,
} from '../series-request';
import type { ClickHouse } from './clickhouse';
import { GROUP_COLUMN_NAMES, TARGET_TYPE } from './clickhouse-schema';
import { idSet, int, str, tsvValue } from './clickhouse-sql';

/** Buckets in one text of a series, as PostgreSQL's statement answers them (click-reads.repository.ts). */
const BUCKETS_PER_TEXT = 1000;
const HOUR_MS = 3_600_000;
/** The shortest bucket of each interval (a local day may last 23 hours, a month 28 days less an hour): how many buckets a range may hold. */
const SHORTEST_MS = { hour: HOUR_MS, day: 23 * HOUR_MS, week: 7 * 24 * HOUR_MS - HOUR_MS, month: 28 * 24 * HOUR_MS - HOUR_MS } as const;
/** An hour whose latest mark (kind 0) is not covered by a count (kind 1): its count is missing or older. */
const STALE = '(countIf(kind = 1) = 0 OR maxIf(version, kind = 0) > maxIf(version, kind = 1))';
/** A target's hour as one text, `target:id:hour` (unix seconds), as hourSet reads it. */
const HOUR_KEY = "concat(toString(target), ':', toString(target_id), ':', toString(toUInt32(hour)))";
/** Hours counted in one pass at most (a first read after an upgrade may find a whole account's). */
export const COUNT_BATCH = 10_000;
/** Hours named in one count from a read (as a literal set in its text). */
const COUNT_CHUNK = 5000;
/** Statements past this size (the ids of a large account) are let past the server's default limit of 256 kB. */
const LARGE_QUERY = 200_000;

/** The target of a click and its id: each click counts for exactly one. */
export function targetOf(click: Click): { target: ClickTarget; id: number } {
  if (click.linkId !== null) return { target: 'link', id: click.linkId };
  if (click.qrId !== null) return { target: 'qr', id: click.qrId };
  if (click.bioId !== null) return { target: 'bio', id: click.bioId };
  if (click.blockId !== null) return { target: 'block', id: click.blockId };
  return { target: 'domain', id: click.domainId! };
}

/** A raw click as ClickHouse's row (the clicks table's columns). */
export type ClickHouseRow = { target: ClickTarget; target_id: number; at: number; bot: number } & Record<string, unknown>;

/** A batch's raw clicks as ClickHouse rows, each with the batch's id and its place in it. */
export function clickRows(batch: readonly Click[], batchId: string): ClickHouseRow[] {
  return batch.map((click, seq) => clickRow(click, batchId, seq));
}

/** Click number `seq` of the batch `batchId` as a row of ClickHouse's `clicks`. */
export function clickRow(click: Click, batchId: string, seq: number): ClickHouseRow {
  const { target, id } = targetOf(click);
  const ms = click.at.getTime();
  return {
    target,
    target_id: id,
    at: Math.floor(ms / 1000),
    at_ms: ms % 1000,
    batch_id: batchId,
    seq,
    country: click.country,
    referrer: click.referrer,
    browser: click.browser,
    os: click.os,
    device: click.device,
    social: click.social,
    bot: click.bot ? 1 : 0,
    visitor: click.visitor,
    utm_source: click.utmSource,
    utm_medium: click.utmMedium,
    utm_campaign: click.utmCampaign,
    variant: click.variant,
    orphan: click.orphan,
    alias: click.alias,
  };
}

/** The columns of clickRow's rows, in their order: clickLine's. */
export const CLICK_COLUMNS: readonly string[] = [
  'target',
  'target_id',
  'at',
  'at_ms',
  'batch_id',
  'seq',
  'country',
  'referrer',
  'browser',
  'os',
  'device',
  'social',
  'bot',
  'visitor',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'variant',
  'orphan',
  'alias',
];

/**
 * Click number `seq` of a batch whose id is `batchText` (as tsvValue writes it) as a TabSeparated line of
 * CLICK_COLUMNS: the text tsvLines makes of clickRow's row, without the row (the click writer's
 * rows and their text were a fifth of its time, and most of its garbage).
 */
export function clickLine(click: Click, target: ClickTarget, id: number, batchText: string, seq: number): string {
  const ms = click.at.getTime();
  return `${target}\t${int(id)}\t${int(Math.floor(ms / 1000))}\t${ms % 1000}\t${batchText}\t${seq}\t${tsvValue(click.country)}\t${tsvValue(click.referrer)}\t${tsvValue(click.browser)}\t${tsvValue(click.os)}\t${tsvValue(click.device)}\t${tsvValue(click.social)}\t${click.bot ? 1 : 0}\t${tsvValue(click.visitor)}\t${tsvValue(click.utmSource)}\t${tsvValue(click.utmMedium)}\t${tsvValue(click.utmCampaign)}\t${tsvValue(click.variant)}\t${tsvValue(click.orphan)}\t${tsvValue(click.alias)}\n`;
}

/**
 * The statistics read from ClickHouse, answering exactly what ClickReadsRepository answers from
 * PostgreSQL (its texts of buckets, its top lists, its order of ties by value). The ids of a scope
 * of several targets (an account's, a campaign's, a tag's links) are read from PostgreSQL first:
 * links move between campaigns and tags, and a scope counts the links in it now.
 */
export class ClickHouseReads implements ClickStatsReads {
  readonly concurrent = true;
  private readonly logger = new Logger('ClickHouse');

  constructor(
    private readonly ch: ClickHouse,
    private readonly pg: ClickReadsRepository,
  ) {}

  async series(scope: SeriesScope, request: SeriesRequest): Promise<SeriesText[]> {
    const { sql: owner, oneTarget } = await this.owner(scope);
    const { interval } = request;
    const db = this.ch.db;
    const TZ = str(request.tz);
    const fromMs = request.from.getTime();
    const toMs = request.to.getTime();
    const filtered = Object.keys(request.filters).length > 0;
    // Buckets at most: the range over the shortest bucket, and the edges.
    const count = Math.ceil(Math.max(0, toMs - fromMs) / SHORTEST_MS[interval]) + 2;
    const F = `toDateTime(${int(Math.floor(fromMs / 1000))}, 'UTC')`;
    const first = firstBucket(interval, F, TZ);
    const nth = (n: string) =>
      interval === 'hour'
        ? `toUInt32(${first} + 3600 * ${n})`
        : interval === 'day'
          ? `toUInt32(toDateTime(toDate(${F}, ${TZ}) + ${n}, ${TZ}))`
          : interval === 'week'
            ? `toUInt32(toDateTime(toMonday(${F}, ${TZ}) + 7 * ${n}, ${TZ}))`
            : `toUInt32(toDateTime(addMonths(toStartOfMonth(${F}, ${TZ}), ${n}), ${TZ}))`;
    // Each UTC hour goes to the bucket its start falls in (local days, Mondays, months).
    const bucketOf =
      interval === 'hour'
        ? 'toUInt32(hour)'
        : interval === 'day'
          ? `toUInt32(toDateTime(toDate(hour, ${TZ}), ${TZ}))`
          : interval === 'week'
            ? `toUInt32(toDateTime(toMonday(hour, ${TZ}), ${TZ}))`
            : `toUInt32(toDateTime(toStartOfMonth(hour, ${TZ}), ${TZ}))`;
    const range = `${owner} AND hour >= toDateTime(${first}, 'UTC') AND toUInt64(hour) * 1000 < ${int(toMs)}`;
    // Unfiltered: each hour's count where it covers the hour's latest mark; the other hours (stale:
    // marked since their count) are named by the answer and added from their batches' rows and
    // visitor sets (see addStale). Filtered: per hour, each batch's row once (a batch sent again
    // is the same rows), then summed.
    const counts = filtered
      ? `SELECT ${bucketOf} AS start, sum(k) AS c FROM (
           SELECT target, target_id, hour, batch_id, ${GROUP_COLUMN_NAMES.join(', ')}, any(clicks) AS k FROM ${db}.click_hour_groups
            WHERE ${range}${filterConditions(request)}
            GROUP BY target, target_id, hour, batch_id, ${GROUP_COLUMN_NAMES.join(', ')}
         ) GROUP BY start`
      : countedPerBucket(db, range, bucketOf, { oneTarget, byHour: interval === 'hour' });
    // Each bucket's offset from UTC, in minutes (by formatting its start in the zone: 12 ms of a
    // year by hour); UTC's is 0.
    const offset =
      request.tz === 'UTC' ? '0' : `intDiv(toInt64(toUInt32(toDateTime(toString(toDateTime(start), ${TZ}), 'UTC'))) - toInt64(start), 60)`;
    const line = filtered
      ? `concat(toString(${offset}), ' ', toString(c))`
      : `concat(toString(${offset}), ' ', toString(c), ' ', toString(v), ' ', toString(b))`;
    const sql = `
      SELECT replaceOne(toString(toDateTime(min(start), ${TZ})), ' ', 'T') AS first,
             arrayStringConcat(arraySort((line, n) -> n, groupArray(line), groupArray(n)), '\\n') AS buckets${
               filtered
                 ? ''
                 : `,\n             arrayStringConcat(groupArrayIf(concat(toString(n), '=', arrayStringConcat(stale, ',')), notEmpty(stale)), ';') AS stale`
             }
        FROM (
          SELECT n, start, ${line} AS line${filtered ? '' : ', stale'}
            FROM (
              SELECT n, ${nth('n')} AS start FROM (SELECT arrayJoin(range(${int(count)})) AS n)
               WHERE start >= ${first} AND toUInt64(start) * 1000 < ${int(toMs)}
            ) AS b ANY LEFT JOIN (${counts}) AS c USING start
        )
       GROUP BY intDiv(n, ${BUCKETS_PER_TEXT}) ORDER BY intDiv(n, ${BUCKETS_PER_TEXT})`;
    // A bucket without counts joins zeros and no stale hours, whatever a server's profile says.
    const texts = await this.zoned(() => this.ch.query<SeriesText & { stale?: string }>(sql, { ...settingsFor(sql), join_use_nulls: 0 }));
    if (filtered) return texts;
    const stale = texts.flatMap((text) => (text.stale ? text.stale.split(';') : []));
    if (stale.length > 0) {
      // Counted meanwhile, whatever this read's fate: a first read that takes long (every hour of a
      // year stale, after an upgrade) is fast once they are counted.
      this.countHours(
        range,
        stale.flatMap((entry) => entry.slice(entry.indexOf('=') + 1).split(',')),
      );
      await this.addStale(texts, stale, range);
    }
    return texts.map(({ first, buckets }) => ({ first, buckets }));
  }

  /**
   * Adds the stale hours' clicks, bots and visitors to their buckets' lines (`n=key,key` each: a
   * bucket's place and its stale hours, which its line counted as none). Read from the hours named
   * by the series' statement, so an hour marked after it is read from its last count, and one first
   * clicked after it not at all; the named hours' clicks are read as of this second statement.
   */
  private async addStale(texts: SeriesText[], stale: readonly string[], range: string): Promise<void> {
    const bucketOf = new Map<string, number>();
    for (const entry of stale) {
      const [n, keys] = entry.split('=') as [string, string];
      for (const key of keys.split(',')) bucketOf.set(key, Number(n));
    }
    const sql = `SELECT ${HOUR_KEY} AS key, toString(sum(c)) AS c, toString(sum(b)) AS b, toString(sum(v)) AS v
                   FROM (${hourParts(this.ch.db, range, [...bucketOf.keys()])}) GROUP BY target, target_id, hour`;
    const parts = await this.ch.query<{ key: string; c: string; b: string; v: string }>(sql, settingsFor(sql));
    const added = new Map<number, [number, number, number]>();
    for (const part of parts) {
      const n = bucketOf.get(part.key);
      if (n === undefined) continue;
      const sums = added.get(n) ?? [0, 0, 0];
      added.set(n, [sums[0] + Number(part.c), sums[1] + Number(part.v), sums[2] + Number(part.b)]);
    }
    const lines = new Map<number, string[]>();
    for (const [n, [clicks, visitors, bots]] of added) {
      const text = Math.floor(n / BUCKETS_PER_TEXT);
      const list = lines.get(text) ?? texts[text]!.buckets.split('\n');
      lines.set(text, list);
      const [offset, c, v, b] = list[n % BUCKETS_PER_TEXT]!.split(' ');
      list[n % BUCKETS_PER_TEXT] = `${offset} ${Number(c) + clicks} ${Number(v) + visitors} ${Number(b) + bots}`;
    }
    for (const [text, list] of lines) texts[text]!.buckets = list.join('\n');
  }

  /**
   * The read's stale hours (`keys`), counted for the next reads; beside the read, one pass at a
   * time per instance. A day of hours a statement (COUNT_CHUNK keys at most), each reading that
   * day's raw clicks alone: a year of 10 million clicks counted in one statement outlasted the time
   * limit at every read, and was never counted. What a pass counted stays counted if a later
   * statement fails.
   */
  private countHours(range: string, keys: readonly string[]): void {
    if (this.counting) return;
    this.counting = (async () => {
      const hours = keys.map((key) => [Number(key.slice(key.lastIndexOf(':') + 1)), key] as const).sort((a, b) => a[0] - b[0]);
      for (let from = 0; from < hours.length;) {
        let to = from + 1;
        while (to < hours.length && to - from < COUNT_CHUNK && hours[to]![0] < hours[from]![0] + 86_400) to += 1;
        const within = `hour >= toDateTime(${int(hours[from]![0])}, 'UTC') AND hour <= toDateTime(${int(hours[to - 1]![0])}, 'UTC')`;
        await countSettledHours(
          this.ch,
          `${range} AND ${within}`,
          hours.slice(from, to).map(([, key]) => key),
        );
        from = to;
      }
    })()
      .catch((error: unknown) => this.logger.warn(`Hours not counted (the next read tries again): ${(error as Error).message}`))
      .finally(() => (this.counting = null));
  }

  private counting: Promise<void> | null = null;

  async topValues(scope: SeriesScope, request: SeriesRequest): Promise<{ list: TopList; value: string; clicks: string }[]> {
    const { sql: owner } = await this.owner(scope);
    const db = this.ch.db;
    const F = `toDateTime(${int(Math.floor(request.from.getTime() / 1000))}, 'UTC')`;
    const first = firstBucket(request.interval, F, str(request.tz));
    const lists = 'domain' in scope ? ORPHAN_LISTS : LINK_LISTS;
    const sql = `
      SELECT list, value, toString(sum(c)) AS clicks FROM (
        SELECT target, target_id, hour, batch_id, ${GROUP_COLUMN_NAMES.join(', ')}, any(clicks) AS c FROM ${db}.click_hour_groups
         WHERE ${owner} AND hour >= toDateTime(${first}, 'UTC') AND toUInt64(hour) * 1000 < ${int(request.to.getTime())}${filterConditions(request)}
         GROUP BY target, target_id, hour, batch_id, ${GROUP_COLUMN_NAMES.join(', ')}
      )
      ARRAY JOIN [${lists.map(str).join(', ')}] AS list, [${lists.map((list) => TOP_LISTS[list]).join(', ')}] AS value
       WHERE value != ''
       GROUP BY list, value
       ORDER BY list, sum(c) DESC, value
       LIMIT ${int(request.top)} BY list`;
    return this.zoned(() => this.ch.query<{ list: TopList; value: string; clicks: string }>(sql, settingsFor(sql)));
  }

  async topLinks(
    scope: SeriesScope,
    request: SeriesRequest,
  ): Promise<{ id: number; alias: string; domain: string | null; clicks: string }[]> {
    if (!('account' in scope || 'campaign' in scope)) return [];
    const { links } = await this.pg.scopeTargets(scope);
    if (links.length === 0) return [];
    const db = this.ch.db;
    const F = `toDateTime(${int(Math.floor(request.from.getTime() / 1000))}, 'UTC')`;
    const first = firstBucket(request.interval, F, str(request.tz));
    const filtered = Object.keys(request.filters).length > 0;
    const where = `target = 'link' AND target_id IN ${idSet(links)} AND hour >= toDateTime(${first}, 'UTC') AND toUInt64(hour) * 1000 < ${int(request.to.getTime())}`;
    const rows = filtered
      ? `SELECT target_id, hour, batch_id, ${GROUP_COLUMN_NAMES.join(', ')}, any(clicks) AS c FROM ${db}.click_hour_groups
          WHERE ${where}${filterConditions(request)} GROUP BY target_id, hour, batch_id, ${GROUP_COLUMN_NAMES.join(', ')}`
      : `SELECT target_id, hour, batch_id, any(clicks) AS c FROM ${db}.click_hours WHERE ${where} GROUP BY target_id, hour, batch_id`;
    const sql = `SELECT target_id AS id, toString(sum(c)) AS clicks FROM (${rows})
                  GROUP BY target_id HAVING sum(c) > 0 ORDER BY sum(c) DESC, target_id LIMIT ${TOP}`;
    const top = await this.zoned(() => this.ch.query<{ id: number; clicks: string }>(sql, settingsFor(sql)));
    // A link deleted since it was clicked is in no list: as PostgreSQL's own join leaves it out.
    const names = new Map((await this.pg.linkNames(top.map((row) => Number(row.id)))).map((row) => [Number(row.id), row]));
    return top.flatMap((row) => {
      const name = names.get(Number(row.id));
      return name ? [{ id: name.id, alias: name.alias, domain: name.domain, clicks: row.clicks }] : [];
    });
  }

  async exportPage(
    linkId: number,
    range: { from: Date; to: Date },
    after: { at: Date | string; id: string },
    limit: number,
  ): Promise<ClickRow[]> {
    const fromMs = range.from.getTime();
    const toMs = range.to.getTime();
    // The first page starts after an instant; the next ones after a click: its time and place (see `cursor`).
    let afterCondition: string;
    if (after.at instanceof Date) {
      afterCondition = `toUInt64(at) * 1000 + at_ms > ${int(after.at.getTime())}`;
    } else {
      const [at, ms, batch, seq] = JSON.parse(after.at) as [number, number, string, number];
      afterCondition = `(at, at_ms, batch_id, seq) > (toDateTime(${int(at)}, 'UTC'), ${int(ms)}, ${str(batch)}, ${int(seq)})`;
    }
    const rows = await this.ch.query<{
      at_s: number;
      at_ms: number;
      batch_id: string;
      seq: number;
      country: string | null;
      referrer: string | null;
      browser: string | null;
      os: string | null;
      device: string;
      social: string | null;
      utm_source: string | null;
      utm_medium: string | null;
      utm_campaign: string | null;
      variant: string | null;
      bot: number;
    }>(
      `SELECT toUInt32(at) AS at_s, at_ms, batch_id, seq, country, referrer, browser, os, device, social,
              utm_source, utm_medium, utm_campaign, variant, bot
         FROM ${this.ch.db}.clicks
        WHERE target = 'link' AND target_id = ${int(linkId)}
          AND at >= toDateTime(${int(Math.floor(fromMs / 1000))}, 'UTC') AND at <= toDateTime(${int(Math.floor(toMs / 1000))}, 'UTC')
          AND toUInt64(at) * 1000 + at_ms >= ${int(fromMs)} AND toUInt64(at) * 1000 + at_ms < ${int(toMs)}
          AND ${afterCondition}
        ORDER BY at, at_ms, batch_id, seq
        LIMIT 1 BY at, at_ms, batch_id, seq
        LIMIT ${int(limit)}`,
    );
    return rows.map((row) => ({
      id: `${row.batch_id}/${row.seq}`,
      created_at: new Date(Number(row.at_s) * 1000 + Number(row.at_ms)),
      cursor: JSON.stringify([Number(row.at_s), Number(row.at_ms), row.batch_id, Number(row.seq)]),
      country: row.country,
      referrer: row.referrer,
      browser: row.browser,
      os: row.os,
      device: row.device,
      social: row.social,
      utm_source: row.utm_source,
      utm_medium: row.utm_medium,
      utm_campaign: row.utm_campaign,
      variant: row.variant,
      bot: Number(row.bot) === 1,
    }));
  }

  /**
   * A read that names the asked zone: a zone the platform knows and the server does not (its time
   * zone files older than Node's) is the caller's 400, not a 500.
   */
  private async zoned<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (/Cannot load time zone/i.test(String((error as { message?: unknown } | null)?.message))) {
        throw badRequest(
          'Invalid parameter "tz": the click store does not know this time zone; use another name for it, such as UTC or Europe/Paris.',
        );
      }
      throw error;
    }
  }

  /** The rows of a scope in the click tables, and whether they are one target's. */
  private async owner(scope: SeriesScope): Promise<{ sql: string; oneTarget: boolean }> {
    const one = (target: ClickTarget, id: number) => ({ sql: `target = ${str(target)} AND target_id = ${int(id)}`, oneTarget: true });
    if ('link' in scope) return one('link', scope.link);
    if ('qr' in scope) return one('qr', scope.qr);
    if ('bio' in scope) return one('bio', scope.bio);
    if ('block' in scope) return one('block', scope.block);
    if ('domain' in scope) return one('domain', scope.domain);
    const { links, qrs } = await this.pg.scopeTargets(scope);
    const parts = [`(target = 'link' AND target_id IN ${idSet(links)})`];
    if (qrs.length > 0) parts.push(`(target = 'qr' AND target_id IN ${idSet(qrs)})`);
    return { sql: `(${parts.join(' OR ')})`, oneTarget: false };
  }
}

/**
 * Target hours (HOUR_KEY's texts, as the server wrote them), for `(target, target_id, hour) IN (...)`;
 * '' for none: one string literal the server
 * splits (a list of tuples is past the parser's limits at a few thousand hours, as in idSet).
 */
function hourSet(keys: readonly string[]): string {
  if (keys.length === 0) return '';
  return `SELECT CAST(key[1] AS ${TARGET_TYPE}) AS target, toUInt32(key[2]) AS target_id, toDateTime(toUInt32(key[3]), 'UTC') AS hour
            FROM (SELECT splitByChar(':', arrayJoin(splitByChar(',', ${str(keys.join(','))}))) AS key)`;
}

/**
 * People's clicks, visitors and bots per bucket (`start`) from the range's counted hours, and the
 * bucket's stale hours (`target:id:hour`), whose counts it leaves out: one scan of the counts,
 * grouped once more per bucket unless each row is one already (one target's hours, by hour).
 */
function countedPerBucket(db: string, range: string, bucketOf: string, levels: { oneTarget: boolean; byHour: boolean }): string {
  const perTarget = `SELECT hour, toUInt32(hour) AS start, toUInt8(${STALE}) AS s,
                            if(s, 0, argMaxIf(clicks, version, kind = 1)) AS c, if(s, 0, argMaxIf(visitors, version, kind = 1)) AS v,
                            if(s, 0, argMaxIf(bots, version, kind = 1)) AS b,
                            if(s, [${HOUR_KEY}], emptyArrayString()) AS stale
                       FROM ${db}.click_hour_totals WHERE ${range} GROUP BY target, target_id, hour`;
  if (levels.byHour && levels.oneTarget) return perTarget;
  // The targets' hours summed per bucket (an hour, or the local day, week or month it falls in).
  return `SELECT ${levels.byHour ? 'start' : `${bucketOf} AS start`}, sum(c) AS c, sum(v) AS v, sum(b) AS b, groupArrayArray(stale) AS stale
            FROM (${perTarget}) GROUP BY start`;
}

/** Seconds after an hour's last mark before its count may stand for it: longer than an insert may take to be whole. */
export function settledAfter(ch: ClickHouse): number {
  return Math.max(60, Math.ceil((2 * ch.timeoutMs) / 1000) + 30);
}

/**
 * Counts the stale hours within `range` (and among `keys`, `target:id:hour` texts, when given) whose
 * latest mark is settled (every insert that marked them is whole by then: `settle` seconds old;
 * null counts them all, settled or not), COUNT_BATCH at most. The
 * hours and the version are read first and named to the insert: the count covers every mark up to
 * the latest of them, and a later insert marks its hour above it. Two instances counting the same
 * hour store the same numbers. Answers the hours counted, and those still stale but not settled yet.
 */
export async function countSettledHours(
  ch: ClickHouse,
  range: string,
  keys?: readonly string[],
  settle: number | null = settledAfter(ch),
): Promise<{ counted: number; unsettled: string[] }> {
  const db = ch.db;
  const among = keys ? ` AND (target, target_id, hour) IN (${hourSet(keys)})` : '';
  const dueSql = `SELECT ${HOUR_KEY} AS key, maxIf(version, kind = 0) AS mark,
                         ${settle === null ? 'toUInt8(1)' : `toUInt8(mark < toUInt64(now()) - ${int(settle)})`} AS due
                    FROM ${db}.click_hour_totals WHERE ${range}${among} GROUP BY target, target_id, hour
                  HAVING ${STALE}${keys ? '' : ' AND due = 1'}
                   LIMIT ${int(COUNT_BATCH)}`;
  const stale = await ch.query<{ key: string; mark: number | string; due: number | string }>(dueSql, settingsFor(dueSql));
  const due = stale.filter((row) => Number(row.due) === 1);
  const unsettled = stale.filter((row) => Number(row.due) !== 1).map((row) => row.key);
  if (due.length === 0) return { counted: 0, unsettled };
  const version = due.reduce((latest, row) => (BigInt(row.mark) > latest ? BigInt(row.mark) : latest), 0n);
  const sql = `INSERT INTO ${db}.click_hour_totals (target, target_id, hour, kind, clicks, bots, visitors, version)
       SELECT target, target_id, hour, toUInt8(1), toUInt32(sum(c)), toUInt32(sum(b)), toUInt32(sum(v)), toUInt64(${version.toString()})
         FROM (${hourParts(
           db,
           range,
           due.map((row) => row.key),
         )}) GROUP BY target, target_id, hour`;
  await ch.command(sql, settingsFor(sql));
  return { counted: due.length, unsettled };
}

/**
 * Counts every stale hour within `range` now, settled or not, COUNT_BATCH hours a statement while
 * `budget` has statements left (each one taken from it): before the retention deletes their raw
 * clicks, from which their visitors are counted. True once none is left to count.
 */
export async function countHoursNow(ch: ClickHouse, range: string, budget = { statements: 100 }): Promise<boolean> {
  while (budget.statements > 0) {
    budget.statements -= 1;
    const { counted } = await countSettledHours(ch, range, undefined, null);
    if (counted < COUNT_BATCH) return true;
  }
  return false;
}

/**
 * These target hours (`keys`, as hourSet reads them) from their batches' rows (each batch once)
 * and their visitors: people's clicks, bots, and visitors (with those of hours copied from
 * PostgreSQL, which kept their number, not who they were). An hour's visitors are the set of its
 * raw clicks' (a batch stored twice repeats visitors, which a set holds once), read between the
 * first and the last of the hours (18.16 reads the key's time only from `at` itself, not through
 * toStartOfHour), merged with the hourly set releases before schema version 6 kept: an hour of
 * then whose raw clicks the retention deleted before it was counted keeps its visitors. Every hour
 * named has a row, zeros when it has nothing (its count then stands, and the hour is not stale).
 */
function hourParts(db: string, range: string, keys: readonly string[]): string {
  const set = hourSet(keys);
  const hours = keys.map((key) => Number(key.slice(key.lastIndexOf(':') + 1)));
  const first = hours.reduce((a, b) => Math.min(a, b));
  const last = hours.reduce((a, b) => Math.max(a, b));
  const within = `at >= toDateTime(${int(first)}, 'UTC') AND at < toDateTime(${int(last + 3600)}, 'UTC')`;
  return `SELECT target, target_id, hour, toUInt32(sum(c)) AS c, toUInt32(sum(b)) AS b, toUInt32(sum(i)) AS v FROM (
            SELECT target, target_id, hour, batch_id, any(clicks) AS c, any(bots) AS b, any(visitors_imported) AS i FROM ${db}.click_hours
             WHERE ${range} AND (target, target_id, hour) IN (${set}) GROUP BY target, target_id, hour, batch_id
          ) GROUP BY target, target_id, hour
          UNION ALL
          SELECT target, target_id, hour, toUInt32(0), toUInt32(0), toUInt32(uniqExactMerge(s)) FROM (
            SELECT target, target_id, toStartOfHour(at, 'UTC') AS hour, uniqExactState(visitor) AS s FROM ${db}.clicks
             WHERE ${within} AND ${range} AND (target, target_id, hour) IN (${set}) AND bot = 0 AND NOT startsWith(batch_id, 'pg:')
             GROUP BY target, target_id, hour
            UNION ALL
            SELECT target, target_id, hour, visitors AS s FROM ${db}.click_hour_visitors WHERE ${range} AND (target, target_id, hour) IN (${set})
          ) GROUP BY target, target_id, hour
          UNION ALL
          SELECT target, target_id, hour, toUInt32(0), toUInt32(0), toUInt32(0) FROM (${set})`;
}

/** The first bucket's start (unix seconds) of a range from F: a UTC hour, or local midnight, Monday or first of the month. */
function firstBucket(interval: SeriesRequest['interval'], F: string, TZ: string): string {
  return interval === 'hour'
    ? `toUInt32(toStartOfHour(${F}, 'UTC'))`
    : interval === 'day'
      ? `toUInt32(toDateTime(toDate(${F}, ${TZ}), ${TZ}))`
      : interval === 'week'
        ? `toUInt32(toDateTime(toMonday(${F}, ${TZ}), ${TZ}))`
        : `toUInt32(toDateTime(toStartOfMonth(${F}, ${TZ}), ${TZ}))`;
}

/** ` AND column = 'value'` for each filter of the request. */
function filterConditions(request: SeriesRequest): string {
  return (Object.entries(request.filters) as [Filter, string][]).map(([name, value]) => ` AND ${FILTERS[name]} = ${str(value)}`).join('');
}

function settingsFor(sql: string): Record<string, number> {
  return sql.length > LARGE_QUERY ? { max_query_size: 64 * 1024 * 1024 } : {};
}
