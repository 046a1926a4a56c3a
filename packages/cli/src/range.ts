import type { paths } from '@linkyard/client';
import { InvalidArgumentError } from 'commander';

type StatsQuery = NonNullable<paths['/url/{id}/stats']['get']['parameters']['query']>;
export type Interval = NonNullable<StatsQuery['interval']>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** What the service takes when `from` is not given: 30 days before `to`. */
const DEFAULT_RANGE = 30 * DAY;

/** `--since`'s value: a number and a unit, `h` hours, `d` days, `w` weeks or `m` months. */
export interface Since {
  count: number;
  unit: 'h' | 'd' | 'w' | 'm';
}

export function parseSince(text: string): Since {
  const match = /^([1-9]\d{0,4})([hdwm])$/.exec(text.trim());
  if (!match) throw new InvalidArgumentError('a number and a unit is expected: 12h, 7d, 4w or 6m (months).');
  return { count: Number(match[1]), unit: match[2] as Since['unit'] };
}

/**
 * The moment `since` before `now`. Months are calendar months (UTC), the day kept where the month
 * has it: `1m` on 31 March is the last day of February, not 3 March.
 */
export function sinceStart(since: Since, now: Date): Date {
  if (since.unit !== 'm') return new Date(now.getTime() - since.count * { h: HOUR, d: DAY, w: 7 * DAY }[since.unit]);
  const month = now.getUTCMonth() - since.count;
  const lastDay = new Date(Date.UTC(now.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const start = new Date(now);
  start.setUTCFullYear(now.getUTCFullYear(), month, Math.min(now.getUTCDate(), lastDay));
  return start;
}

/**
 * The end of a list of days whose last day is included (`links list --to`): a date (2026-11-30) is
 * that whole day in UTC, so the API, which keeps what comes before its `to`, is sent the next day
 * (2026-12-01). A date and time, or what is not a real date, is sent as given, for the service to
 * read or refuse.
 */
export function throughDay(text: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const day = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || !day.toISOString().startsWith(text)) return text;
  day.setUTCDate(day.getUTCDate() + 1);
  // 9999-12-31 has no next day the API reads: its end is then its midnight.
  return day.getUTCFullYear() > 9999 ? text : day.toISOString().slice(0, 10);
}

/** A date-time as the API reads it: ISO 8601 in UTC, to the second. */
export const isoSecond = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The interval to draw a range with when none is asked for: hours up to two days, days up to a
 * quarter, weeks beyond, so a chart has a few dozen points rather than a handful or thousands.
 * A bound the command line cannot read is left for the service to judge; days are its default.
 */
export function defaultInterval(from: string | undefined, to: string | undefined, now: Date): Interval {
  const end = to === undefined ? now.getTime() : Date.parse(to);
  const start = from === undefined ? end - DEFAULT_RANGE : Date.parse(from);
  if (Number.isNaN(start) || Number.isNaN(end)) return 'day';
  const length = end - start;
  if (length <= 2 * DAY) return 'hour';
  if (length <= 92 * DAY) return 'day';
  return 'week';
}
