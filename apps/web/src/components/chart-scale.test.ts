import { describe, expect, it } from 'vitest';
import { bucketLabel, countTicks, labelledBuckets, tickLabel } from './chart-scale';

describe('the count axis', () => {
  it('has whole-number ticks only, from 0, reaching the highest count', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(23)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(countTicks(1234)).toEqual([0, 500, 1000, 1500]);
    for (const highest of [0, 1, 2, 3, 4, 5, 6, 9, 11, 19, 99, 101, 5001]) {
      const ticks = countTicks(highest);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(highest);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
});

describe('bucket labels', () => {
  const tz = 'Europe/Paris';
  it('name days by their date, never a time of day', () => {
    // Midnight in Paris is 23:00 UTC the day before: the label is the Paris day.
    expect(tickLabel('2026-11-27T23:00:00.000Z', 'day', tz, true, 'en-US')).toBe('Nov 28');
    expect(bucketLabel('2026-11-27T23:00:00.000Z', 'day', tz, 'en-US')).toBe('Sat, Nov 28, 2026');
    expect(tickLabel('2026-11-27T23:00:00.000Z', 'day', tz, false, 'en-US')).not.toMatch(/am|pm|:/i);
  });

  it('name hours by their time, with the date on the first bar and at midnight', () => {
    expect(tickLabel('2026-11-28T13:00:00.000Z', 'hour', tz, false, 'en-US')).toBe('14:00');
    expect(tickLabel('2026-11-28T13:00:00.000Z', 'hour', tz, true, 'en-US')).toBe('Nov 28 14:00');
    expect(tickLabel('2026-11-28T23:00:00.000Z', 'hour', tz, false, 'en-US')).toBe('Nov 29 00:00');
  });

  it('name weeks by their first day and months by month and year', () => {
    expect(bucketLabel('2026-11-22T23:00:00.000Z', 'week', tz, 'en-US')).toBe('Week of Nov 23, 2026');
    expect(tickLabel('2026-10-31T23:00:00.000Z', 'month', tz, false, 'en-US')).toBe('Nov 2026');
    expect(bucketLabel('2026-10-31T23:00:00.000Z', 'month', tz, 'en-US')).toBe('November 2026');
  });

  it('label as many bars as fit, evenly, the first always', () => {
    expect(labelledBuckets(7, 700, 70)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(labelledBuckets(30, 300, 70)).toEqual([0, 8, 16, 24]);
    expect(labelledBuckets(8760, 1000, 90).length).toBeLessThanOrEqual(11);
    expect(labelledBuckets(0, 500, 70)).toEqual([]);
  });
});
