import { formatDate, formatDateTime, parseDateTime } from './dates';

describe('dates', () => {
  it('formats in UTC', () => {
    const date = new Date(Date.UTC(2026, 0, 5, 7, 8, 9));
    expect(formatDateTime(date)).toBe('2026-01-05 07:08:09');
    expect(formatDate(date)).toBe('2026-01-05');
  });

  it('reads back what it writes', () => {
    expect(parseDateTime('2026-01-05 07:08:09')?.getTime()).toBe(Date.UTC(2026, 0, 5, 7, 8, 9));
  });

  it.each(['2026-02-30 00:00:00', '2026-13-01 00:00:00', '2026-01-01T00:00:00', '2026-01-01', '2026-01-01 24:00:00', ''])(
    'refuses "%s"',
    (text) => {
      expect(parseDateTime(text)).toBeNull();
    },
  );
});
