/** What an array parameter of the click batch holds: integers, texts, flags and times, or nulls. */
export type ArrayElement = string | number | boolean | Date | null;

/**
 * A list as PostgreSQL's array input reads it (`{1,NULL,"a b"}`), for a parameter cast to an array
 * type (`$1::text[]`), written in one pass and joined once. The driver turns an array parameter
 * into the same text element by element, each through two regular-expression replacements and a
 * growing string; a click batch sends sixteen such arrays of 2,000 elements (docs/benchmarks.md,
 * the click write path). Texts are quoted, with `"` and `\` escaped; integers, flags (`t`, `f`) and times (UTC,
 * ISO 8601) need no quotes; a null or undefined is NULL. A number must be finite: the columns given
 * numbers are integers.
 */
export function arrayLiteral(values: readonly ArrayElement[]): string {
  const parts = new Array<string>(values.length);
  for (let index = 0; index < values.length; index++) parts[index] = arrayElement(values[index]);
  return literalOf(parts);
}

/** The array of elements each already written by arrayElement. */
export function literalOf(parts: readonly string[]): string {
  return `{${parts.join(',')}}`;
}

/** One element of an array literal (see arrayLiteral). */
export function arrayElement(value: ArrayElement | undefined): string {
  // undefined as null, as the driver wrote it (a click read back from an older spool file).
  if (value === null || value === undefined) return 'NULL';
  switch (typeof value) {
    case 'string':
      return `"${NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, '\\$&') : value}"`;
    case 'number':
      if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    default:
      if (value instanceof Date) return value.toISOString();
      throw new TypeError(`not an array element: ${typeof value}`);
  }
}

const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;
