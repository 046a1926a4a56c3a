import { formatNumber } from '../format';

/** A top list (countries, referrers, …) as plain HTML: each value, its count and a bar. */
export function TopList({
  title,
  values,
  describe,
  choose,
  chosen,
}: {
  title: string;
  values: { value: string; clicks: number }[];
  describe?: (value: string) => string;
  /** Click to filter: a value is a button that keeps only its clicks (an empty value, unknown, is not). */
  choose?: (value: string) => void;
  /** The value this list is filtered by, if any. */
  chosen?: string;
}) {
  // The ten values counted most (a series may hold more, for the map).
  const shown = values.slice(0, 10);
  const max = Math.max(1, ...shown.map((entry) => entry.clicks));
  const id = `top-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="top-list" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {shown.length === 0 ? (
        <p className="muted">None in this range.</p>
      ) : (
        <ol>
          {shown.map((entry) => (
            <li key={entry.value}>
              <span className="name">
                {choose && entry.value !== '' ? (
                  <button
                    type="button"
                    className="link-button"
                    aria-pressed={chosen === entry.value}
                    aria-label={`Only ${title.toLowerCase()}: ${describe ? describe(entry.value) : entry.value}`}
                    onClick={() => choose(entry.value)}
                  >
                    <bdi>{describe ? describe(entry.value) : entry.value}</bdi>
                  </button>
                ) : (
                  <bdi>{describe ? describe(entry.value) : entry.value || '(none)'}</bdi>
                )}
              </span>
              <span className="count">{formatNumber(entry.clicks)}</span>
              <span className="bar" aria-hidden="true">
                <span style={{ width: `${(entry.clicks / max) * 100}%` }} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const regions = (() => {
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' });
  } catch {
    return null;
  }
})();
/** A country's name in the browser's language, from its ISO code (`(unknown)` for none). */
export const countryName = (code: string) => {
  try {
    return (code && regions?.of(code)) || code || '(unknown)';
  } catch {
    return code;
  }
};
