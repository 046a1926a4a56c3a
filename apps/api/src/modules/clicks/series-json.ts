import { formatOffset, type Interval } from './series-request';

/** What the buckets of a series add up to; visitors and bots are null when it is filtered. */
export interface SeriesTotals {
  clicks: number;
  visitors: number | null;
  bots: number | null;
}

/** A series as the API answers it: its buckets' JSON array, the first bucket's start, the totals. */
export interface SeriesJson {
  json: Buffer;
  first: string | undefined;
  totals: SeriesTotals;
}

/**
 * A run of a series' buckets as the database sends it: the first one's start in the zone (local
 * time, `2026-03-29T00:00:00`), and a line per bucket of its offset from UTC in minutes, its
 * clicks, and unless filtered its visitors and bots, separated by spaces.
 */
export interface SeriesText {
  first: string;
  buckets: string;
}

const START = Buffer.from('{"start":"');
const CLICKS = Buffer.from('","clicks":');
const VISITORS = Buffer.from(',"visitors":');
const BOTS = Buffer.from(',"bots":');
const NO_PEOPLE = Buffer.from(',"visitors":null,"bots":null}');
/** The bytes a bucket's JSON adds at most to its line of text: the names, the start, the offset, the marks and the nulls. */
const PER_BUCKET = START.length + '2026-03-29T00:00:00+00:00'.length + CLICKS.length + NO_PEOPLE.length + '},'.length;
const ZERO = 48;
const NINE = 57;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** A local time as the milliseconds of the same wall-clock time in UTC (the calendar without the zone). */
function wallClock(local: string): number {
  const field = (from: number, to: number) => Number(local.slice(from, to));
  return Date.UTC(field(0, 4), field(5, 7) - 1, field(8, 10), field(11, 13), field(14, 16), field(17, 19));
}

/**
 * The JSON array of a series' buckets, written straight from the database's texts (SeriesText),
 * with their totals. Each bucket's start is its run's first one moved on by the interval: an hour
 * of UTC (so a local hour is skipped or repeated where the offset changes), or a local day, week
 * (7 days) or month. A year by hour is 8,760 buckets: written as bytes into one buffer, they make
 * no object nor string per bucket for the collector to follow, and need no `JSON.stringify`.
 */
export function seriesJson(texts: readonly SeriesText[], interval: Interval, filtered: boolean): SeriesJson {
  let size = 2;
  for (const { buckets } of texts) {
    size += buckets.length;
    for (let at = 0; at < buckets.length; at = buckets.indexOf('\n', at) + 1 || buckets.length) size += PER_BUCKET;
  }
  const json = Buffer.allocUnsafe(size);
  let pos = 0;
  let clicks = 0;
  let visitors = 0;
  let bots = 0;
  let first: string | undefined;
  let offset = NaN;
  let written = '';

  /** Copies the digits of text[from, to) and answers their value. */
  const copyCount = (text: string, from: number, to: number): number => {
    let value = 0;
    for (let i = from; i < to; i++) {
      const code = text.charCodeAt(i);
      if (code < ZERO || code > NINE) throw new Error(`A series' count is not a whole number: ${text.slice(from, to)}`);
      json[pos++] = code;
      value = value * 10 + (code - ZERO);
    }
    return value;
  };
  /** Writes a number of `width` digits, zeros in front. */
  const digits = (value: number, width: number) => {
    for (let place = width - 1; place >= 0; place--) {
      json[pos + place] = ZERO + (value % 10);
      value = Math.floor(value / 10);
    }
    pos += width;
  };
  /** Writes a wall-clock time (see wallClock) as 2026-03-29T00:00:00, by the days' arithmetic of the proleptic Gregorian calendar. */
  const writeWallClock = (ms: number) => {
    const days = Math.floor(ms / DAY_MS);
    const seconds = Math.floor((ms - days * DAY_MS) / 1000);
    // From days since 1970-01-01 to year, month and day, in eras of 400 years from 0000-03-01.
    const shifted = days + 719_468;
    const era = Math.floor(shifted / 146_097);
    const dayOfEra = shifted - era * 146_097;
    const yearOfEra = Math.floor(
      (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
    );
    const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
    const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
    const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
    digits(yearOfEra + era * 400 + (month <= 2 ? 1 : 0), 4);
    json[pos++] = 0x2d; // -
    digits(month, 2);
    json[pos++] = 0x2d;
    digits(dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1, 2);
    json[pos++] = 0x54; // T
    digits(Math.floor(seconds / 3600), 2);
    json[pos++] = 0x3a; // :
    digits(Math.floor(seconds / 60) % 60, 2);
    json[pos++] = 0x3a;
    digits(seconds % 60, 2);
  };

  json[pos++] = 0x5b; // [
  for (const text of texts) {
    const runStart = wallClock(text.first);
    const runDate = new Date(runStart);
    let runOffset = NaN;
    const { buckets } = text;
    for (let at = 0, index = 0; at < buckets.length; at += 1, index += 1) {
      let end = buckets.indexOf('\n', at);
      if (end === -1) end = buckets.length;
      const afterMinutes = buckets.indexOf(' ', at);
      const afterClicks = filtered ? end : buckets.indexOf(' ', afterMinutes + 1);
      const minutes = Number(buckets.slice(at, afterMinutes));
      if (Number.isNaN(runOffset)) runOffset = minutes;
      // The offset changes twice a year at most: written once for each run of buckets that share it.
      if (minutes !== offset) written = formatOffset((offset = minutes));

      let wall: number;
      if (interval === 'hour') wall = runStart + index * HOUR_MS + (minutes - runOffset) * 60_000;
      else if (interval === 'month') wall = Date.UTC(runDate.getUTCFullYear(), runDate.getUTCMonth() + index, runDate.getUTCDate());
      else wall = runStart + index * (interval === 'week' ? 7 : 1) * DAY_MS;

      if (first === undefined) first = `${text.first}${written}`;
      else json[pos++] = 0x2c; // ,
      pos += START.copy(json, pos);
      writeWallClock(wall);
      pos += json.write(written, pos, 'latin1');
      pos += CLICKS.copy(json, pos);
      clicks += copyCount(buckets, afterMinutes + 1, afterClicks);
      if (filtered) pos += NO_PEOPLE.copy(json, pos);
      else {
        const afterVisitors = buckets.indexOf(' ', afterClicks + 1);
        pos += VISITORS.copy(json, pos);
        visitors += copyCount(buckets, afterClicks + 1, afterVisitors);
        pos += BOTS.copy(json, pos);
        bots += copyCount(buckets, afterVisitors + 1, end);
        json[pos++] = 0x7d; // }
      }
      at = end;
    }
  }
  json[pos++] = 0x5d; // ]
  return {
    json: json.subarray(0, pos),
    first,
    totals: { clicks, visitors: filtered ? null : visitors, bots: filtered ? null : bots },
  };
}
