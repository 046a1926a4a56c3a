/**
 * Values written into ClickHouse statements. ClickHouse 18.16 (Debian's) has no server-side query
 * parameters, so every value a statement holds goes through this one place: strings as quoted
 * literals, integers checked, lists of ids as one string literal split by the server (a plain
 * `IN (1, 2, …)` of 100,000 ids is past the parser's limits); and the rows of inserts, as text.
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

const TSV_SPECIAL = /[\\\t\n\r\0]/;
const TSV_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };

/**
 * A value in a row of an insert (TabSeparated: cheaper to write and to read than JSON for both
 * sides): a string with the characters that end a value or a row escaped, NUL (which chdb's
 * in-process statements would end at) and backslashes (so `\N` stays text); null as `\N` (NULL);
 * integers checked; true and false as 1 and 0.
 */
export function tsvValue(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  // Most values hold none of these, and a test costs far less than a replace that finds nothing.
  if (typeof value === 'string') return TSV_SPECIAL.test(value) ? value.replace(/[\\\t\n\r\0]/g, (char) => TSV_ESCAPES[char]!) : value;
  if (typeof value === 'boolean') return value ? '1' : '0';
  return int(value);
}

/** Rows `from` to `to` (exclusive) as TabSeparated lines of `columns`, each ended by a line break; objects refused. */
export function tsvLines(rows: readonly Record<string, unknown>[], columns: readonly string[], from: number, to: number): string {
  let text = '';
  for (let index = from; index < to; index++) {
    const row = rows[index]!;
    for (let column = 0; column < columns.length; column++) {
      // A field left out is NULL (what a Nullable column holds when not given).
      const value = row[columns[column]!] ?? null;
      if (value !== null && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        throw new TypeError(`not a value ClickHouse's rows take here: ${columns[column]}`);
      }
      text += (column === 0 ? '' : '\t') + tsvValue(value);
    }
    text += '\n';
  }
  return text;
}
