import { parentPort, workerData } from 'node:worker_threads';
import { ImportFormatError, UnrecognizedFormatError } from './errors';
import { readImportFile, type ImportFile } from './read-import';
import type { ImportSource } from './types';

/** What a worker thread that reads an import file is given. */
export interface ImportWorkerInput {
  text: string;
  source: ImportSource | undefined;
  maxRecords: number;
}

/** What it answers: the file read, or why it could not be. */
export type ImportWorkerOutput = ({ ok: true } & ImportFile) | { ok: false; unrecognized: boolean; message: string };

/**
 * Reads an import file in a worker thread (`@linkyard/formats/import-worker`): the service runs
 * each import here, so that a file however hostile is parsed away from the thread that answers
 * requests, within the memory and time its worker is given.
 */
function read(input: ImportWorkerInput): ImportWorkerOutput {
  try {
    return { ok: true, ...readImportFile(input.text, input.source, { maxRecords: input.maxRecords }) };
  } catch (error) {
    if (error instanceof ImportFormatError) {
      return { ok: false, unrecognized: error instanceof UnrecognizedFormatError, message: error.message };
    }
    return { ok: false, unrecognized: false, message: 'the file could not be read' };
  }
}

parentPort?.postMessage(read(workerData as ImportWorkerInput));
