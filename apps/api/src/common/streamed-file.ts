import { csvCell } from '@linkyard/formats';
import { badRequest } from './api-error';
import { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';

export type ExportFormat = 'csv' | 'ndjson';

/**
 * One record as a line of an export, with its line end: NDJSON, or CSV of these columns in order
 * (null is an empty cell, every other value its text, guarded against spreadsheet formulas).
 */
export function exportLine<R extends object>(record: R, columns: readonly (keyof R)[], format: ExportFormat): string {
  if (format === 'ndjson') return `${JSON.stringify(record)}\n`;
  return `${columns.map((column) => (record[column] === null ? '' : csvCell(String(record[column])))).join(',')}\r\n`;
}

/** The `format` parameter of an export: csv (the default) or ndjson. */
export function readFormat(value: unknown): ExportFormat {
  if (value !== undefined && typeof value !== 'string') throw badRequest('Invalid parameter "format": give it once.');
  const format = value ?? 'csv';
  if (format !== 'csv' && format !== 'ndjson') throw badRequest('Invalid parameter "format": must be csv or ndjson.');
  return format;
}

const TYPES: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', ndjson: 'application/x-ndjson; charset=utf-8' };

/**
 * An export answered as a stream of text, read page by page only as fast as the client takes
 * it, so its size never reaches memory. The first page is read before answering: a database that
 * is away is still a 503, not a cut-off file. A failure after that cuts the connection (the
 * status is already sent), which a client sees as a truncated download.
 */
export async function streamedFile(chunks: AsyncIterator<string>, format: ExportFormat, filename: string): Promise<StreamableFile> {
  const first = await chunks.next();
  async function* rest(): AsyncGenerator<string> {
    if (first.done) return;
    yield first.value;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  return new StreamableFile(Readable.from(rest()), {
    type: TYPES[format],
    disposition: `attachment; filename="${filename}.${format}"`,
  });
}
