import type { components } from '@linkyard/client';
import { Option, type Command } from 'commander';
import type { Context } from '../context';
import { usageError, type ExitCode } from '../errors';
import { integer } from '../options';

const MAX_ID = 2_147_483_647;
import { clean } from '../output';
import { resolveLink } from '../resolve';
import { run } from '../run';
import { confirmDeletion, readAll, YES_OPTION } from './common';

type SharedReport = components['schemas']['SharedReport'];

interface AddOptions {
  link?: string;
  campaign?: number;
  name?: string;
  expiry?: string;
  showDestination?: boolean;
}

const FIELDS = { link: '--link', campaign: '--campaign', name: '--name', expiry: '--expiry', showdestination: '--show-destination' };

const subject = (report: SharedReport): string => (report.link !== null ? `link ${report.link}` : `campaign ${report.campaign}`);

async function list(context: Context): Promise<void> {
  const reports = await readAll(context, '/reports', 'shared reports');
  context.output.data(reports);
  if (reports.length === 0) {
    context.output.line('No shared reports yet.');
    return;
  }
  context.output.table(
    ['ID', 'Of', 'Name', 'Token starts', 'Until (UTC)', 'Destination'],
    reports.map((report) => [
      report.id,
      subject(report),
      clean(report.name),
      `${report.hint}…`,
      report.expiry ?? 'until revoked',
      report.showdestination ? 'shown' : 'hidden',
    ]),
    { align: ['right', 'left', 'left', 'left', 'left', 'left'], shrinkFirst: [2] },
  );
}

async function add(context: Context, options: AddOptions): Promise<void> {
  if ((options.link === undefined) === (options.campaign === undefined)) throw usageError('give --link or --campaign (one of them)');
  const body: components['schemas']['SharedReportAdd'] = {};
  if (options.link !== undefined) body.link = (await resolveLink(context.client, options.link)).id;
  if (options.campaign !== undefined) body.campaign = options.campaign;
  if (options.name !== undefined) body.name = options.name;
  if (options.expiry !== undefined) body.expiry = options.expiry;
  if (options.showDestination) body.showdestination = true;
  const made = (await context.client.POST('/report/add', { body })).data;
  context.output.data(made);
  // The address alone on stdout: `URL=$(linkyard reports add ...)` keeps it.
  context.output.line(made.url);
  context.output.note('This address is shown only now: the service keeps only its hash.');
}

async function revoke(context: Context, id: number, yes: boolean | undefined): Promise<ExitCode | void> {
  const cancelled = await confirmDeletion(context, `the shared report ${id} (its address stops working at once)`, yes);
  if (cancelled !== null) return cancelled;
  await context.client.DELETE('/report/{id}/delete', { params: { path: { id } } });
  context.output.data({ id, revoked: true });
  context.output.line(`Revoked the shared report ${id}.`);
}

/** `linkyard reports ...`. */
export function registerReports(program: Command): void {
  const reports = program
    .command('reports')
    .description("share a link's or a campaign's statistics read-only with someone without an account, and revoke it");
  reports
    .command('list')
    .description('list the shared reports, newest first')
    .action((_options: object, command: Command) => run(command, (context) => list(context)));
  reports
    .command('add')
    .description('make a shared report and print its address (shown only this once)')
    .option('--link <link>', 'the link: its id, alias or short URL')
    .addOption(new Option('--campaign <id>', 'the campaign, by its id').argParser(integer(1, MAX_ID)))
    .option('--name <text>', 'who it is for (only the account sees it)')
    .option('--expiry <date-time>', 'when it stops, "YYYY-MM-DD HH:MM:SS" in UTC (default: when revoked)')
    .option('--show-destination', "show where the link leads (a link's report)")
    .action((options: AddOptions, command: Command) => run(command, (context) => add(context, options), { fields: FIELDS }));
  reports
    .command('revoke')
    .description('revoke a shared report: its address stops working; asks first on a terminal')
    .argument('<id>', 'the report, by its id (reports list)', integer(1, MAX_ID))
    .option(...YES_OPTION)
    .action((id: number, options: { yes?: boolean }, command: Command) => run(command, (context) => revoke(context, id, options.yes)));
}
