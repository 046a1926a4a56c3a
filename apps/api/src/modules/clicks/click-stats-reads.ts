import type { ClickRow } from './click-reads.repository';
import type { SeriesText } from './series-json';
import type { SeriesRequest, SeriesScope, TopList } from './series-request';

/**
 * The statistics read from where the clicks are: PostgreSQL's rollups (ClickReadsRepository), or
 * ClickHouse's with CLICKHOUSE_URL (ClickHouseReads). Both answer the same texts and rows.
 */
export interface ClickStatsReads {
  /** Whether the reads of one answer may run at once (ClickHouse), or take PostgreSQL's pool in turn. */
  readonly concurrent: boolean;
  series(scope: SeriesScope, request: SeriesRequest): Promise<SeriesText[]>;
  topValues(scope: SeriesScope, request: SeriesRequest): Promise<{ list: TopList; value: string; clicks: string }[]>;
  topLinks(scope: SeriesScope, request: SeriesRequest): Promise<{ id: number; alias: string; domain: string | null; clicks: string }[]>;
  exportPage(linkId: number, range: { from: Date; to: Date }, after: { at: Date | string; id: string }, limit: number): Promise<ClickRow[]>;
}

export const CLICK_STATS_READS = Symbol('CLICK_STATS_READS');
