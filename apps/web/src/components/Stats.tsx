import type { ReactNode } from 'react';
import { useSeries, type Series, type SeriesOf } from '../resources/stats';
import { ClicksChart } from './ClicksChart';
import { previousRange, type Range } from '../resources/stats';
import { ErrorState, Loading } from './states';
import { TopList, countryName } from './TopList';
import { plural } from '../format';

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
  children,
}: {
  target: SeriesOf;
  range: Range;
  title: string;
  noun?: 'click' | 'visit' | 'scan';
  children?: (series: Series) => ReactNode;
}) {
  const current = useSeries(target, range);
  const previous = useSeries(target, previousRange(range), range.compare);
  if (current.isPending) return <Loading label={`Loading the ${noun}s`} />;
  if (!current.data) return <ErrorState error={current.error} retry={() => void current.refetch()} />;
  return (
    <>
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
export function StatsWithOrigins({ target, range, noun }: { target: SeriesOf; range: Range; noun: 'click' | 'visit' }) {
  const title = noun === 'visit' ? 'Visits' : 'Clicks';
  return (
    <Stats target={target} range={range} title={title} noun={noun}>
      {(series) => (
        <>
          <p className="muted small">
            {plural(series.totals.clicks, noun)} by people
            {series.totals.visitors !== null && `, ${plural(series.totals.visitors, 'visitor')}`}
            {series.totals.bots !== null && `; ${plural(series.totals.bots, noun)} of bots, counted apart`}.
          </p>
          <h2>Where the {noun}s came from</h2>
          <div className="tops">
            <TopList title="Countries" values={series.top.countries} describe={countryName} />
            <TopList title="Referrers" values={series.top.referrers} describe={(value) => value || 'Direct or unknown'} />
            <TopList title="Browsers" values={series.top.browsers} />
            <TopList title="Operating systems" values={series.top.os} />
            <TopList title="Devices" values={series.top.devices} />
            <TopList title="UTM sources" values={series.top.utmSources} />
            <TopList title="UTM media" values={series.top.utmMediums} />
            <TopList title="UTM campaigns" values={series.top.utmCampaigns} />
          </div>
        </>
      )}
    </Stats>
  );
}
