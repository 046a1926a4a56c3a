import type { ReactNode } from 'react';
import { useSeries, type Series, type SeriesOf } from '../resources/stats';
import { ClicksChart } from './ClicksChart';
import { previousRange, type Range } from './StatsControls';
import { ErrorState, Loading } from './states';

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
