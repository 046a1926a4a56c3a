import { ImportFormatError } from './errors';

/**
 * The most records one `readImport` call reads (the caller's limit), checked while they are read:
 * a file of millions of tiny records is refused before they are held in memory. Set for the length
 * of one call, which is synchronous, so calls never see each other's limit.
 */
let maxRecords = Number.POSITIVE_INFINITY;

export function withRecordLimit<T>(limit: number, read: () => T): T {
  const before = maxRecords;
  maxRecords = limit;
  try {
    return read();
  } finally {
    maxRecords = before;
  }
}

/** Refuses the file once it holds more records than the limit. */
export function checkRecordCount(count: number): void {
  if (count > maxRecords) throw new ImportFormatError(`the file holds more than ${maxRecords} links, the most one import takes`);
}
