/**
 * Date-times as the sources write them: ISO 8601 with or without an offset (`Z`, `+02:00`, Bitly's
 * `+0000`), with a `T` or a space, optional seconds and fractions; a bare date; or Unix seconds.
 * Without an offset the time is taken as UTC (YOURLS and Kutt store UTC).
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?)? ?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const UNIX_SECONDS = /^\d{1,11}$/;

/**
 * The date-time as Linkyard writes it ("YYYY-MM-DD HH:MM:SS", UTC), or undefined when the text is not
 * a real date-time (2026-02-30 is refused, not read as 2 March).
 */
export function toLinkyardDateTime(value: string | number): string | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? fromEpochMs(value * 1000) : undefined;
  const text = value.trim();
  if (UNIX_SECONDS.test(text)) return fromEpochMs(Number(text) * 1000);
  const match = DATE_TIME.exec(text);
  if (match === null) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  const local = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 30 February over into March: a date that does not come back unchanged is not real.
  const check = new Date(local);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return fromEpochMs(local - offsetMinutes(match[7]) * 60_000);
}

/** The offset east of UTC, in minutes, of `Z`, `+02`, `+0200` or `+02:00`. */
function offsetMinutes(offset: string | undefined): number {
  if (offset === undefined || offset.toUpperCase() === 'Z') return 0;
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || '0');
  // NaN makes the whole date-time unreadable, as an offset of +25:00 should.
  if (hours > 23 || minutes > 59) return Number.NaN;
  return (offset.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

function fromEpochMs(ms: number): string | undefined {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (Number.isNaN(year) || year < 1 || year > 9999) return undefined;
  return `${String(year).padStart(4, '0')}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
