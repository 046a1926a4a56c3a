import { Inject, Injectable } from '@nestjs/common';
import type { components } from '@linkyard/spec';
import { exportLine, type ExportFormat } from '../../common/streamed-file';
import type { ClickRow } from './click-reads.repository';
import { CLICK_STATS_READS, type ClickStatsReads } from './click-stats-reads';

/** A click as exported (the API document's `RawClick`): never the address or the visitor key. */
type RawClick = components['schemas']['RawClick'];

/** The CSV columns, in order. */
const COLUMNS: (keyof RawClick)[] = [
  'date',
  'country',
  'referrer',
  'browser',
  'os',
  'device',
  'social',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'variant',
  'bot',
];

const PAGE = 2000;

/** A link's raw clicks in a range, as lines of CSV or NDJSON, read a page at a time. */
@Injectable()
export class ClickExport {
  constructor(@Inject(CLICK_STATS_READS) private readonly reads: ClickStatsReads) {}

  async *lines(linkId: number, range: { from: Date; to: Date }, format: ExportFormat): AsyncGenerator<string> {
    // The header goes out with the first page, so nothing is answered before the database is.
    let header = format === 'csv' ? `${COLUMNS.join(',')}\r\n` : '';
    // Pages follow (created_at, id): the clicks index orders by time, and ids settle equal times.
    let after: { at: Date | string; id: string } = { at: new Date(range.from.getTime() - 1), id: '0' };
    for (;;) {
      const rows = await this.reads.exportPage(linkId, range, after, PAGE);
      if (rows.length === 0) break;
      yield header + rows.map((row) => exportLine(rawClick(row), COLUMNS, format)).join('');
      const last = rows[rows.length - 1]!;
      after = { at: last.cursor, id: last.id };
      header = '';
      if (rows.length < PAGE) break;
    }
    if (header) yield header;
  }
}

function rawClick(row: ClickRow): RawClick {
  return {
    date: row.created_at.toISOString(),
    country: row.country,
    referrer: row.referrer,
    browser: row.browser,
    os: row.os,
    device: row.device,
    social: row.social,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    variant: row.variant,
    bot: row.bot,
  };
}
