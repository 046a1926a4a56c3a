import { detectImportSource } from './detect';
import { withoutBom } from './bom';
import { ImportFormatError, UnrecognizedFormatError } from './errors';
import { rememberingParses } from './json';
import { withRecordLimit } from './limits';
import { readBitly } from './sources/bitly';
import { readDub } from './sources/dub';
import { readKutt } from './sources/kutt';
import { readLinkyard } from './sources/linkyard';
import { readShlink } from './sources/shlink';
import { readYourls } from './sources/yourls';
import { IMPORT_SOURCES, SOURCE_NAMES, type ImportRecord, type ImportSource } from './types';

const READERS: Readonly<Record<ImportSource, (text: string) => ImportRecord[]>> = {
  bitly: readBitly,
  dub: readDub,
  kutt: readKutt,
  shlink: readShlink,
  yourls: readYourls,
  linkyard: readLinkyard,
};

/**
 * Reads an import file of the given source into one record per link: the link, or why that record
 * cannot be used (the others are still read). Throws ImportFormatError, and nothing else, when the
 * file as a whole is not that source's format, or holds more than `maxRecords` records (counted
 * while reading, so a hostile file is refused before it is all in memory).
 */
export function readImport(source: ImportSource, text: string, options: { maxRecords?: number } = {}): ImportRecord[] {
  if (!IMPORT_SOURCES.includes(source)) throw new ImportFormatError('unknown import source: choose one of ' + IMPORT_SOURCES.join(', '));
  const name = SOURCE_NAMES[source];
  if (typeof text !== 'string') throw new ImportFormatError(`not a ${name} export: the file is not text`);
  const content = withoutBom(text);
  if (content.trim() === '') throw new ImportFormatError(`not a ${name} export: the file is empty`);
  try {
    return withRecordLimit(options.maxRecords ?? Number.POSITIVE_INFINITY, () => READERS[source](content));
  } catch (error) {
    if (error instanceof ImportFormatError) throw error;
    // The readers expect nothing else; should a file still find a way (a stack overflow on some
    // pathological input), the caller gets the one error type it handles, not a crash.
    throw new ImportFormatError(`the ${name} file could not be read`);
  }
}

/** An import file read: the source it was read as (named, or told from its content) and its records. */
export interface ImportFile {
  source: ImportSource;
  records: ImportRecord[];
}

/**
 * Reads an import file as `source`, or, without one, as the format its content shows (throwing
 * UnrecognizedFormatError when none does). The file is parsed once, whether or not its format had
 * to be found first.
 */
export function readImportFile(text: string, source: ImportSource | undefined, options: { maxRecords?: number } = {}): ImportFile {
  return rememberingParses(() => {
    const found = source ?? detectImportSource(text);
    if (found === null) throw new UnrecognizedFormatError();
    return { source: found, records: readImport(found, text, options) };
  });
}
