import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { countryName } from '../../common/countries';
import type { Ok } from '../../common/contract';

export type Statistics = Ok<'getQr'>['data'];

const TOP = 10;

/** Whose counters: a link's, a QR code's, a bio page's visits, a bio page block's clicks. */
export type StatisticsTarget = 'link' | 'qr' | 'bio' | 'block';
const COLUMNS: Record<StatisticsTarget, string> = { link: 'link_id', qr: 'qr_id', bio: 'bio_id', block: 'block_id' };

/**
 * The statistics block of the spec, read from the counters kept as clicks land: a few rows per
 * link, however many clicks it has. Bots are not counted.
 */
@Injectable()
export class StatisticsService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async read(target: StatisticsTarget, id: number, totals: { clicks: number; uniqueClicks: number }): Promise<Statistics> {
    const rows = await this.dataSource.query<{ dimension: string; value: string; count: string }[]>(
      `SELECT dimension, value, count::text AS count FROM (
         SELECT dimension, value, count, row_number() OVER (PARTITION BY dimension ORDER BY count DESC, value) AS rank
           FROM click_counters WHERE ${COLUMNS[target]} = $1
       ) ranked WHERE rank <= $2 ORDER BY dimension, rank`,
      [id, TOP],
    );
    const top = (dimension: string, name: (value: string) => string = (value) => value): Record<string, string> =>
      Object.fromEntries(rows.filter((row) => row.dimension === dimension).map((row) => [name(row.value), row.count]));
    const social = top('social');
    return {
      clicks: totals.clicks,
      uniqueClicks: totals.uniqueClicks,
      topCountries: top('country', (code) => countryName(code) ?? code),
      topReferrers: top('referrer'),
      topBrowsers: top('browser'),
      topOs: top('os'),
      socialCount: {
        facebook: Number(social.facebook ?? 0),
        twitter: Number(social.twitter ?? 0),
        instagram: Number(social.instagram ?? 0),
      },
    };
  }
}
