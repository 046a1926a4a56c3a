import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { ImportFormatError, readImportFile, UnrecognizedFormatError, type ImportWorkerOutput } from '../src';
import { fixture } from './support';

describe('readImportFile', () => {
  it('tells the source from the content and reads it, parsing a JSON file once', () => {
    const text = fixture('kutt-api.json');
    const parse = jest.spyOn(JSON, 'parse');
    try {
      const file = readImportFile(text, undefined);
      expect(file.source).toBe('kutt');
      expect(file.records.length).toBeGreaterThan(0);
      // The whole file was parsed once: to tell its source and to read it (cells and lines aside).
      expect(parse.mock.calls.filter(([parsed]) => parsed === text)).toHaveLength(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('reads as the source named, whatever the content looks like', () => {
    expect(readImportFile(fixture('yourls.csv'), 'yourls').source).toBe('yourls');
  });

  it('says when no source can be told from the content', () => {
    expect(() => readImportFile('just,some,text\n1,2,3\n', undefined)).toThrow(UnrecognizedFormatError);
  });

  it('refuses a CSV line of more than 1,000 cells at once, header or not', () => {
    expect(() => readImportFile(','.repeat(8 * 1024 * 1024), 'yourls')).toThrow(
      new ImportFormatError('not a readable YOURLS CSV file: line 1 holds more than 1000 cells'),
    );
    const header = 'keyword,url,title,timestamp,ip,clicks\n';
    expect(() => readImportFile(header + 'a,https://example.com/,t,2025-01-15 10:00:00,1.2.3.4,12\n' + ','.repeat(1000), 'yourls')).toThrow(
      /line 3 holds more than 1000 cells/,
    );
  });
});

describe('the import worker', () => {
  /** Runs dist/import-worker.cjs (the build the service starts) on one file. */
  const inWorker = (text: string, source?: string) =>
    new Promise<ImportWorkerOutput>((resolve, reject) => {
      const worker = new Worker(join(__dirname, '..', 'dist', 'import-worker.cjs'), { workerData: { text, source, maxRecords: 10 } });
      worker.once('message', resolve);
      worker.once('error', reject);
    });

  it('answers the file read, or why it could not be, with its records limit', async () => {
    const read = await inWorker(fixture('kutt-api.json'));
    expect(read).toMatchObject({ ok: true, source: 'kutt' });
    expect(await inWorker('nothing known', undefined)).toEqual({
      ok: false,
      unrecognized: true,
      message: "the file's format was not recognized",
    });
    expect(await inWorker(`[${'{"target":"https://example.com/","address":"a"},'.repeat(11)}{}]`, 'kutt')).toEqual({
      ok: false,
      unrecognized: false,
      message: 'the file holds more than 10 links, the most one import takes',
    });
  });
});
