import { CompareChart, type Compared } from './CompareChart';
import { ErrorState, Loading } from './states';
import { useVariantSeries, type Range } from '../resources/stats';
import type { StatsFilters } from './stats-filters';
import { formatNumber, plural } from '../format';

/** A variant's letter, as the redirect records it on each click: A for the first destination. */
export const variantLetter = (index: number): string => String.fromCharCode(65 + index);

/**
 * An A/B split's variants over the range, a line each on one chart, with the filters in force
 * (a chosen variant aside: every variant stays on it), and which one leads: the question a
 * split is run to answer. Clicks are people's; each variant's share beside the share it was given.
 */
export function VariantsChart({
  id,
  variants,
  range,
  filters,
}: {
  id: number;
  variants: { url: string; weight: number }[];
  range: Range;
  filters: StatsFilters;
}) {
  const letters = variants.map((_, index) => variantLetter(index));
  const series = useVariantSeries(id, letters, range, filters);
  const failed = series.find((entry) => entry.isError);
  if (failed) return <ErrorState error={failed.error} retry={() => void failed.refetch()} />;
  if (!series.every((entry) => entry.data)) return <Loading label="Loading the variants' clicks" />;
  const lines: Compared[] = series.map((entry, index) => ({
    name: `Variant ${letters[index]}`,
    color: index + 1,
    series: entry.data!,
  }));
  const total = lines.reduce((sum, line) => sum + line.series.totals.clicks, 0);
  const ranked = [...lines.keys()].sort((a, b) => lines[b]!.series.totals.clicks - lines[a]!.series.totals.clicks);
  const lead = ranked[0]!;
  const tied = lines.filter((line) => line.series.totals.clicks === lines[lead]!.series.totals.clicks).length > 1;
  return (
    <>
      <p data-testid="variants-lead">
        {total === 0
          ? 'No clicks in this range yet.'
          : tied
            ? `No variant leads: the first ones have ${plural(lines[lead]!.series.totals.clicks, 'click')} each.`
            : `Variant ${letters[lead]} leads with ${plural(lines[lead]!.series.totals.clicks, 'click')} of ${formatNumber(total)}.`}
      </p>
      <ul className="variant-shares">
        {lines.map((line, index) => (
          <li key={index}>
            <span className="swatch" style={{ background: `var(--compare-${index + 1})` }} aria-hidden="true" />
            {`Variant ${letters[index]}: ${plural(line.series.totals.clicks, 'click')}`}
            {total > 0 && `, ${Math.round((1000 * line.series.totals.clicks) / total) / 10}%`}
            {` (given ${variants[index]!.weight}%), to `}
            <bdi className="url">{variants[index]!.url}</bdi>
          </li>
        ))}
      </ul>
      <CompareChart lines={lines} title="Clicks per variant" />
    </>
  );
}
