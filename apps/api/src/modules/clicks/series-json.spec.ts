import { seriesJson, type SeriesText } from './series-json';

/** A run of buckets as the database sends it: its first start, and a line per bucket. */
const run = (first: string, ...buckets: string[]): SeriesText => ({ first, buckets: buckets.join('\n') });
const parsed = (json: Buffer) =>
  JSON.parse(json.toString('utf8')) as { start: string; clicks: number; visitors: number | null; bots: number | null }[];

describe('seriesJson', () => {
  it("moves each hour on from its run's first, across a change of offset, and adds up the counts", () => {
    // Paris, the night summer time starts: 02:00 local does not exist.
    const written = seriesJson([run('2026-03-29T01:00:00', '60 12 10 1', '120 0 0 0', '120 1234567 7 90')], 'hour', false);
    expect(parsed(written.json)).toEqual([
      { start: '2026-03-29T01:00:00+01:00', clicks: 12, visitors: 10, bots: 1 },
      { start: '2026-03-29T03:00:00+02:00', clicks: 0, visitors: 0, bots: 0 },
      { start: '2026-03-29T04:00:00+02:00', clicks: 1234567, visitors: 7, bots: 90 },
    ]);
    expect(written.first).toBe('2026-03-29T01:00:00+01:00');
    expect(written.totals).toEqual({ clicks: 1234579, visitors: 17, bots: 91 });
  });

  it('repeats the local hour where the offset goes back, with visitors and bots null when filtered', () => {
    // New York, the night summer time ends: 01:00 local comes twice.
    const written = seriesJson([run('2026-11-01T00:00:00', '-240 3', '-240 0', '-300 5')], 'hour', true);
    expect(parsed(written.json)).toEqual([
      { start: '2026-11-01T00:00:00-04:00', clicks: 3, visitors: null, bots: null },
      { start: '2026-11-01T01:00:00-04:00', clicks: 0, visitors: null, bots: null },
      { start: '2026-11-01T01:00:00-05:00', clicks: 5, visitors: null, bots: null },
    ]);
    expect(written.totals).toEqual({ clicks: 8, visitors: null, bots: null });
  });

  it('moves days, weeks and months on in local time, across months, a leap day and years', () => {
    const starts = (interval: 'day' | 'week' | 'month', first: string, offsets: number[]) =>
      parsed(seriesJson([run(first, ...offsets.map((minutes) => `${minutes} 0 0 0`))], interval, false).json).map((bucket) => bucket.start);
    expect(starts('day', '2028-02-28T00:00:00', [60, 60, 60])).toEqual([
      '2028-02-28T00:00:00+01:00',
      '2028-02-29T00:00:00+01:00',
      '2028-03-01T00:00:00+01:00',
    ]);
    expect(starts('week', '2026-12-21T00:00:00', [330, 330])).toEqual(['2026-12-21T00:00:00+05:30', '2026-12-28T00:00:00+05:30']);
    expect(starts('month', '2026-11-01T00:00:00', [60, 60, 60, 60])).toEqual([
      '2026-11-01T00:00:00+01:00',
      '2026-12-01T00:00:00+01:00',
      '2027-01-01T00:00:00+01:00',
      '2027-02-01T00:00:00+01:00',
    ]);
  });

  it('answers an empty array for a range without buckets', () => {
    const written = seriesJson([], 'day', false);
    expect(written.json.toString('utf8')).toBe('[]');
    expect(written.first).toBeUndefined();
    expect(written.totals).toEqual({ clicks: 0, visitors: 0, bots: 0 });
  });

  it('writes a year by hour whole from its runs, within the buffer it sized', () => {
    // As the database sends it: runs of a thousand hours, each with its first start.
    const runs = Array.from({ length: 9 }, (_, part) => {
      const hours = Array.from({ length: Math.min(1000, 8760 - part * 1000) }, (_, index) => part * 1000 + index);
      return run(
        new Date(Date.UTC(2025, 0, 1) + part * 1000 * 3_600_000).toISOString().slice(0, 19),
        ...hours.map((hour) => `0 ${hour * 1000} ${hour} ${hour % 7}`),
      );
    });
    const written = seriesJson(runs, 'hour', false);
    const series = parsed(written.json);
    expect(series).toHaveLength(8760);
    expect(series.map((bucket) => bucket.start)).toEqual(
      Array.from({ length: 8760 }, (_, hour) => `${new Date(Date.UTC(2025, 0, 1) + hour * 3_600_000).toISOString().slice(0, 19)}+00:00`),
    );
    expect(series[8759]).toEqual({ start: '2025-12-31T23:00:00+00:00', clicks: 8759000, visitors: 8759, bots: 8759 % 7 });
    expect(written.totals.clicks).toBe((8759 * 8760 * 1000) / 2);
  });

  it('refuses a count that is not a whole number rather than write broken JSON', () => {
    expect(() => seriesJson([run('2026-01-01T00:00:00', '0 1e3 0 0')], 'day', false)).toThrow(/not a whole number/);
  });
});
