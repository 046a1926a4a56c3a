import { checkRecordCount } from './limits';
import { ImportFormatError } from './errors';

/** One CSV record. */
export interface CsvRow {
  /** The 1-based line the record starts on (a quoted cell may span several lines). */
  line: number;
  cells: string[];
  /**
   * Whether each cell was enclosed in quotes. SQL tools write a NULL as a bare `NULL` and the text
   * "NULL" in quotes; this is how a reader tells them apart.
   */
  quoted: boolean[];
}

/** Cells of one record: far more than any export has, far fewer than a line of commas can make. */
export const MAX_CELLS = 1000;

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/**
 * Reads CSV text (RFC 4180) into records, with the line each starts on. It is lenient where
 * spreadsheets and SQL tools are sloppy: a quote inside an unquoted cell is kept as text, text after
 * a closing quote is kept, records may have any number of cells, and line ends may be CRLF, LF or
 * CR, even mixed. Blank lines are skipped. A quoted cell that never closes makes the whole file
 * unreadable (everything after it would be one cell), so that throws.
 *
 * A small parser of our own rather than csv-parse: csv-parse reports the line a record *ends* on,
 * and guesses one line-end style for the whole file from its first line.
 */
export function readCsv(text: string, formatName: string): CsvRow[] {
  const delimiter = guessDelimiter(text);
  const rows: CsvRow[] = [];
  const length = text.length;
  let at = 0;
  let line = 1;
  while (at < length) {
    const row: CsvRow = { line, cells: [], quoted: [] };
    for (;;) {
      let value: string;
      const quoted = text.charCodeAt(at) === QUOTE;
      if (quoted) {
        const cell = readQuotedCell(text, at + 1, line, formatName);
        line += cell.lineBreaks;
        const end = findCellEnd(text, cell.next, delimiter);
        value = cell.value + text.slice(cell.next, end);
        at = end;
      } else {
        const end = findCellEnd(text, at, delimiter);
        value = text.slice(at, end);
        at = end;
      }
      row.cells.push(value);
      row.quoted.push(quoted);
      if (row.cells.length > MAX_CELLS) {
        throw new ImportFormatError(`not a readable ${formatName} file: line ${row.line} holds more than ${MAX_CELLS} cells`);
      }
      if (at < length && text.charCodeAt(at) === delimiter) {
        at += 1;
        continue;
      }
      if (at < length) {
        at += text.charCodeAt(at) === CR && text.charCodeAt(at + 1) === LF ? 2 : 1;
        line += 1;
      }
      break;
    }
    if (!isBlankLine(row)) {
      rows.push(row);
      // The header is a row too.
      checkRecordCount(rows.length - 1);
    }
  }
  return rows;
}

/** Where the cell that starts at `from` ends: at the delimiter, a line end, or the end of the text. */
function findCellEnd(text: string, from: number, delimiter: number): number {
  let at = from;
  for (; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === delimiter || code === CR || code === LF) break;
  }
  return at;
}

/** Reads a quoted cell whose first character is at `from` (just after the opening quote). */
function readQuotedCell(
  text: string,
  from: number,
  openedOnLine: number,
  formatName: string,
): { value: string; next: number; lineBreaks: number } {
  let value = '';
  let lineBreaks = 0;
  let at = from;
  for (;;) {
    const close = text.indexOf('"', at);
    if (close === -1) {
      throw new ImportFormatError(`not a readable ${formatName} file: the quoted cell that starts on line ${openedOnLine} is never closed`);
    }
    const chunk = text.slice(at, close);
    lineBreaks += countLineBreaks(chunk);
    value += chunk;
    if (text.charCodeAt(close + 1) === QUOTE) {
      value += '"';
      at = close + 2;
      continue;
    }
    return { value, next: close + 1, lineBreaks };
  }
}

/** Counts line ends the way editors number lines: CRLF is one, a lone CR or LF is one. */
function countLineBreaks(text: string): number {
  let count = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === LF) count += 1;
    else if (code === CR) {
      count += 1;
      if (text.charCodeAt(at + 1) === LF) at += 1;
    }
  }
  return count;
}

function isBlankLine(row: CsvRow): boolean {
  return row.cells.length === 1 && row.cells[0] === '' && row.quoted[0] === false;
}

/**
 * The cell delimiter, from the first line outside quotes: a comma, unless that line has none and has
 * semicolons (what a spreadsheet saves in locales that write decimal commas) or tabs.
 */
function guessDelimiter(text: string): number {
  let commas = 0;
  let semicolons = 0;
  let tabs = 0;
  let inQuotes = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) inQuotes = !inQuotes;
    else if (inQuotes) continue;
    else if (code === CR || code === LF) break;
    else if (code === 0x2c) commas += 1;
    else if (code === 0x3b) semicolons += 1;
    else if (code === 0x09) tabs += 1;
  }
  if (commas === 0 && semicolons > 0) return 0x3b;
  if (commas === 0 && tabs > 0) return 0x09;
  return 0x2c;
}

/**
 * The position of the first header cell named one of `names` (compared without case and surrounding
 * blanks), trying the names in order; -1 when there is none.
 */
export function findColumn(header: readonly string[], names: readonly string[]): number {
  const normalized = header.map((name) => name.trim().toLowerCase());
  for (const name of names) {
    const index = normalized.indexOf(name.toLowerCase());
    if (index !== -1) return index;
  }
  return -1;
}

/** Whether a record has nothing but blanks in it (a spreadsheet's trailing `,,,,` lines). */
export function isEmptyRecord(row: CsvRow): boolean {
  return row.cells.every((cell) => cell.trim() === '');
}
