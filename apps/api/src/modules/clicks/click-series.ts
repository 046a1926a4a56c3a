import { Inject, Injectable } from '@nestjs/common';
import { shortUrl } from '../../common/public-urls';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import type { Ok } from '../../common/contract';
import { DatabasePool } from '../../database/pool';
import { CLICK_STATS_READS, type ClickStatsReads } from './click-stats-reads';
import { seriesJson } from './series-json';
import { formatInZone, LINK_LISTS, ORPHAN_LISTS, type SeriesRequest, type SeriesScope } from './series-request';

export type ClickSeries = Ok<'getUrlStats'>['data'];

/** The fields of a series written apart from its range (ClickSeriesService.answer). */
type Written = 'series' | 'totals' | 'top' | 'topLinks';

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
    @Inject(CLICK_STATS_READS) private readonly reads: ClickStatsReads,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(DatabasePool) private readonly pool: DatabasePool,
  ) {}

  /**
   * The answer of a statistics route, `{"error":0,"data":…}` with the series as its data, as the
   * JSON bytes to send (the series' buckets are written by seriesJson, the rest by
   * `JSON.stringify`).
   */
  async answer(scope: SeriesScope, request: SeriesRequest): Promise<Buffer> {
    const { from, to, interval, tz, tzName, filters } = request;
    const filtered = Object.keys(filters).length > 0;
    // The statements do not depend on each other: on PostgreSQL they run at once, each on a
    // connection of the pool (the embedded database, one connection, takes them in turn); on
    // ClickHouse at once.
    const reads = [
      () => this.reads.series(scope, request),
      () => this.reads.topValues(scope, request),
      async () => ('account' in scope || 'campaign' in scope ? this.topLinks(scope, request) : undefined),
    ] as const;
    const [texts, topRows, topLinks] = this.reads.concurrent
      ? await Promise.all([reads[0](), reads[1](), reads[2]()])
      : await this.pool.independent(reads);
    const series = seriesJson(texts, interval, filtered);

    const top = Object.fromEntries(
      ('domain' in scope ? ORPHAN_LISTS : LINK_LISTS).map((list) => [
        list,
        topRows.filter((row) => row.list === list).map((row) => ({ value: row.value, clicks: Number(row.clicks) })),
      ]),
    ) as ClickSeries['top'];

    // The fields in the document's order: the range, the buckets, their totals, the top lists.
    const range = {
      from: series.first ?? formatInZone(from, tz),
      to: formatInZone(to, tz),
      interval,
      tz: tzName,
      filters,
    } satisfies Omit<ClickSeries, Written>;
    const rest: Pick<ClickSeries, 'totals' | 'top' | 'topLinks'> = { totals: series.totals, top, topLinks };
    return Buffer.concat([
      Buffer.from(`{"error":0,"data":${JSON.stringify(range).slice(0, -1)},"series":`),
      series.json,
      Buffer.from(`,${JSON.stringify(rest).slice(1)}}`),
    ]);
  }

  /** The account's (or the campaign's) links clicked most in the range, with their short URLs. */
  private async topLinks(scope: SeriesScope, request: SeriesRequest): Promise<NonNullable<ClickSeries['topLinks']>> {
    const rows = await this.reads.topLinks(scope, request);
    return rows.map((row) => ({
      id: row.id,
      alias: row.alias,
      shorturl: shortUrl(this.config.publicUrl, row.alias, row.domain === null ? null : { domain: row.domain }),
      clicks: Number(row.clicks),
    }));
  }
}
