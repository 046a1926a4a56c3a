/**
 * The chart's scales, apart from drawing: whole-number count ticks, and bucket labels that say
 * what a bucket is (a day for a by-day chart, never a time of day).
 */

export type Interval = 'hour' | 'day' | 'week' | 'month';

/**
 * The ticks of a count axis: whole numbers from 0, in steps of 1, 2 or 5 times a power of ten, at
 * most `most` + 1 of them, the last at or above the highest count (so the tallest bar fits).
 */
export function countTicks(highest: number, most = 5): number[] {
  const top = Math.max(1, Math.ceil(highest));
  let step = 1;
  for (let power = 1; ; power *= 10) {
    const found = [1, 2, 5].map((factor) => factor * power).find((candidate) => Math.ceil(top / candidate) <= most);
    if (found !== undefined) {
      step = found;
      break;
    }
  }
  const ticks: number[] = [];
  for (let tick = 0; tick < top + step; tick += step) ticks.push(tick);
  return ticks;
}

/** The name of a bucket where it is read whole (the summary, the table, the tooltip). */
export function bucketLabel(start: string, interval: Interval, tz: string, locale?: string): string {
  const date = new Date(start);
  switch (interval) {
    case 'hour':
      return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: tz });
    case 'day':
      return date.toLocaleDateString(locale, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', timeZone: tz });
    case 'week':
      return `Week of ${date.toLocaleDateString(locale, { dateStyle: 'medium', timeZone: tz })}`;
    case 'month':
      return date.toLocaleDateString(locale, { year: 'numeric', month: 'long', timeZone: tz });
  }
}

/**
 * The short name of a bucket under its bar: the hour ("14:00", with the date at midnight and on the
 * first bar), the day ("Nov 28"), the week's first day, the month ("Nov 2026").
 */
export function tickLabel(start: string, interval: Interval, tz: string, first: boolean, locale?: string): string {
  const date = new Date(start);
  const day = () => date.toLocaleDateString(locale, { month: 'short', day: 'numeric', timeZone: tz });
  switch (interval) {
    case 'hour': {
      const time = date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: tz });
      return first || time === '00:00' ? `${day()} ${time}` : time;
    }
    case 'day':
    case 'week':
      return day();
    case 'month':
      return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', timeZone: tz });
  }
}

/**
 * Which bars get a label: evenly spaced, the first always, as many as fit at `width` pixels
 * (`room` pixels a label), so labels never overlap.
 */
export function labelledBuckets(count: number, width: number, room: number): number[] {
  if (count <= 0) return [];
  const fit = Math.max(1, Math.floor(width / room));
  const every = Math.max(1, Math.ceil(count / fit));
  const chosen: number[] = [];
  for (let index = 0; index < count; index += every) chosen.push(index);
  return chosen;
}
