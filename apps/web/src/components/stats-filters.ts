/**
 * The filters a series of clicks takes (the API's query parameters), as the statistics pages keep
 * them in their address: a value chosen in a top list narrows the chart and every other list.
 */
export const STATS_FILTERS = {
  country: 'Country',
  referrer: 'Referrer',
  browser: 'Browser',
  os: 'Operating system',
  device: 'Device',
  social: 'Social network',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  variant: 'A/B variant',
  kind: 'Reached',
  alias: 'Alias asked for',
} as const;

export type StatsFilter = keyof typeof STATS_FILTERS;
export type StatsFilters = Partial<Record<StatsFilter, string>>;

const NAMES = Object.keys(STATS_FILTERS) as StatsFilter[];
/**
 * What the API takes of a filter's value: 1 to 253 characters, none of them a control character; a
 * variant is a letter A to J, an orphan visit's kind root, unknown or expired.
 */
const VALUE = /^[^\p{Cc}]{1,253}$/u;
const VARIANT = /^[A-Ja-j]$/;
const KIND = /^(root|unknown|expired)$/;

/** The filters of an address's search, each kept only when the API could take it. */
export function statsFiltersIn(search: Record<string, unknown>): StatsFilters {
  const filters: StatsFilters = {};
  for (const name of NAMES) {
    const value = search[name];
    if (typeof value !== 'string' || !(name === 'variant' ? VARIANT : name === 'kind' ? KIND : VALUE).test(value)) continue;
    filters[name] = name === 'country' || name === 'variant' ? value.toUpperCase() : value;
  }
  return filters;
}

/** The filters in force, in a stable order. */
export const filtersInForce = (filters: StatsFilters): [StatsFilter, string][] =>
  NAMES.flatMap((name) => (filters[name] ? [[name, filters[name]] as [StatsFilter, string]] : []));

/** Every filter taken away: what "Clear all" sets. */
export const NO_FILTERS: Record<StatsFilter, undefined> = Object.fromEntries(NAMES.map((name) => [name, undefined])) as Record<
  StatsFilter,
  undefined
>;
