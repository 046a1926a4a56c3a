import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Schemas } from '../api';
import { formatNumber, plural } from '../format';
import { bucketLabel, countTicks, labelledBuckets, tickLabel } from './chart-scale';
import { themeColor, useTheme } from '../theme';
import { useWidth } from './use-width';

type Series = Schemas['ClickSeries'];
type Noun = 'click' | 'visit' | 'scan';
const COUNTED: Record<Noun, string> = { click: 'Clicks', visit: 'Visits', scan: 'Scans' };

/**
 * Counts by bucket, drawn as bars with uPlot on a canvas (a year by hour, 8,760 bars, draws at
 * once): whole-number ticks, each bar labelled as its bucket (a day for a by-day chart), and the
 * period before, when asked, as bars of its own beside each bucket's. A text summary and the table
 * of the same numbers serve those who cannot see the canvas. `noun` names what is counted.
 */
export function ClicksChart({
  series,
  previous,
  title,
  noun = 'click',
}: {
  series: Series;
  previous?: Series;
  title: string;
  noun?: Noun;
}) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  // Drawn again in the colours of a theme chosen while it shows.
  const theme = useTheme().resolved;

  const data = useMemo(() => {
    const x = series.series.map((_, index) => index);
    const counts = series.series.map((bucket) => bucket.clicks);
    const columns: uPlot.AlignedData = previous
      ? [x, counts, series.series.map((_, index) => previous.series[index]?.clicks ?? 0)]
      : [x, counts];
    return columns;
  }, [series, previous]);

  useEffect(() => {
    const element = box.current;
    if (!element || width === 0) return;
    const { tz, interval } = series;
    const buckets = series.series;
    const highest = Math.max(0, ...(data.slice(1) as number[][]).flat());
    const yTicks = countTicks(highest);
    const xTicks = labelledBuckets(buckets.length, width - 60, interval === 'hour' ? 96 : 72);
    const colors = {
      axis: themeColor('--chart-axis'),
      bar: themeColor('--chart-bar'),
      previous: themeColor('--chart-previous'),
      previousLine: themeColor('--chart-previous-line'),
    };
    const bars = (align: -1 | 0 | 1) => uPlot.paths.bars!({ size: [previous ? 0.42 : 0.8, 64], align, gap: 1 });
    const options: uPlot.Options = {
      width,
      height: Math.max(200, Math.min(320, Math.round(width * 0.4))),
      cursor: { drag: { x: false, y: false } },
      legend: { show: true },
      scales: { x: { time: false, range: [-0.5, Math.max(0.5, buckets.length - 0.5)] }, y: { range: [0, yTicks.at(-1)!] } },
      axes: [
        {
          stroke: colors.axis,
          splits: () => xTicks,
          values: (_u, ticks) => ticks.map((tick) => (buckets[tick] ? tickLabel(buckets[tick].start, interval, tz, tick === 0) : '')),
          grid: { show: false },
        },
        { stroke: colors.axis, splits: () => yTicks, values: (_u, ticks) => ticks.map((tick) => formatNumber(tick)) },
      ],
      series: [
        {
          label: interval[0]!.toUpperCase() + interval.slice(1),
          value: (_u, index) => (buckets[index] ? bucketLabel(buckets[index].start, interval, tz) : ''),
        },
        { label: COUNTED[noun], stroke: colors.bar, fill: colors.bar, width: 0, paths: bars(previous ? 1 : 0), points: { show: false } },
        ...(previous
          ? [
              {
                label: 'Previous period',
                stroke: colors.previousLine,
                fill: colors.previous,
                width: 0,
                paths: bars(-1),
                points: { show: false },
              },
            ]
          : []),
      ],
    };
    const plot = new uPlot(options, data, element);
    // What the canvas shows, in words a test (or a curious reader of the page's code) can read.
    element.dataset.drawn = String(data[0].length);
    element.dataset.yTicks = yTicks.join(' ');
    element.dataset.xLabels = xTicks.map((tick) => tickLabel(buckets[tick]!.start, interval, tz, tick === 0)).join(' | ');
    return () => plot.destroy();
  }, [data, width, series, previous, noun, theme]);

  const summary = summarize(series, noun, previous);
  return (
    <figure className="chart">
      <figcaption>
        <strong>{title}</strong>
        <span className="summary"> {summary}</span>
      </figcaption>
      <div ref={box} className="plot" role="img" aria-label={`${title}. ${summary}`} data-testid="clicks-chart" />
      <NumbersTable series={series} previous={previous} title={title} noun={noun} />
    </figure>
  );
}

const label = (start: string, interval: Series['interval'], tz: string) => bucketLabel(start, interval, tz);

function summarize(series: Series, noun: string, previous?: Series): string {
  const total = series.totals.clicks;
  const first = series.series[0];
  const last = series.series.at(-1);
  if (!first || !last) return 'No buckets in this range.';
  let peak = first;
  for (const bucket of series.series) if (bucket.clicks > peak.clicks) peak = bucket;
  const range = `from ${label(first.start, series.interval, series.tz)} to ${label(last.start, series.interval, series.tz)} (${series.tz})`;
  let text = `${plural(total, noun)} ${range}, by ${series.interval}.`;
  if (total > 0) text += ` Busiest ${series.interval}: ${label(peak.start, series.interval, series.tz)}, ${plural(peak.clicks, noun)}.`;
  if (previous) {
    const before = previous.totals.clicks;
    const change = before === 0 ? '' : ` (${total >= before ? '+' : ''}${Math.round(((total - before) / before) * 100)}%)`;
    text += ` Previous period: ${plural(before, noun)}${change}.`;
  }
  return text;
}

/** The chart's numbers as a table, built only when opened (a year by hour is 8,760 rows). */
function NumbersTable({ series, previous, title, noun }: { series: Series; previous?: Series; title: string; noun: Noun }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary>Table of the numbers</summary>
      {open && (
        <div className="table-wrap tall" role="region" aria-label={`${title}: table`} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{series.interval === 'hour' ? 'Hour' : series.interval[0]!.toUpperCase() + series.interval.slice(1)}</th>
                <th scope="col">{COUNTED[noun]}</th>
                <th scope="col">Visitors</th>
                {previous && <th scope="col">Previous period</th>}
              </tr>
            </thead>
            <tbody>
              {series.series.map((bucket, index) => (
                <tr key={bucket.start}>
                  <th scope="row">{label(bucket.start, series.interval, series.tz)}</th>
                  <td className="num">{formatNumber(bucket.clicks)}</td>
                  <td className="num">{bucket.visitors === null ? '—' : formatNumber(bucket.visitors)}</td>
                  {previous && <td className="num">{formatNumber(previous.series[index]?.clicks ?? 0)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
