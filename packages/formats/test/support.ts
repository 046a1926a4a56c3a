import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportRecord, ImportedLink } from '../src';

/** A fixture file's text, exactly as stored (line ends included). */
export function fixture(name: string): string {
  return readFileSync(join(__dirname, 'fixtures', name), 'utf8');
}

/** The links of the records that are links, by line. */
export function linksByLine(records: ImportRecord[]): Map<number, ImportedLink> {
  return new Map(records.flatMap((record) => ('link' in record ? [[record.line, record.link] as const] : [])));
}

/** The error of the record on a line, failing the test when that record is not an error. */
export function errorOn(records: ImportRecord[], line: number): string {
  const record = records.find((candidate) => candidate.line === line);
  if (record === undefined || !('error' in record)) throw new Error(`no error record on line ${line}: ${JSON.stringify(record)}`);
  return record.error;
}
