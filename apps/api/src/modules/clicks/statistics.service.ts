import { Inject, Injectable } from '@nestjs/common';
import { countryName } from '../../common/countries';
import type { Ok } from '../../common/contract';
import type { ClickTarget } from './click';
import { ClickReadsRepository } from './click-reads.repository';
import type { CounterRow } from './click-counters';

export type Statistics = Ok<'getQr'>['data'];

/**
 * The statistics block of the spec, read from the counters kept as clicks land: a few rows per
 * link, however many clicks it has. Bots are not counted. Whose counters: a link's, a QR code's,
 * a bio page's visits, a bio page block's clicks.
 */
@Injectable()
export class StatisticsService {
  constructor(@Inject(ClickReadsRepository) private readonly reads: ClickReadsRepository) {}

  async read(target: ClickTarget, id: number, totals: Totals): Promise<Statistics> {
    return statistics(await this.reads.counters(target, id), totals);
  }
}

/** A target's totals, as its own row keeps them. */
export interface Totals {
  clicks: number;
  uniqueClicks: number;
}

/** The statistics block from the target's counters (countersOf's rows) and its totals. */
export function statistics(rows: readonly CounterRow[], totals: Totals): Statistics {
  // Own properties, whatever the value (a referrer may be "__proto__").
  const top = (dimension: string, name: (value: string) => string = (value) => value): Record<string, string> =>
    Object.fromEntries(rows.filter((row) => row[0] === dimension).map(([, value, count]) => [name(value), count]));
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
