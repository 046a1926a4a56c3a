import type { Visit, VisitUtm } from './visitor';

/**
 * A click counts for one target: a link, a QR code (a scan), a bio page (a visit), a bio page's
 * block, or a branded domain (an orphan visit: one that reached no link).
 */
export interface Click extends Omit<Visit, 'targetDevice' | 'languages'>, VisitUtm {
  linkId: number | null;
  qrId: number | null;
  bioId: number | null;
  blockId: number | null;
  domainId: number | null;
  at: Date;
  /** The letter of the A/B split's variant a link's visit went to (A the first); null: none. */
  variant: string | null;
  /** What an orphan visit reached: the domain's root, an alias nothing holds, or a link not open (expired). */
  orphan: OrphanKind | null;
  /** The alias an orphan visit asked for ('' or null for the root). */
  alias: string | null;
}

export const ORPHAN_KINDS = ['root', 'unknown', 'expired'] as const;
export type OrphanKind = (typeof ORPHAN_KINDS)[number];

/**
 * Marks the transaction of a click batch: it writes counters (a link's clicks, a QR code's scans),
 * which only the lists of links hold (it announces `clicks` for their accounts, which the redirect
 * cache ignores); the repositories test knows its statements by this mark.
 */
export const CLICKS_ONLY = 'linkyardClicksOnly';

/** What the hourly groups are made of: the fields of a click, and their columns in click_hour_groups. */
export const GROUP_COLUMNS = {
  country: 'country',
  referrer: 'referrer',
  browser: 'browser',
  os: 'os',
  device: 'device',
  social: 'social',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  variant: 'variant',
  orphan: 'orphan',
  alias: 'alias',
} as const satisfies Partial<Record<keyof Click, string>>;
export const GROUP_FIELDS = Object.keys(GROUP_COLUMNS) as (keyof typeof GROUP_COLUMNS)[];

/** The kinds of target a click counts for (see Click). */
export type ClickTarget = 'link' | 'qr' | 'bio' | 'block' | 'domain';
