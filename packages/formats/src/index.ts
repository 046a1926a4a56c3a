export { ImportFormatError } from './errors';
export { IMPORT_SOURCES } from './types';
export type { DeepLink, DeviceTarget, GeoTarget, ImportRecord, ImportSource, ImportedLink, LanguageTarget, UrlParameter } from './types';
export { csvCell, LINKYARD_COLUMNS, linkyardCsvHeader, linkyardCsvLine, linkyardNdjsonLine } from './linkyard-export';
export type { LinkyardColumn, LinkyardExportRecord } from './linkyard-export';
export { readImport } from './read-import';
export { detectImportSource } from './detect';
