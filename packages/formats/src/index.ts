export { ImportFormatError, UnrecognizedFormatError } from './errors';
export { IMPORT_SOURCES, SOURCE_NAMES } from './types';
export type { DeepLink, DeviceTarget, GeoTarget, ImportRecord, ImportSource, ImportedLink, LanguageTarget, UrlParameter } from './types';
export { csvCell, LINKYARD_COLUMNS, linkyardCsvHeader, linkyardCsvLine, linkyardNdjsonLine } from './linkyard-export';
export type { LinkyardColumn, LinkyardExportRecord } from './linkyard-export';
export { readImport, readImportFile } from './read-import';
export type { ImportFile } from './read-import';
export type { ImportWorkerInput, ImportWorkerOutput } from './import-worker';
export { detectImportSource } from './detect';
