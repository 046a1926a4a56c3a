import Table from 'cli-table3';

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

/** The text cut to `width` characters, with an ellipsis where it was cut. */
export function shorten(text: string, width: number): string {
  const characters = Array.from(text);
  return characters.length <= width ? text : `${characters.slice(0, Math.max(0, width - 1)).join('')}…`;
}

/** The width of the terminal; for a file or a pipe, `COLUMNS` when set, else a wide page. */
export function columns(stream: NodeJS.WriteStream = process.stdout): number {
  if (stream.isTTY && stream.columns) return stream.columns;
  const fromEnv = Number(process.env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv >= 40 ? fromEnv : 120;
}

/**
 * Where a command writes. In human mode, text and tables go to stdout; with `--json`, stdout gets
 * one JSON document and nothing else, so it can be piped to another program.
 */
export class Output {
  constructor(
    readonly json: boolean,
    private readonly stdout: NodeJS.WriteStream = process.stdout,
    private readonly stderr: NodeJS.WriteStream = process.stderr,
  ) {}

  /** A line of text for people: printed in human mode only. The caller cleans service data. */
  line(text = ''): void {
    if (!this.json) this.stdout.write(`${text}\n`);
  }

  /** The command's result as JSON: printed with `--json` only. */
  data(value: unknown): void {
    if (this.json) this.stdout.write(`${toJson(value, 2)}\n`);
  }

  /** A table for people, every cell cleaned. */
  table(head: string[], rows: Cell[][], options: { colWidths?: (number | null)[]; align?: ('left' | 'right')[] } = {}): void {
    if (this.json) return;
    const table = new Table({
      head,
      // No colors: the output may go to a file or a pipe, and plain text reads the same everywhere.
      style: { head: [], border: [], compact: true },
      ...(options.colWidths ? { colWidths: options.colWidths } : {}),
      ...(options.align ? { colAligns: options.align } : {}),
    });
    for (const row of rows) table.push(row.map((cell) => clean(cell)));
    this.stdout.write(`${table.toString()}\n`);
  }

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
