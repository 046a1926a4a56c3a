import { readFile } from 'node:fs/promises';
import type { components } from '@linkyard/client';
import { detectImportSource, IMPORT_SOURCES, ImportFormatError, readImport, type ImportRecord, type ImportSource } from '@linkyard/formats';
import { Presets, SingleBar } from 'cli-progress';
import { Option, type Command } from 'commander';
import type { Context } from '../context';
import { CliError, ExitCode, fileError, reportOf, usageError } from '../errors';
import { clean } from '../output';
import { run } from '../run';

type ImportResult = components['schemas']['ImportResult'];
type ImportOutcome = ImportResult['result'];

/**
 * Records sent in one request: each request stays far below the service's limits on a body, and
 * the progress bar moves as each chunk is answered.
 */
const CHUNK_SIZE = 1000;

interface ImportOptions {
  from?: ImportSource;
}

type ReadRecord = Extract<ImportRecord, { link: unknown }>;

const isRead = (record: ImportRecord): record is ReadRecord => 'link' in record;

/** The file's records, read here with the reader of its source. */
async function readRecords(file: string, from: ImportSource | undefined): Promise<{ source: ImportSource; records: ImportRecord[] }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw fileError(error, file, 'read');
  }
  const source = from ?? detectImportSource(text);
  if (source === null) {
    throw usageError(`cannot tell which link shortener ${file} was exported from; name it with --from (${IMPORT_SOURCES.join(', ')})`);
  }
  try {
    return { source, records: readImport(source, text) };
  } catch (error) {
    // The file was read, but it is not what it was said (or detected) to be: invalid input.
    if (error instanceof ImportFormatError) throw new CliError(`${file}: ${error.message}`, ExitCode.refused);
    throw error;
  }
}

/** How far the import has gone: the records sent and answered, and their outcomes. */
interface Tally {
  total: number;
  answered: number;
  results: ImportResult[];
}

/** A progress bar on stderr, when a person is watching it (a rate-limit wait shows in it); else nothing. */
function progress(context: Context, total: number): { advance: (count: number) => void; stop: () => void } {
  if (!context.output.stderrIsTerminal || total === 0) return { advance: () => undefined, stop: () => undefined };
  const bar = new SingleBar(
    { stream: context.io.stderr, format: 'Importing [{bar}] {value}/{total} links {wait}', hideCursor: true, clearOnComplete: true },
    Presets.shades_classic,
  );
  bar.start(total, 0, { wait: '' });
  context.showWait = (text) => bar.update({ wait: text ?? '' });
  return {
    advance: (count) => bar.increment(count),
    stop: () => bar.stop(),
  };
}

/**
 * Ctrl-C during an import says how far it got and how to go on, then ends the run with 130: what
 * the answered chunks created stays, the chunk on its way may be in part, and the same import run
 * again finds the links that kept their alias (`existing`) instead of creating them twice.
 */
function onInterrupt(context: Context, file: string, tally: Tally, stopBar: () => void): () => void {
  const listen = context.io.onInterrupt;
  if (!listen) return () => undefined;
  const interrupt = () => {
    stopBar();
    const count = (outcome: ImportOutcome) => tally.results.filter((result) => result.result === outcome).length;
    const inFlight = tally.answered < tally.total ? `; the chunk of up to ${CHUNK_SIZE} on its way may be in part` : '';
    context.output.error(
      `interrupted: ${tally.answered} of ${tally.total} records imported (${count('created')} created, ${count('renamed')} renamed, ` +
        `${count('existing')} existing, ${count('failed')} failed)${inFlight}. To resume, run the same import again: ` +
        `linkyard links import ${file} (links that kept their alias are found as existing, not created twice)`,
      null,
    );
    context.session.end(130);
  };
  return listen(interrupt);
}

/**
 * Sends the records the reader accepted, a chunk at a time, as NDJSON in Linkyard's export shape,
 * and gives back each record's outcome under its line in the file. A chunk that fails stops the
 * import: what the chunks before it created stays, and importing the file again finds the links
 * that kept their alias `existing` (renamed ones are created again).
 */
async function send(context: Context, records: ReadRecord[], tally: Tally, advance: (count: number) => void): Promise<ImportResult[]> {
  for (let start = 0; start < records.length; start += CHUNK_SIZE) {
    // Interrupted: no more chunks are sent (the command itself has exited by now).
    if (context.session.hasEnded) return context.session.halted();
    const chunk = records.slice(start, start + CHUNK_SIZE);
    const ndjson = chunk.map((record) => `${JSON.stringify(record.link)}\n`).join('');
    context.progress = `${start} of ${records.length} records imported`;
    let answer: components['schemas']['ImportResponse'];
    try {
      ({ data: answer } = await context.client.POST('/urls/import', {
        params: { query: { from: 'linkyard' } },
        body: ndjson,
        bodySerializer: (text: string) => text,
        headers: { 'Content-Type': 'application/x-ndjson' },
      }));
    } catch (error) {
      if (start === 0) throw error;
      const report = reportOf(error, context.serviceUrl);
      throw new CliError(
        `${report.message}; the import stopped after ${start} of ${records.length} records (importing the file again skips the links that kept their alias)`,
        report.exitCode,
        report.status,
      );
    }
    for (const result of answer.data.results) {
      // `line` is the record's line in the NDJSON sent: 1 for the chunk's first record.
      const record = chunk[result.line - 1];
      tally.results.push({ ...result, line: record ? record.line : result.line });
    }
    tally.answered += chunk.length;
    advance(chunk.length);
  }
  return tally.results;
}

async function importFile(context: Context, file: string, options: ImportOptions): Promise<ExitCode> {
  const { output } = context;
  const { source, records } = await readRecords(file, options.from);
  const accepted = records.filter(isRead);
  // Records the reader refused are failed too, with the reason it gave.
  const refused: ImportResult[] = records.flatMap((record) =>
    isRead(record) ? [] : [{ line: record.line, result: 'failed' as const, field: null, message: record.error }],
  );

  const tally: Tally = { total: accepted.length, answered: 0, results: [] };
  const bar = progress(context, accepted.length);
  const stopListening = onInterrupt(context, file, tally, bar.stop);
  let sent: ImportResult[];
  try {
    sent = await send(context, accepted, tally, bar.advance);
  } finally {
    stopListening();
    bar.stop();
  }
  const results = [...sent, ...refused].sort((a, b) => a.line - b.line);
  const count = (outcome: ImportOutcome) => results.filter((result) => result.result === outcome).length;
  const summary = { created: count('created'), renamed: count('renamed'), existing: count('existing'), failed: count('failed') };

  output.data({ file, from: source, total: records.length, ...summary, results });
  output.line(
    `Imported ${file} (${source}): ${summary.created} created, ${summary.renamed} renamed, ${summary.existing} existing, ${summary.failed} failed.`,
  );
  const renamed = results.filter((result) => result.result === 'renamed');
  if (renamed.length > 0) {
    output.line('\nRenamed (their alias was taken):');
    output.table(
      ['Line', 'Old alias', 'New short URL'],
      renamed.map((result) => [result.line, result.previousAlias ?? '', result.shorturl ?? '']),
      { align: ['right', 'left', 'left'] },
    );
  }
  const failed = results.filter((result) => result.result === 'failed');
  if (failed.length > 0) {
    output.line('\nFailed:');
    output.table(
      ['Line', 'Field', 'Message'],
      failed.map((result) => [result.line, result.field ?? '', clean(result.message)]),
      { align: ['right', 'left', 'left'] },
    );
  }
  return summary.failed > 0 ? ExitCode.partial : ExitCode.ok;
}

/** `linkyard links import`. */
export function registerImport(links: Command): void {
  links
    .command('import')
    .description('import the links of an export of Bitly, Kutt, Shlink, YOURLS or Linkyard')
    .argument('<file>', 'the exported file (CSV, JSON or NDJSON)')
    .addOption(
      new Option('--from <source>', 'the shortener the file comes from (default: recognized from the file)').choices(IMPORT_SOURCES),
    )
    .addHelpText(
      'after',
      '\nA link keeps its alias when it is free; a taken alias gets a new one (renamed). A link the\n' +
        'account already has (same alias, same URL) is left as it is (existing): a second import finds\n' +
        'the links that kept their alias. Exit code 8 when some records failed.',
    )
    .action((file: string, options: ImportOptions, command: Command) => run(command, (context) => importFile(context, file, options)));
}
