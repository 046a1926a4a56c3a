import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Schemas } from '../api';
import { formatNumber, plural } from '../format';

type Series = Schemas['ClickSeries'];

/**
 * Clicks over time, drawn with uPlot on a canvas (a year by hour, 8,760 points, draws at once),
 * with a text summary and the table of its numbers for those who cannot see the canvas.
 * `previous` is the period before, of the same length, drawn as a second line bucket for bucket.
 * `noun` names what is counted (`click`, or `visit` for a bio page).
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
  noun?: 'click' | 'visit';
}) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const data = useMemo(() => {
    const x = series.series.map((bucket) => Date.parse(bucket.start) / 1000);
    const clicks = series.series.map((bucket) => bucket.clicks);
    const columns: uPlot.AlignedData = previous
      ? [x, clicks, series.series.map((_, index) => previous.series[index]?.clicks ?? null)]
      : [x, clicks];
    return columns;
  }, [series, previous]);

  useEffect(() => {
    const element = box.current;
    if (!element || width === 0) return;
    const tz = series.tz;
    const options: uPlot.Options = {
      width,
      height: Math.max(200, Math.min(320, Math.round(width * 0.4))),
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), tz),
      cursor: { drag: { x: false, y: false } },
      legend: { show: true },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [{ stroke: '#374151' }, { stroke: '#374151', values: (_u, ticks) => ticks.map((tick) => formatNumber(tick)) }],
      series: [
        {},
        {
          label: noun === 'visit' ? 'Visits' : 'Clicks',
          stroke: '#1d4ed8',
          width: 2,
          fill: 'rgba(29, 78, 216, 0.08)',
          points: { show: false },
        },
        ...(previous ? [{ label: 'Previous period', stroke: '#b45309', width: 1.5, dash: [6, 4], points: { show: false } }] : []),
      ],
    };
    const plot = new uPlot(options, data, element);
    element.dataset.drawn = String(data[0].length);
    return () => plot.destroy();
  }, [data, width, series.tz, previous, noun]);

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

function label(start: string, interval: Series['interval'], tz: string): string {
  const date = new Date(start);
  const options: Intl.DateTimeFormatOptions =
    interval === 'hour'
      ? { dateStyle: 'medium', timeStyle: 'short', timeZone: tz }
      : interval === 'month'
        ? { year: 'numeric', month: 'long', timeZone: tz }
        : { dateStyle: 'medium', timeZone: tz };
  return date.toLocaleString(undefined, options);
}

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
function NumbersTable({ series, previous, title, noun }: { series: Series; previous?: Series; title: string; noun: string }) {
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
                <th scope="col">{noun === 'visit' ? 'Visits' : 'Clicks'}</th>
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
