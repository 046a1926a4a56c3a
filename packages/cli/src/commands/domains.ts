import type { components } from '@linkyard/client';
import type { Command } from 'commander';
import type { Context } from '../context';
import { CliError, ExitCode, usageError, type ExitCode as Code } from '../errors';
import { clean } from '../output';
import { run } from '../run';
import { confirmDeletion, parseId, readAll, YES_OPTION } from './common';
import { ORPHAN_FILTERS, RANGE_FIELDS, rangeOptions, showSeries, statsQuery, type StatsOptions } from './stats';

type Domain = components['schemas']['Domain'];
type DomainUpdate = components['schemas']['DomainUpdate'];

interface RedirectOptions {
  redirectRoot?: string;
  redirect404?: string;
}

const FIELDS = { domain: '<domain>', redirectroot: '--redirect-root', redirect404: '--redirect-404' };

/** The host a domain is named by on the command line: `go.example.com` or `https://go.example.com`. */
function hostOf(text: string): string | null {
  try {
    return new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`).host;
  } catch {
    return null;
  }
}

/** A branded domain named by its id or its host. */
async function resolveDomain(context: Context, reference: string): Promise<Domain> {
  const byId = /^\d+$/.test(reference) ? parseId(reference, 'a domain') : null;
  const host = byId === null ? hostOf(reference) : null;
  if (byId === null && host === null) throw usageError(`${JSON.stringify(reference)} is not a domain id or a domain`);
  const domains = await readAll(context, '/domains', 'domains');
  const found = domains.find((domain) => (byId !== null ? domain.id === byId : hostOf(domain.domain) === host));
  if (!found) throw new CliError(`no branded domain ${byId !== null ? `with id ${byId}` : host} in this account`, ExitCode.notFound, 404);
  return found;
}

function redirects(options: RedirectOptions): DomainUpdate {
  const fields: DomainUpdate = {};
  if (options.redirectRoot !== undefined) fields.redirectroot = options.redirectRoot;
  if (options.redirect404 !== undefined) fields.redirect404 = options.redirect404;
  return fields;
}

async function list(context: Context): Promise<void> {
  const domains = await readAll(context, '/domains', 'domains');
  context.output.data(domains);
  if (domains.length === 0) return context.output.line('No branded domains yet.');
  context.output.table(
    ['ID', 'Domain', 'Root redirect', '404 redirect'],
    domains.map((domain) => [domain.id, domain.domain, domain.redirectroot, domain.redirect404]),
    { align: ['right', 'left', 'left', 'left'], shrinkFirst: [3, 2] },
  );
}

async function add(context: Context, domain: string, options: RedirectOptions): Promise<void> {
  const { data } = await context.client.POST('/domain/add', { body: { domain, ...redirects(options) } });
  context.output.data({ id: data.id, domain });
  context.output.line(`Added ${clean(domain)} (id ${data.id}).`);
}

async function update(context: Context, reference: string, options: RedirectOptions): Promise<void> {
  const changes = redirects(options);
  if (Object.keys(changes).length === 0) throw usageError('nothing to change: give --redirect-root or --redirect-404');
  const domain = await resolveDomain(context, reference);
  await context.client.PUT('/domain/{id}/update', { params: { path: { id: domain.id } }, body: changes });
  context.output.data({ id: domain.id, domain: domain.domain });
  context.output.line(`Updated ${clean(domain.domain)}.`);
}

async function remove(context: Context, reference: string, yes: boolean | undefined): Promise<Code | void> {
  const domain = await resolveDomain(context, reference);
  const cancelled = await confirmDeletion(context, `the domain ${clean(domain.domain)} (its links move to the service's own address)`, yes);
  if (cancelled !== null) return cancelled;
  await context.client.DELETE('/domain/{id}/delete', { params: { path: { id: domain.id } } });
  context.output.data({ id: domain.id, deleted: true });
  context.output.line(`Deleted the domain ${clean(domain.domain)}.`);
}

async function verification(context: Context, domain: string): Promise<void> {
  const { data } = await context.client.GET('/domain/verification', { params: { query: { domain } } });
  context.output.data({ record: data.record, value: data.value, required: data.required });
  context.output.line(`TXT record ${clean(data.record)}: ${clean(data.value)}`);
  context.output.line(data.required ? 'This service asks for it before the domain is added.' : 'This service does not ask for it.');
}

async function orphans(context: Context, reference: string, options: StatsOptions): Promise<void> {
  const domain = await resolveDomain(context, reference);
  const query = statsQuery(options, new Date(), ORPHAN_FILTERS);
  const { data } = (await context.client.GET('/domain/{id}/orphans', { params: { path: { id: domain.id }, query } })).data;
  showSeries(context, clean(domain.domain), data, 'visit');
}

const redirectOptions = (command: Command, updating: boolean): Command =>
  command
    .option('--redirect-root <url>', `where a visit of the bare domain goes${updating ? ' ("" for nowhere)' : ''}`)
    .option('--redirect-404 <url>', `where an unknown alias goes${updating ? ' ("" for nowhere)' : ''}`);

/** `linkyard domains ...`. */
export function registerDomains(program: Command): void {
  const domains = program.command('domains').description('list, add, change and delete branded domains');
  domains
    .command('list')
    .description('list the branded domains')
    .action((_options: object, command: Command) => run(command, list));
  redirectOptions(
    domains.command('add').description('add a branded domain').argument('<domain>', 'the domain, https://go.example.com'),
    false,
  ).action((domain: string, options: RedirectOptions, command: Command) =>
    run(command, (context) => add(context, domain, options), { fields: FIELDS }),
  );
  redirectOptions(
    domains.command('update').description("change a domain's redirects").argument('<domain>', 'the domain or its id'),
    true,
  ).action((reference: string, options: RedirectOptions, command: Command) =>
    run(command, (context) => update(context, reference, options), { fields: FIELDS }),
  );
  domains
    .command('delete')
    .description("delete a branded domain (its links stay, on the service's own address); asks first on a terminal")
    .argument('<domain>', 'the domain or its id')
    .option(...YES_OPTION)
    .action((reference: string, options: { yes?: boolean }, command: Command) =>
      run(command, (context) => remove(context, reference, options.yes)),
    );
  rangeOptions(
    domains
      .command('orphans')
      .description("draw a domain's orphan visits over time (its root, aliases nothing holds, links not open), with the aliases asked for")
      .argument('<domain>', 'the domain or its id'),
    ORPHAN_FILTERS,
  ).action((reference: string, options: StatsOptions, command: Command) =>
    run(command, (context) => orphans(context, reference, options), { fields: RANGE_FIELDS }),
  );
  domains
    .command('verification')
    .description('the DNS TXT record that proves the account controls a domain')
    .argument('<domain>', 'the domain as it will be added, https://go.example.com')
    .action((domain: string, _options: object, command: Command) =>
      run(command, (context) => verification(context, domain), { fields: FIELDS }),
    );
}
