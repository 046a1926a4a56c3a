import type { Click } from '../../src/modules/clicks/click';

/** The browsers and addresses tests visit links with (each parsed and located as the comments say). */

/** Firefox on Windows, a desktop. */
export const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
/** Mobile Safari on an iPhone (iOS, mobile). */
export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
/** Chrome on an Android phone. */
export const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
/** Chrome on macOS, a desktop. */
export const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
/** A crawler: its clicks are counted apart, as a bot's. */
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Addresses the offline geolocation places in the United Kingdom, the United States and France. */
export const UK = '81.2.69.142';
export const US = '8.8.8.8';
export const FR = '90.84.1.1';

/**
 * A click as the redirect records it: a desktop Firefox on Windows in France, now, the visitor
 * numbered `index` (so that each index is a visitor of its own); `overrides` changes the rest.
 */
export function clickOf(linkId: number, index: number, overrides: Partial<Click> = {}): Click {
  return {
    linkId,
    qrId: null,
    bioId: null,
    blockId: null,
    at: new Date(),
    country: 'FR',
    referrer: null,
    browser: 'Firefox',
    os: 'Windows',
    device: 'desktop',
    social: null,
    bot: false,
    visitor: String(index).padStart(32, '0'),
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    variant: null,
    domainId: null,
    orphan: null,
    alias: null,
    ...overrides,
  };
}
