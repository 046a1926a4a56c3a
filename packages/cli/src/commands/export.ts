import { createWriteStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { components } from '@linkyard/client';
import { Option, type Command } from 'commander';
import type { Context } from '../context';
import { fileError } from '../errors';
import { every } from '../options';
import { run } from '../run';

type ExportFormat = components['parameters']['ExportFormat'];

const FORMATS = every<ExportFormat>()('csv', 'ndjson');

interface ExportOptions {
  format: ExportFormat;
  out?: string;
}

/**
 * The run's stdout as the end of a pipeline that leaves it open: the process writes its messages
 * after the export, and Node.js does not let stdout be ended anyway.
 */
function stdoutSink(stdout: Writable): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (stdout.write(chunk)) callback();
      else stdout.once('drain', () => callback());
    },
  });
}

/**
 * Streams the export, chunk after chunk, to stdout or to a file: an account's links can be many
 * more than fit in memory. A file is written beside its destination and renamed into place once
 * whole, so an interrupted export never leaves a truncated file under the name asked for.
 */
async function exportLinks(context: Context, options: ExportOptions): Promise<void> {
  const { client, output } = context;
  const { data: stream } = await client.GET('/urls/export', { params: { query: { format: options.format } }, parseAs: 'stream' });
  if (!stream) throw new Error('the service answered the export without a body');
  const source = Readable.fromWeb(stream as WebReadableStream<Uint8Array>);

  if (options.out === undefined || options.out === '-') {
    await pipeline(source, stdoutSink(context.io.stdout));
    return;
  }

  const partial = join(dirname(options.out), `.${basename(options.out)}.${process.pid}.part`);
  try {
    await pipeline(source, createWriteStream(partial, { flags: 'wx' }));
    await rename(partial, options.out);
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw fileError(error, options.out, 'write');
  }
  const { size } = await stat(options.out);
  output.data({ file: options.out, format: options.format, bytes: size });
  output.line(`Exported the links to ${options.out} (${options.format}, ${size} bytes).`);
}

/** `linkyard links export`. */
export function registerExport(links: Command): void {
  links
    .command('export')
    .description("export every link of the account, streamed (Linkyard's own format, which import reads)")
    .addOption(
      new Option('--format <format>', 'CSV with a header line, or NDJSON (one JSON object a line)').choices(FORMATS).default('csv'),
    )
    .option('--out <file>', 'write to this file instead of stdout ("-": stdout)')
    .addHelpText('after', '\nOn stdout the export itself is printed, with or without --json.')
    .action((options: ExportOptions, command: Command) => run(command, (context) => exportLinks(context, options)));
}
