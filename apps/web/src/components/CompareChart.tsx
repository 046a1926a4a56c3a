import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Schemas } from '../api';
import { formatNumber, plural } from '../format';
import { bucketLabel, countTicks, labelledBuckets, tickLabel } from './chart-scale';
import { themeColor, useTheme } from '../theme';
import { useWidth } from './use-width';

type Series = Schemas['ClickSeries'];

/** One line of the comparison: what it is, its colour's number (1 to 5) and its series. */
export interface Compared {
  name: string;
  color: number;
  series: Series;
}

/**
 * Two to five series of the same range on one chart, as lines in their own colours (the same
 * colours mark them in the list of what is compared), with their totals in words and a table of
 * the numbers, bucket by bucket, for those who cannot see the canvas.
 */
export function CompareChart({ lines, title }: { lines: Compared[]; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const theme = useTheme().resolved;
  const first = lines[0]!.series;

  const data = useMemo(
    (): uPlot.AlignedData => [
      first.series.map((_, index) => index),
      ...lines.map((line) => first.series.map((_, index) => line.series.series[index]?.clicks ?? 0)),
    ],
    [lines, first],
  );

  useEffect(() => {
    const element = box.current;
    if (!element || width === 0) return;
    const { tz, interval } = first;
    const buckets = first.series;
    const yTicks = countTicks(Math.max(0, ...(data.slice(1) as number[][]).flat()));
    const xTicks = labelledBuckets(buckets.length, width - 60, interval === 'hour' ? 96 : 72);
    const axis = themeColor('--chart-axis');
    const plot = new uPlot(
      {
        width,
        height: Math.max(200, Math.min(320, Math.round(width * 0.4))),
        cursor: { drag: { x: false, y: false } },
        legend: { show: true },
        scales: { x: { time: false, range: [0, Math.max(1, buckets.length - 1)] }, y: { range: [0, yTicks.at(-1)!] } },
        axes: [
          {
            stroke: axis,
            splits: () => xTicks,
            values: (_u, ticks) => ticks.map((tick) => (buckets[tick] ? tickLabel(buckets[tick].start, interval, tz, tick === 0) : '')),
            grid: { show: false },
          },
          { stroke: axis, splits: () => yTicks, values: (_u, ticks) => ticks.map((tick) => formatNumber(tick)) },
        ],
        series: [
          {
            label: interval[0]!.toUpperCase() + interval.slice(1),
            value: (_u, index) => (buckets[index] ? bucketLabel(buckets[index].start, interval, tz) : ''),
          },
          ...lines.map((line) => ({ label: line.name, stroke: themeColor(`--compare-${line.color}`), width: 2, points: { show: false } })),
        ],
      },
      data,
      element,
    );
    element.dataset.lines = String(lines.length);
    return () => plot.destroy();
  }, [data, width, first, lines, theme]);

  const summary = `${lines.map((line) => `${line.name}: ${plural(line.series.totals.clicks, 'click')}`).join('; ')}, by ${first.interval} (${first.tz}).`;
  return (
    <figure className="chart">
      <figcaption>
        <strong>{title}</strong>
        <span className="summary"> {summary}</span>
      </figcaption>
      <div ref={box} className="plot" role="img" aria-label={`${title}. ${summary}`} data-testid="compare-chart" />
      <details>
        <summary>Table of the numbers</summary>
        <div className="table-wrap tall" role="region" aria-label={`${title}: table`} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{first.interval[0]!.toUpperCase() + first.interval.slice(1)}</th>
                {lines.map((line, index) => (
                  <th scope="col" key={index}>
                    <bdi>{line.name}</bdi>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {first.series.map((bucket, index) => (
                <tr key={bucket.start}>
                  <th scope="row">{bucketLabel(bucket.start, first.interval, first.tz)}</th>
                  {lines.map((line, column) => (
                    <td className="num" key={column}>
                      {formatNumber(line.series.series[index]?.clicks ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
