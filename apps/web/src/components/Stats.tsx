import type { ReactNode } from 'react';
import { useSeries, type Series, type SeriesOf } from '../resources/stats';
import { ClicksChart } from './ClicksChart';
import { previousRange, type Range } from '../resources/stats';
import { ErrorState, Loading } from './states';
import { lazyPart, OptionalPart } from './OptionalPart';
import { TopList, countryName } from './TopList';
import { MapFigure } from './MapFigure';
import { plural } from '../format';
import { filtersInForce, NO_FILTERS, STATS_FILTERS, type StatsFilter, type StatsFilters } from './stats-filters';

/** The world map and its outlines load when a page first shows one (about 56 kB gzipped). */
const ClicksMap = lazyPart(() => import('./ClicksMap'));

/**
 * Clicks over time of a link, a QR code, a campaign, a bio page or the account: the chart of the
 * range (with the period before it when asked), then what the page shows of the same answer
 * (totals, top lists): one answer for the chart and the numbers beside it.
 */
export function Stats({
  target,
  range,
  title,
  noun = 'click',
  filters = {},
  onFilter,
  children,
}: {
  target: SeriesOf;
  range: Range;
  title: string;
  noun?: 'click' | 'visit' | 'scan';
  /** The values chosen in the top lists: the chart and every list keep only their clicks. */
  filters?: StatsFilters;
  onFilter?: (changes: StatsFilters) => void;
  children?: (series: Series) => ReactNode;
}) {
  const current = useSeries(target, range, true, filters);
  const previous = useSeries(target, previousRange(range), range.compare, filters);
  const inForce = filtersInForce(filters);
  const chips = onFilter && inForce.length > 0 && (
    <div className="filter-chips" role="group" aria-label="Statistics filtered by">
      <span className="muted small">Only {noun}s of</span>
      {inForce.map(([name, value]) => (
        <button key={name} type="button" className="chip chip-button" onClick={() => onFilter({ [name]: undefined })}>
          <bdi>{`${STATS_FILTERS[name]}: ${name === 'country' ? countryName(value) : value}`}</bdi>
          <span aria-hidden="true"> ×</span>
          <span className="visually-hidden"> (remove this filter)</span>
        </button>
      ))}
      {inForce.length > 1 && (
        <button type="button" className="secondary small" onClick={() => onFilter(NO_FILTERS)}>
          Clear all
        </button>
      )}
    </div>
  );
  if (current.isPending)
    return (
      <>
        {chips}
        <Loading label={`Loading the ${noun}s`} />
      </>
    );
  if (!current.data) return <ErrorState error={current.error} retry={() => void current.refetch()} />;
  return (
    <>
      {chips}
      {previous.isError && range.compare && <ErrorState error={previous.error} />}
      <ClicksChart series={current.data} previous={range.compare ? previous.data : undefined} title={title} noun={noun} />
      {children?.(current.data)}
    </>
  );
}

/**
 * A link's or a bio page's statistics: the chart of the range, its totals (people, visitors, bots
 * counted apart), and where the clicks or visits came from.
 */
export function StatsWithOrigins({
  target,
  range,
  noun,
  filters,
  onFilter,
  variants,
}: {
  target: SeriesOf;
  range: Range;
  noun: 'click' | 'visit';
  filters?: StatsFilters;
  onFilter?: (changes: StatsFilters) => void;
  /** A link's A/B split: its variants' list names their destinations. */
  variants?: { url: string; weight: number }[];
}) {
  const title = noun === 'visit' ? 'Visits' : 'Clicks';
  return (
    <Stats target={target} range={range} title={title} noun={noun} filters={filters} onFilter={onFilter}>
      {(series) => (
        <>
          <p className="muted small">
            {plural(series.totals.clicks, noun)} by people
            {series.totals.visitors !== null && `, ${plural(series.totals.visitors, 'visitor')}`}
            {series.totals.bots !== null && `; ${plural(series.totals.bots, noun)} of bots, counted apart`}.
          </p>
          <h2>Where the {noun}s came from</h2>
          {onFilter && <p className="muted small">Choose a value to see only its {noun}s in the chart and every list.</p>}
          <OriginTops series={series} filters={filters} onFilter={onFilter} variants={variants} noun={noun} />
        </>
      )}
    </Stats>
  );
}

/** What an orphan visit reached, in words. */
export const ORPHAN_KINDS: Record<string, string> = {
  root: "The domain's root",
  unknown: 'An alias nothing holds',
  expired: 'A link not open (expired, over its limit or not started)',
};

/** The top lists of a range and what each filters by when a value in it is chosen. */
const ORIGINS: { title: string; top: keyof Series['top']; filter: StatsFilter; describe?: (value: string) => string }[] = [
  // A domain's orphan visits only: what they reached, and the aliases people typed.
  { title: 'What they reached', top: 'kinds', filter: 'kind', describe: (value) => ORPHAN_KINDS[value] ?? value },
  { title: 'Aliases asked for', top: 'aliases', filter: 'alias', describe: (value) => `/${value}` },
  // First: on an A/B link, which variant won is the question (shown only where there are variants).
  { title: 'A/B variants', top: 'variants', filter: 'variant', describe: (value) => `Variant ${value}` },
  { title: 'Countries', top: 'countries', filter: 'country', describe: countryName },
  { title: 'Referrers', top: 'referrers', filter: 'referrer', describe: (value) => value || 'Direct or unknown' },
  { title: 'Browsers', top: 'browsers', filter: 'browser' },
  { title: 'Operating systems', top: 'os', filter: 'os' },
  { title: 'Devices', top: 'devices', filter: 'device' },
  { title: 'UTM sources', top: 'utmSources', filter: 'utm_source' },
  { title: 'UTM media', top: 'utmMediums', filter: 'utm_medium' },
  { title: 'UTM campaigns', top: 'utmCampaigns', filter: 'utm_campaign' },
];

/**
 * Where the clicks came from (`only`: some of the lists), each value a button that keeps only its
 * clicks when the page takes filters; the value in force shows pressed.
 */
export function OriginTops({
  series,
  filters = {},
  onFilter,
  only,
  variants,
  noun = 'click',
}: {
  series: Series;
  filters?: StatsFilters;
  onFilter?: (changes: StatsFilters) => void;
  only?: (keyof Series['top'])[];
  noun?: 'click' | 'visit' | 'scan';
  /**
   * A link's A/B split, whose letters the variants' list names with their destinations ([]: a
   * link whose destinations are not shown); absent, the statistics are not one link's.
   */
  variants?: { url: string; weight: number }[];
}) {
  const variantName = (letter: string) => {
    const url = variants?.[letter.charCodeAt(0) - 65]?.url;
    return url ? `${letter}: ${url}` : `Variant ${letter}`;
  };
  const shown = ORIGINS.filter((origin) => (!only || only.includes(origin.top)) && series.top[origin.top] !== undefined)
    // Only a link's split has variants (letters of several links' splits, added up, would mean
    // nothing): the list shows on a link's statistics with some, or a filter by one.
    .filter(
      (origin) =>
        origin.top !== 'variants' || (variants !== undefined && (series.top.variants.length > 0 || filters.variant !== undefined)),
    );
  const list = (origin: (typeof ORIGINS)[number]) => (
    <TopList
      key={origin.top}
      title={origin.title}
      values={series.top[origin.top] ?? []}
      describe={origin.top === 'variants' ? variantName : origin.describe}
      choose={onFilter && ((value) => onFilter({ [origin.filter]: value }))}
      chosen={filters[origin.filter]}
    />
  );
  const countries = shown.find((origin) => origin.top === 'countries');
  return (
    <>
      {countries && (
        // The map, and beside it the countries' list: the same numbers, as text and buttons.
        <div className="map-row">
          <OptionalPart
            loading={<MapFigure noun={noun} />}
            fallback={(failure) => (
              <p className="clicks-map muted small">The map could not be {failure}; the countries' list has the same numbers.</p>
            )}
          >
            <ClicksMap
              values={series.top.countries}
              describe={countryName}
              choose={onFilter && ((code) => onFilter({ country: code }))}
              chosen={filters.country}
              noun={noun}
            />
          </OptionalPart>
          {list(countries)}
        </div>
      )}
      <div className="tops">{shown.filter((origin) => origin !== countries).map(list)}</div>
    </>
  );
}
