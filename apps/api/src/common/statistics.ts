import type { Ok } from './contract';

export type Statistics = Ok<'getQr'>['data'];

/**
 * The statistics block of the spec from the totals kept on a link or QR code. The breakdowns
 * (countries, referrers, browsers, systems, social sources) are empty until clicks are recorded
 * with those details.
 */
export function totalsOnly(clicks: number, uniqueClicks: number): Statistics {
  return {
    clicks,
    uniqueClicks,
    topCountries: {},
    topReferrers: {},
    topBrowsers: {},
    topOs: {},
    socialCount: { facebook: 0, twitter: 0, instagram: 0 },
  };
}
