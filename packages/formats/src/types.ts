import type { components } from '@linkyard/spec';

/** The products whose link lists Linkyard can import. */
export type ImportSource = 'bitly' | 'dub' | 'kutt' | 'shlink' | 'yourls' | 'linkyard';

export const IMPORT_SOURCES: readonly ImportSource[] = Object.freeze(['bitly', 'dub', 'kutt', 'shlink', 'yourls', 'linkyard']);

/** How each source is named in messages to the user. */
export const SOURCE_NAMES: Readonly<Record<ImportSource, string>> = {
  bitly: 'Bitly',
  dub: 'Dub',
  kutt: 'Kutt',
  shlink: 'Shlink',
  yourls: 'YOURLS',
  linkyard: 'Linkyard',
};

// The shapes of a link's settings, as the API document defines them.
type Schemas = components['schemas'];
export type GeoTarget = Schemas['GeoTarget'];
export type LinkVariant = Schemas['LinkVariant'];
export type DeviceTarget = Schemas['DeviceTarget'];
export type LanguageTarget = Schemas['LanguageTarget'];
export type DeepLink = Schemas['DeepLink'];
export type UrlParameter = Schemas['UrlParameter'];

/** The fields an import can fill, named as in Linkyard's export. */
export interface ImportedLink {
  longurl: string;
  alias?: string;
  domain?: string;
  title?: string;
  description?: string;
  metadescription?: string;
  metaimage?: string;
  expiry?: string;
  status?: 'public' | 'private';
  /** Linkyard's export only: the link was archived (left out of the default list). */
  archived?: boolean;
  /** Before this date-time ("YYYY-MM-DD HH:MM:SS", UTC) the link answers like an expired one. */
  startdate?: string;
  /** People's clicks after which the link answers like an expired one (its `clicks` count toward it). */
  clicklimit?: number;
  /** Linkyard's export only: an A/B split's destinations and weights (percent), the first the link's URL. */
  variants?: LinkVariant[];
  geotarget?: GeoTarget[];
  devicetarget?: DeviceTarget[];
  languagetarget?: LanguageTarget[];
  deeplink?: DeepLink;
  parameters?: UrlParameter[];
  /**
   * The link's tags as the source writes them: trimmed, empty ones left out, in the source's order.
   * Case, duplicates and the limits (50 characters, 20 tags) are the service's to apply.
   */
  tags?: string[];
  /**
   * Linkyard's export only: the link's type as the API writes it (`direct`, `frame`, a splash
   * page's id, `overlay-<id>`); the ids are the exporting account's, which the importing service
   * keeps only where they are the importing account's too.
   */
  type?: string;
  /** When the source created the link ("YYYY-MM-DD HH:MM:SS", UTC): the imported link's date. */
  date?: string;
  /** The link's clicks in the source: the imported link's click count starts there. */
  clicks?: number;
}

/**
 * One record of an import file: the link it gives, or why it cannot be used. `line` is the 1-based
 * line a CSV record starts on, the 1-based line of an NDJSON record, or the 1-based position of an
 * item in a JSON list.
 */
export type ImportRecord = { line: number; link: ImportedLink } | { line: number; error: string };
