import Table from 'cli-table3';
import stringWidth from 'string-width';
import type { Env, OutputStream } from './session';

/**
 * Terminal escape sequences: CSI (`ESC [ ... final`, and its one-byte form 0x9B), OSC (`ESC ]`,
 * 0x9D: titles, hyperlinks, clipboard writes) and the other string controls (DCS, SOS, PM, APC),
 * ended by BEL or ST or running to the end of the text, and the two-character escapes.
 */
const ESCAPE_SEQUENCES =
  /\x1b\[[0-?]*[ -/]*[@-~]?|\x9b[0-?]*[ -/]*[@-~]?|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|\x1b[ -/]*[0-~]?/g;
/** Line breaks and tabs: a value is shown on one line, so a cell or a message keeps its place. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
/** What is left of the C0 and C1 controls, DEL, and the marks that reorder text (bidi controls). */
const INVISIBLE = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** What a table cell or a message may show. */
export type Cell = string | number | boolean | null | undefined;

/**
 * A value the service returned, made safe to print: whatever is stored in a link (a title, a
 * destination, an error message quoting either) is someone's data and must not be able to move
 * the cursor, rewrite the screen, set the window title or reverse the text around it.
 */
export function clean(value: Cell): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(ESCAPE_SEQUENCES, '').replace(BREAKS, ' ').replace(INVISIBLE, '');
}

/**
 * JSON text in which nothing a terminal acts on is left raw: JSON.stringify escapes C0 controls but
 * writes DEL, the C1 controls (0x9B is a CSI for some terminals) and the bidi controls as they
 * are. Escaping them too gives the same JSON value.
 */
export function toJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    /[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The columns a text takes on a terminal (a CJK character or an emoji takes two), as tables count them. */
export const displayWidth = (text: string): number => stringWidth(text);

/** The text cut to `width` columns, with an ellipsis where it was cut. */
export function shorten(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let kept = '';
  let used = 0;
  for (const character of text) {
    const size = displayWidth(character);
    if (used + size > width - 1) break;
    kept += character;
    used += size;
  }
  return `${kept}…`;
}

/** The width to draw for: the terminal's when writing to one; else `COLUMNS` when set, else 80. */
export function columns(stream: OutputStream, env: Env): number {
  if (stream.isTTY && stream.columns) return stream.columns;
  const fromEnv = Number(env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv >= 40 ? fromEnv : 80;
}

/**
 * The width of each column so that the table fits in `width` columns: the columns of `first`
 * give up room first, in that order, down to 10 characters each, then down to 4; then the widest
 * columns, none below 6. A table of n columns takes 3n + 1 columns for its borders and padding.
 */
export function fitColumns(natural: number[], width: number, first: number[] = []): number[] {
  const widths = [...natural];
  let excess = widths.reduce((sum, value) => sum + value, 3 * widths.length + 1) - width;
  for (const floor of [10, 4]) {
    for (const column of first) {
      if (excess <= 0) break;
      const give = Math.min(excess, Math.max(0, widths[column]! - floor));
      widths[column]! -= give;
      excess -= give;
    }
  }
  const minimum = (index: number) => Math.min(natural[index]!, 6);
  while (excess > 0) {
    let widest = -1;
    widths.forEach((value, index) => {
      if (value > minimum(index) && (widest === -1 || value > widths[widest]!)) widest = index;
    });
    if (widest === -1) break;
    widths[widest]! -= 1;
    excess -= 1;
  }
  return widths;
}

/**
 * Where a command writes. In human mode, text and tables go to stdout; with `--json`, stdout gets
 * one JSON document and nothing else, so it can be piped to another program. `env` gives the
 * width (`COLUMNS`) when stdout is not a terminal.
 */
export class Output {
  constructor(
    readonly json: boolean,
    private readonly stdout: OutputStream,
    private readonly stderr: OutputStream,
    private readonly env: Env,
  ) {}

  /** The width stdout is drawn in (see `columns`). */
  get width(): number {
    return columns(this.stdout, this.env);
  }

  /** A line of text for people: printed in human mode only. The caller cleans service data. */
  line(text = ''): void {
    if (!this.json) this.stdout.write(`${text}\n`);
  }

  /** The command's result as JSON: printed with `--json` only. */
  data(value: unknown): void {
    if (this.json) this.stdout.write(`${toJson(value, 2)}\n`);
  }

  /**
   * A table for people, every cell cleaned, fitted to the width of the terminal (80 columns when
   * the output is not one): a cell too long for its column is cut, with an ellipsis. The columns of
   * `shrinkFirst` (the least needed) give up room before the others.
   */
  table(head: string[], rows: Cell[][], options: { align?: ('left' | 'right')[]; shrinkFirst?: number[] } = {}): void {
    if (this.json) return;
    const cleaned = rows.map((row) => row.map((cell) => clean(cell)));
    const natural = head.map((name, column) => Math.max(displayWidth(name), ...cleaned.map((row) => displayWidth(row[column] ?? ''))));
    const widths = fitColumns(natural, this.width, options.shrinkFirst);
    const table = new Table({
      head: head.map((name, column) => shorten(name, widths[column]!)),
      // No colors: the output may go to a file or a pipe, and plain text reads the same everywhere.
      style: { head: [], border: [], compact: true },
      ...(options.align ? { colAligns: options.align } : {}),
    });
    for (const row of cleaned) table.push(row.map((cell, column) => shorten(cell, widths[column]!)));
    this.stdout.write(`${table.toString()}\n`);
  }

  /**
   * A line on stderr that the next one replaces (progress, a wait), on a terminal only: with
   * --json too, since stdout keeps the result; `null` clears it.
   */
  status(text: string | null): void {
    if (!this.stderrIsTerminal || (text === null && !this.statusShown)) return;
    const line = text === null ? '' : shorten(clean(text), columns(this.stderr, this.env) - 1);
    this.stderr.write(`\r\x1b[2K${line}`);
    this.statusShown = text !== null;
  }

  private statusShown = false;

  /** A note on stderr (human mode only), so that stdout keeps only the result. */
  note(text: string): void {
    if (!this.json) this.stderr.write(`${text}\n`);
  }

  /** A warning on stderr, in both modes: something the user should fix, though the command went on. */
  warn(message: string): void {
    this.stderr.write(`linkyard: warning: ${clean(message)}\n`);
  }

  /** A failure: `linkyard: <message>` on stderr and, with `--json`, the same as a JSON object. */
  error(message: string, status: number | null): void {
    this.stderr.write(`linkyard: ${clean(message)}\n`);
    if (this.json) this.stderr.write(`${toJson({ error: { status, message } })}\n`);
  }

  get stdoutIsTerminal(): boolean {
    return this.stdout.isTTY === true;
  }

  get stderrIsTerminal(): boolean {
    return this.stderr.isTTY === true;
  }
}
