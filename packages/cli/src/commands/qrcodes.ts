import type { components } from '@linkyard/client';
import { Argument, type Command } from 'commander';
import type { Context } from '../context';
import { usageError, type ExitCode as Code } from '../errors';
import { every } from '../options';
import { clean, type Cell } from '../output';
import { run } from '../run';
import { confirmDeletion, parseId, readAll, YES_OPTION } from './common';
import { RANGE_FIELDS, rangeOptions, showSeries, statsQuery, type StatsOptions } from './stats';

type QrType = components['schemas']['QrType'];
type QrData = components['schemas']['QrData'];

const TYPES = every<QrType>()('text', 'vcard', 'link', 'email', 'phone', 'sms', 'wifi');
/** The types whose content is an object rather than a text. */
const OBJECT_TYPES: readonly QrType[] = ['vcard', 'sms', 'wifi'];

interface AddOptions {
  name?: string;
  foreground?: string;
  background?: string;
  logo?: string;
}

const FIELDS = { type: '<type>', data: '<data>', name: '--name', foreground: '--foreground', background: '--background', logo: '--logo' };

/** The content of a code: the text itself, or for vcard, sms and wifi a JSON object. */
function dataOf(type: QrType, text: string): QrData {
  if (!OBJECT_TYPES.includes(type)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw usageError(`the content of a ${type} code is a JSON object, such as ${EXAMPLES[type]}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw usageError(`the content of a ${type} code is a JSON object, such as ${EXAMPLES[type]}`);
  }
  // Its fields are the service's to judge (400 naming the field).
  return parsed;
}

const EXAMPLES: Partial<Record<QrType, string>> = {
  wifi: `'{"ssid": "Cafe guests", "pass": "espresso42", "encryption": "WPA"}'`,
  sms: `'{"phone": "+33612345678", "message": "Hello"}'`,
  vcard: `'{"fname": "Ada", "lname": "Lovelace", "email": "ada@example.com"}'`,
};

async function list(context: Context): Promise<void> {
  const qrs = await readAll(context, '/qr', 'QR codes');
  context.output.data(qrs);
  if (qrs.length === 0) return context.output.line('No QR codes yet.');
  context.output.table(
    ['ID', 'Name', 'Image', 'Scans', 'Created (UTC)'],
    qrs.map((qr) => [qr.id, qr.name, qr.link, qr.scans, qr.date]),
    { align: ['right', 'left', 'left', 'right', 'left'] },
  );
}

async function add(context: Context, type: QrType, text: string, options: AddOptions): Promise<void> {
  const body: components['schemas']['QrAdd'] = { type, data: dataOf(type, text) };
  if (options.name !== undefined) body.name = options.name;
  if (options.foreground !== undefined) body.foreground = options.foreground;
  if (options.background !== undefined) body.background = options.background;
  if (options.logo !== undefined) body.logo = options.logo;
  const { data } = await context.client.POST('/qr/add', { body });
  context.output.data({ id: data.id, link: data.link });
  context.output.line(clean(data.link));
}

async function get(context: Context, reference: string): Promise<void> {
  const id = parseId(reference, 'a QR code');
  const { details, data } = (await context.client.GET('/qr/{id}', { params: { path: { id } } })).data;
  context.output.data({ details, data });
  const top = (counts: Record<string, string>) =>
    Object.entries(counts)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ');
  const rows: [string, Cell][] = [
    ['ID', details.id],
    ['Name', details.name],
    ['Image', details.link],
    ['Scans', `${data.clicks} (${data.uniqueClicks} unique)`],
    ['Created (UTC)', details.date],
  ];
  if (Object.keys(data.topCountries).length > 0) rows.push(['Top countries', top(data.topCountries)]);
  if (Object.keys(data.topOs).length > 0) rows.push(['Top systems', top(data.topOs)]);
  context.output.table(['Field', 'Value'], rows);
}

async function stats(context: Context, reference: string, options: StatsOptions): Promise<void> {
  const id = parseId(reference, 'a QR code');
  const query = statsQuery(options, new Date());
  const { data } = (await context.client.GET('/qr/{id}/stats', { params: { path: { id }, query } })).data;
  showSeries(context, `QR code ${id}`, data);
}

async function remove(context: Context, reference: string, yes: boolean | undefined): Promise<Code | void> {
  const id = parseId(reference, 'a QR code');
  const { details } = (await context.client.GET('/qr/{id}', { params: { path: { id } } })).data;
  const cancelled = await confirmDeletion(context, `QR code ${id} (${clean(details.name)}; its image stops answering)`, yes);
  if (cancelled !== null) return cancelled;
  await context.client.DELETE('/qr/{id}/delete', { params: { path: { id } } });
  context.output.data({ id, deleted: true });
  context.output.line(`Deleted QR code ${id}.`);
}

/** `linkyard qrcodes ...`: the account's QR codes (`linkyard qr` writes the image of a link's own). */
export function registerQrCodes(program: Command): void {
  const qrcodes = program.command('qrcodes').description('list, create, read and delete QR codes, and draw their scans');
  qrcodes
    .command('list')
    .description('list the QR codes')
    .action((_options: object, command: Command) => run(command, list));
  qrcodes
    .command('add')
    .description('create a QR code; prints the address of its image')
    .addArgument(new Argument('<type>', 'what it holds').choices(TYPES))
    .argument('<data>', 'the text, URL, e-mail address or phone number; for vcard, sms and wifi a JSON object')
    .option('--name <name>', 'its name in the list')
    .option('--foreground <rgb>', 'the color of the code, rgb(R,G,B)')
    .option('--background <rgb>', 'the color behind it, rgb(R,G,B)')
    .option('--logo <url>', 'a PNG or JPEG drawn in its middle (fetched once, by the service)')
    .addHelpText(
      'after',
      `\nA link code counts its scans and can change its target later; the other types hold their content.\nExample: linkyard qrcodes add wifi ${EXAMPLES.wifi!}`,
    )
    .action((type: QrType, text: string, options: AddOptions, command: Command) =>
      run(command, (context) => add(context, type, text, options), { fields: FIELDS }),
    );
  qrcodes
    .command('get')
    .description('show a QR code and its scans')
    .argument('<id>', 'its id')
    .action((reference: string, _options: object, command: Command) => run(command, (context) => get(context, reference)));
  rangeOptions(qrcodes.command('stats').description('draw the scans of a QR code over time').argument('<id>', 'its id')).action(
    (reference: string, options: StatsOptions, command: Command) =>
      run(command, (context) => stats(context, reference, options), { fields: RANGE_FIELDS }),
  );
  qrcodes
    .command('delete')
    .description('delete a QR code; asks first on a terminal')
    .argument('<id>', 'its id')
    .option(...YES_OPTION)
    .action((reference: string, options: { yes?: boolean }, command: Command) =>
      run(command, (context) => remove(context, reference, options.yes)),
    );
}
