import { addDays, isoDay } from '../format';
import type { Interval, Range } from '../resources/stats';

const PRESETS: { label: string; days: number; interval: Interval }[] = [
  { label: 'Last 7 days', days: 7, interval: 'day' },
  { label: 'Last 30 days', days: 30, interval: 'day' },
  { label: 'Last 12 months', days: 365, interval: 'week' },
];

const ZONES: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return [];
  }
})();

/** The range, bucket size, time zone and comparison of a chart. */
export function StatsControls({
  range,
  onChange,
  previous = true,
}: {
  range: Range;
  onChange: (range: Range) => void;
  /** Whether the previous period may be drawn too (not beside several lines already). */
  previous?: boolean;
}) {
  const last = addDays(range.to, -1);
  const zones = ZONES.includes(range.tz) ? ZONES : [range.tz, ...ZONES];
  return (
    <form className="stats-controls" onSubmit={(event) => event.preventDefault()} aria-label="Range of the statistics">
      <div className="field">
        <label htmlFor="from">From</label>
        <input
          id="from"
          type="date"
          value={range.from}
          max={last}
          onChange={(e) => e.target.value && onChange({ ...range, from: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="to">To (included)</label>
        <input
          id="to"
          type="date"
          value={last}
          min={range.from}
          onChange={(e) => e.target.value && onChange({ ...range, to: addDays(e.target.value, 1) })}
        />
      </div>
      <div className="field">
        <label htmlFor="interval">By</label>
        <select id="interval" value={range.interval} onChange={(e) => onChange({ ...range, interval: e.target.value as Interval })}>
          <option value="hour">Hour</option>
          <option value="day">Day</option>
          <option value="week">Week</option>
          <option value="month">Month</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="tz">Time zone</label>
        <select id="tz" value={range.tz} onChange={(e) => onChange({ ...range, tz: e.target.value })}>
          {zones.map((zone) => (
            <option key={zone}>{zone}</option>
          ))}
        </select>
      </div>
      {previous && (
        <label className="inline">
          <input type="checkbox" checked={range.compare} onChange={(e) => onChange({ ...range, compare: e.target.checked })} /> Compare with
          the previous period
        </label>
      )}
      <div className="presets" role="group" aria-label="Quick ranges">
        {PRESETS.map((preset) => (
          <button
            key={preset.label}
            type="button"
            className="small secondary"
            onClick={() => {
              const to = addDays(isoDay(new Date()), 1);
              onChange({ ...range, from: addDays(to, -preset.days), to, interval: preset.interval });
            }}
          >
            {preset.label}
          </button>
        ))}
      </div>
    </form>
  );
}
