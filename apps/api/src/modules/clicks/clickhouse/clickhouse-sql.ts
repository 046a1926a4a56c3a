/**
 * Values written into ClickHouse statements. ClickHouse 18.16 (Debian's) has no server-side query
 * parameters, so every value a statement holds goes through this one place: strings as quoted
 * literals, integers checked, lists of ids as one string literal split by the server (a plain
 * `IN (1, 2, …)` of 100,000 ids is past the parser's limits).
 */

/** A string literal: backslashes and quotes escaped; every other character, control ones included, stands for itself. */
export function str(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** An integer literal; anything else (NaN, a fraction, past 2^53) is refused before it reaches a statement. */
export function int(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer: ${value}`);
  return String(value);
}

/** A table or database name (CLICKHOUSE_URL's database is checked with the same rule). */
export function identifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) throw new RangeError(`not a ClickHouse name: ${name}`);
  return name;
}

/** A set of ids for `column IN …`: one literal the server splits (an empty set matches nothing). */
export function idSet(ids: readonly number[]): string {
  if (ids.length === 0) return '(SELECT toUInt32(0) WHERE 0)';
  return `(SELECT toUInt32(arrayJoin(splitByChar(',', ${str(ids.map(int).join(','))}))))`;
}
