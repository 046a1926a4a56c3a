import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { components } from '@linkyard/client';
import { Option, type Command } from 'commander';
import type { Context } from '../context';
import { fileError, usageError } from '../errors';
import { every, integer } from '../options';
import { clean } from '../output';
import { resolveLink } from '../resolve';
import { run } from '../run';

type QrFormat = components['parameters']['QrFormat'];

const FORMATS = every<QrFormat>()('png', 'svg');
/** The sizes the image route draws a PNG at (parameter QrSize). */
const SIZE = { min: 100, max: 1000 };

interface QrOptions {
  out: string;
  size?: number;
  format?: QrFormat;
}

/** The service draws the QR code of the link's short URL (`GET /url/{id}/qr`): a scan is a visit of the link. */
async function qrImage(context: Context, id: number, query: { format: QrFormat; size?: number }): Promise<Buffer> {
  const { data: image } = await context.client.GET('/url/{id}/qr', {
    params: { path: { id }, query: { format: query.format, size: query.size } },
    parseAs: 'arrayBuffer',
  });
  return Buffer.from(image);
}

/**
 * The format to write: `--format`, else the file's extension. A file named for another format
 * (`code.gif`, or `code.png` with `--format svg`) is refused rather than written in the wrong one.
 */
export function qrFormat(out: string, asked: QrFormat | undefined): QrFormat {
  if (out === '-') return asked ?? 'png';
  const extension = extname(out).slice(1).toLowerCase();
  if (extension === '') return asked ?? 'png';
  const named = FORMATS.find((format) => format === extension);
  if (named === undefined) {
    throw usageError(`--out ${out}: a QR code is written as PNG (.png) or SVG (.svg), not .${extension}`);
  }
  if (asked !== undefined && asked !== named) throw usageError(`--out ${out} is named for ${named}, and --format asks for ${asked}`);
  return named;
}

async function qr(context: Context, reference: string, options: QrOptions): Promise<void> {
  const { client, output } = context;
  const format = qrFormat(options.out, options.format);
  const toStdout = options.out === '-';
  if (toStdout && format === 'png' && output.stdoutIsTerminal) {
    throw usageError('a PNG image is not for a terminal: give --out FILE, or redirect stdout');
  }
  if (toStdout && output.json) throw usageError('--json prints a JSON result on stdout: give --out FILE to write the image');

  const { id, summary } = await resolveLink(client, reference);
  const link = summary ?? (await client.GET('/url/{id}', { params: { path: { id } } })).data.details;
  const image = await qrImage(context, id, { format, size: options.size });

  if (toStdout) {
    context.io.stdout.write(image);
    return;
  }
  await writeFile(options.out, image).catch((error: unknown) => {
    throw fileError(error, options.out, 'write');
  });
  output.data({ id, shorturl: link.shorturl, file: options.out, format, bytes: image.length });
  output.line(`Wrote the QR code of ${clean(link.shorturl)} to ${options.out} (${format}, ${image.length} bytes).`);
}

/** `linkyard qr`. */
export function registerQr(program: Command): void {
  program
    .command('qr')
    .description("write the QR code image of a link's short URL to a file")
    .argument('<link>', 'the link: its id, its alias, or its short URL')
    .requiredOption('--out <file>', 'the file to write ("-": stdout)')
    .addOption(new Option('--format <format>', 'the image format (default: svg for a .svg file, else png)').choices(FORMATS))
    .addOption(
      new Option('--size <pixels>', `width of a PNG, ${SIZE.min} to ${SIZE.max} (default 300)`).argParser(integer(SIZE.min, SIZE.max)),
    )
    .action((reference: string, options: QrOptions, command: Command) => run(command, (context) => qr(context, reference, options)));
}
