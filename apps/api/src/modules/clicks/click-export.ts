import { Inject, Injectable } from '@nestjs/common';
import { csvCell } from '@linkyard/formats';
import type { components } from '@linkyard/spec';
import { DataSource } from 'typeorm';
import type { ExportFormat } from '../../common/streamed-file';

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
  'bot',
];

interface ClickRow {
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
  bot: boolean;
}

const PAGE = 2000;

/** A link's raw clicks in a range, as lines of CSV or NDJSON, read a page at a time. */
@Injectable()
export class ClickExport {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async *lines(linkId: number, range: { from: Date; to: Date }, format: ExportFormat): AsyncGenerator<string> {
    // The header goes out with the first page, so nothing is answered before the database is.
    let header = format === 'csv' ? `${COLUMNS.join(',')}\r\n` : '';
    // Pages follow (created_at, id): the clicks index orders by time, and ids settle equal times.
    let after: { at: Date | string; id: string } = { at: new Date(range.from.getTime() - 1), id: '0' };
    for (;;) {
      const rows = await this.dataSource.query<ClickRow[]>(
        `SELECT id, created_at, created_at::text AS cursor, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, bot
           FROM clicks
          WHERE link_id = $1 AND created_at >= $2 AND created_at < $3 AND (created_at, id) > ($4::timestamptz, $5::bigint)
          ORDER BY created_at, id LIMIT ${PAGE}`,
        [linkId, range.from, range.to, after.at, after.id],
      );
      if (rows.length === 0) break;
      yield header + rows.map((row) => (format === 'csv' ? csvLine(rawClick(row)) : `${JSON.stringify(rawClick(row))}\n`)).join('');
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
    bot: row.bot,
  };
}

function csvLine(click: RawClick): string {
  return `${COLUMNS.map((column) => {
    const value = click[column];
    return value === null ? '' : csvCell(String(value));
  }).join(',')}\r\n`;
}
