import { LinkyardError, type components, type paths } from '@linkyard/client';
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Context } from '../context';
import { ExitCode, usageError, type FieldNames } from '../errors';
import { every, integer } from '../options';
import { clean, type Cell } from '../output';
import { canAsk, readSecret } from '../prompt';
import { throughDay } from '../range';
import { resolveLink } from '../resolve';
import { run } from '../run';
import { collect, confirmDeletion, YES_OPTION } from './common';

type LinkSummary = components['schemas']['LinkSummary'];
type LinkUpdate = components['schemas']['LinkUpdate'];
type LinkAdd = components['schemas']['LinkAdd'];
type ListQuery = NonNullable<paths['/urls']['get']['parameters']['query']>;
type Order = NonNullable<ListQuery['order']>;
type LinkStatus = components['schemas']['LinkStatus'];
type LinkState = NonNullable<ListQuery['state']>;
type Archived = NonNullable<ListQuery['archived']>;
type LinkFilter = components['schemas']['LinkFilter'];
type LinkVariant = components['schemas']['LinkVariant'];

/** `--variant URL=WEIGHT` (the weight after the last `=`, as a URL may hold `=`), added to those before it. */
function variantOf(text: string, previous: LinkVariant[] | undefined): LinkVariant[] {
  const at = text.lastIndexOf('=');
  const weight = text.slice(at + 1);
  if (at <= 0 || !/^\d{1,3}$/.test(weight) || Number(weight) > 100) {
    throw new InvalidArgumentError('URL=WEIGHT is expected, the weight a whole number from 0 to 100 (https://example.com/b=30).');
  }
  return [...(previous ?? []), { url: text.slice(0, at), weight: Number(weight) }];
}
type LinkBulkChanges = components['schemas']['LinkBulkChanges'];
type LinkBulkEditRefused = components['schemas']['LinkBulkEditRefused'];

const ORDERS = every<Order>()('date', 'clicks');
const STATUSES = every<LinkStatus>()('public', 'private');
const STATES = every<LinkState>()('active', 'expired', 'limited', 'scheduled');
const ARCHIVED = every<Archived>()('include', 'only');
/** The largest id the API takes. */
const MAX_ID = 2_147_483_647;
/** The API's page size is at most 100: larger lists are read page after page. */
const PAGE_SIZE = 100;
const DEFAULT_LIMIT = 15;

interface ListOptions {
  search?: string;
  tag?: string[];
  campaign?: number;
  channel?: number;
  domain?: string;
  status?: LinkStatus;
  state?: LinkState;
  from?: string;
  to?: string;
  archived?: Archived;
  order?: Order;
  limit?: number;
  all?: boolean;
}

/** The options `links add` and `links update` share, as commander names them. */
interface FieldOptions {
  alias?: string;
  domain?: string;
  title?: string;
  description?: string;
  status?: LinkStatus;
  expiry?: string;
  /** `--password` (read from a prompt or stdin), or false for `--no-password` (update). */
  password?: boolean;
  /** `--tag`, repeated: the link's tags, all of them. */
  tag?: string[];
  /** `--archive` (true) or `--unarchive` (false). */
  archive?: boolean;
  /** `--click-limit N`, or false for `--no-click-limit` (update). */
  clickLimit?: number | false;
  /** `--start`: when it starts redirecting. */
  start?: string;
  /** `--variant URL=WEIGHT`, repeated: an A/B split, the first the link's URL. */
  variant?: LinkVariant[];
}

interface UpdateOptions extends FieldOptions {
  url?: string;
  /** `--unarchive`: back in the links list. */
  unarchive?: boolean;
  /** False for `--no-tags`; commander sets it true when the option is not given. */
  tags?: boolean;
  /** False for `--no-variants`, as `tags`. */
  variants?: boolean;
}

/** The options by the request field each fills, for the service's errors (`custom` is `--alias`). */
const FIELDS: FieldNames = {
  custom: '--alias',
  domain: '--domain',
  metatitle: '--title',
  description: '--description',
  status: '--status',
  expiry: '--expiry',
  password: 'password (--password)',
  tags: '--tag',
  clicklimit: '--click-limit',
  startdate: '--start',
  variants: '--variant',
};

/**
 * The fields of `url/add` and `url/{id}/update` the options give; those not given are not sent.
 * The password is never an argument, which every user of the machine can read (`ps`): `--password`
 * asks for it on a terminal, or reads the first line of stdin.
 */
async function fieldsOf(context: Context, options: FieldOptions): Promise<LinkUpdate> {
  const fields: LinkUpdate = {};
  if (options.alias !== undefined) fields.custom = options.alias;
  if (options.domain !== undefined) fields.domain = options.domain;
  if (options.title !== undefined) fields.metatitle = options.title;
  if (options.description !== undefined) fields.description = options.description;
  if (options.status !== undefined) fields.status = options.status;
  if (options.expiry !== undefined) fields.expiry = options.expiry;
  if (options.password === true) fields.password = await readSecret(context.session, 'link password', { confirm: true });
  if (options.password === false) fields.password = '';
  if (options.tag !== undefined) fields.tags = options.tag;
  if (options.archive !== undefined) fields.archived = options.archive;
  if (options.clickLimit !== undefined) fields.clicklimit = options.clickLimit === false ? 0 : options.clickLimit;
  if (options.start !== undefined) fields.startdate = options.start;
  if (options.variant !== undefined) fields.variants = options.variant;
  return fields;
}

function fieldOptions(command: Command, updating: boolean): Command {
  const empty = (what: string) => (updating ? ` ("" ${what})` : '');
  return command
    .option('--alias <alias>', 'the alias: 3 to 50 letters, digits, "_" or "-"')
    .option('--domain <domain>', `a branded domain of the account (go.example.com)${empty("moves the link to the service's own address")}`)
    .option('--title <title>', 'the title')
    .option('--description <text>', 'a note about the link')
    .addOption(new Option('--status <status>', 'who may see it in public lists').choices(STATUSES))
    .option('--expiry <date-time>', `when it stops redirecting, "YYYY-MM-DD HH:MM:SS" in UTC${empty('removes it')}`)
    .option('--password', 'ask for a password visitors must give, 6 to 100 characters (read from stdin without a terminal)')
    .option(
      '--tag <tag>',
      `a tag, repeated for several (at most 20, 1 to 50 characters, kept in lower case)${updating ? "; replaces the link's tags" : ''}`,
      collect,
    )
    .option('--archive', 'archive it: it leaves the links list (links list --archived shows it) and keeps redirecting and counting')
    .addOption(
      new Option('--click-limit <n>', "after this many people's clicks (bots are not counted) it answers like an expired link").argParser(
        integer(1, MAX_ID),
      ),
    )
    .option(
      '--variant <url=weight>',
      "an A/B split's destination and its share of the visits in percent (https://example.com/b=30), repeated 2 to 10 times, " +
        "weights summing to 100; the first is the link's URL",
      variantOf,
    )
    .option(
      '--start <date-time>',
      `when it starts redirecting, "YYYY-MM-DD HH:MM:SS" in UTC; before, it answers like an expired link${empty('removes it')}`,
    );
}

/** The options of `links list` by the query parameter each fills, for the service's errors about them. */
const LIST_FIELDS: FieldNames = {
  q: '--search',
  tag: '--tag',
  campaign: '--campaign',
  channel: '--channel',
  domain: '--domain',
  status: '--status',
  state: '--state',
  from: '--from',
  to: '--to',
  archived: '--archived',
};

/**
 * What an empty list says: no links at all, none matching the search and the tags asked for, or,
 * with any other filter, none matching the filters.
 */
function noneFound(options: ListOptions): string {
  const quoted = (text: string) => JSON.stringify(clean(text));
  const tags = (options.tag ?? []).filter((tag) => tag.trim() !== '');
  const others = [
    options.campaign,
    options.channel,
    options.domain,
    options.status,
    options.state,
    options.from,
    options.to,
    options.archived,
  ];
  if (others.some((value) => value !== undefined)) return 'No link matches these filters.';
  const filters: string[] = [];
  if (options.search !== undefined) filters.push(`matches ${quoted(options.search)}`);
  if (tags.length > 0) filters.push(`carries the tag${tags.length > 1 ? 's' : ''} ${tags.map(quoted).join(', ')}`);
  return filters.length === 0 ? 'No links yet.' : `No link ${filters.join(' and ')}.`;
}

async function list(context: Context, options: ListOptions): Promise<void> {
  const { client, output } = context;
  const wanted = options.all ? Number.POSITIVE_INFINITY : (options.limit ?? DEFAULT_LIMIT);
  const query: ListQuery = { limit: Math.min(PAGE_SIZE, wanted) };
  if (options.search !== undefined) query.q = options.search;
  if (options.order !== undefined) query.order = options.order;
  if (options.tag !== undefined) query.tag = options.tag;
  if (options.campaign !== undefined) query.campaign = options.campaign;
  if (options.channel !== undefined) query.channel = options.channel;
  if (options.domain !== undefined) query.domain = options.domain;
  if (options.status !== undefined) query.status = options.status;
  if (options.state !== undefined) query.state = options.state;
  if (options.from !== undefined) query.from = options.from;
  // The API's `to` is excluded; the command line's day is included: the next day's midnight is sent.
  if (options.to !== undefined) query.to = throughDay(options.to);
  if (options.archived !== undefined) query.archived = options.archived;

  const links: LinkSummary[] = [];
  let total = 0;
  for (let page = 1; links.length < wanted; page += 1) {
    const { data } = (await client.GET('/urls', { params: { query: { ...query, page } } })).data;
    total = data.result;
    links.push(...data.urls.slice(0, wanted - links.length));
    if (data.urls.length === 0 || data.currentpage >= data.maxpage) break;
    // Long lists say how far they have got (on a terminal), and a rate-limit wait says it too.
    const pages = Math.min(data.maxpage, Math.ceil(wanted / query.limit!));
    context.progress = `${page} of ${pages} pages`;
    output.status(`reading the links: ${context.progress}`);
  }
  output.status(null);

  output.data(links);
  if (links.length === 0) {
    output.line(noneFound(options));
    return;
  }
  // The alias is in the short URL, and the time of day and the tags in `links get` (and in --json):
  // the table keeps to what fits in 80 columns, the destination giving up room first.
  const head = ['ID', 'Short URL', 'Destination', 'Clicks', 'Created'];
  const rows = links.map((link) => [link.id, link.shorturl, link.longurl, link.clicks, link.date.slice(0, 10)]);
  output.table(head, rows, { align: ['right', 'left', 'left', 'right', 'left'], shrinkFirst: [2] });
  if (links.length < total) output.line(`${links.length} of ${total} links; --limit N or --all for more.`);
}

async function add(context: Context, url: string, options: FieldOptions): Promise<void> {
  const request: LinkAdd = { url, ...(await fieldsOf(context, options)) };
  const { data: created } = await context.client.POST('/url/add', { body: request });
  context.output.data({ id: created.id, shorturl: created.shorturl });
  context.output.line(clean(created.shorturl));
}

/** A count map of the statistics (`{"Canada": "800"}`) as one line, most first. */
const topLine = (counts: Record<string, string | number>): string =>
  Object.entries(counts)
    .sort(([, a], [, b]) => Number(b) - Number(a))
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');

async function get(context: Context, reference: string): Promise<void> {
  const { client, output } = context;
  const { id } = await resolveLink(client, reference);
  const { data: answer } = await client.GET('/url/{id}', { params: { path: { id } } });
  output.data({ details: answer.details, data: answer.data });
  const link = answer.details;
  const stats = answer.data;
  const rows: [string, Cell][] = [
    ['ID', link.id],
    ['Alias', link.alias],
    ['Short URL', link.shorturl],
    ['Destination', link.longurl],
    ['Title', link.title],
    ['Description', link.description],
    ['Domain', link.domain ?? "(the service's own address)"],
    ['Status', link.status],
    ['Archived', link.archived ? 'yes' : 'no'],
    ['Type', link.type],
    ['Password', link.password ? 'yes' : 'no'],
    ['Expiry (UTC)', link.expiry ?? 'never'],
    ['Starts (UTC)', link.startdate ?? 'at once'],
    ['Click limit', link.clicklimit === null ? 'none' : `${link.clicklimit} (${Math.max(0, link.clicklimit - stats.clicks)} left)`],
    // One line a variant, the first headed.
    ...(link.variants.length === 0
      ? [['A/B split', 'none'] as [string, Cell]]
      : link.variants.map((variant, index): [string, Cell] => [
          index === 0 ? 'A/B split' : '',
          `${String.fromCharCode(65 + index)} ${variant.weight}% ${clean(variant.url)}`,
        ])),
    ['Campaign', link.campaign ?? ''],
    ['Channels', link.channels.join(', ')],
    ['Tags', link.tags.join(', ')],
    ['Created (UTC)', link.date],
    ['Clicks', `${stats.clicks} (${stats.uniqueClicks} unique)`],
  ];
  const tops: [string, Record<string, string | number>][] = [
    ['Top countries', stats.topCountries],
    ['Top referrers', stats.topReferrers],
    ['Top browsers', stats.topBrowsers],
    ['Top systems', stats.topOs],
    ['Social', Object.fromEntries(Object.entries(stats.socialCount).filter(([, count]) => count > 0))],
  ];
  for (const [label, counts] of tops) if (Object.keys(counts).length > 0) rows.push([label, topLine(counts)]);
  output.table(['Field', 'Value'], rows, { shrinkFirst: [1] });
}

async function update(context: Context, reference: string, options: UpdateOptions): Promise<void> {
  const { client, output } = context;
  // `tags` is true unless --no-tags was given: only false is a change.
  const given = Object.entries(options).filter(
    ([name, value]) => value !== undefined && !((name === 'tags' || name === 'variants') && value === true),
  );
  if (given.length === 0) {
    throw usageError(
      'nothing to change: give at least one of --url, --alias, --domain, --title, --description, --status, --expiry, --start, --click-limit, --no-click-limit, --variant, --no-variants, --password, --no-password, --tag, --no-tags, --archive, --unarchive',
    );
  }
  const { id } = await resolveLink(client, reference);
  const changes: LinkUpdate = await fieldsOf(context, options);
  if (options.url !== undefined) changes.url = options.url;
  if (options.tags === false) changes.tags = [];
  if (options.variants === false) changes.variants = [];
  if (options.unarchive) changes.archived = false;
  await client.PUT('/url/{id}/update', { params: { path: { id } }, body: changes });
  // The alias or the domain may have changed: show the short URL as it is now.
  const { details } = (await client.GET('/url/{id}', { params: { path: { id } } })).data;
  output.data({ id, shorturl: details.shorturl });
  output.line(`Updated ${clean(details.shorturl)}`);
}

async function remove(context: Context, reference: string, options: { yes?: boolean }): Promise<ExitCode | void> {
  const { client, output } = context;
  const { id, summary } = await resolveLink(client, reference);
  // On a terminal, a person confirms; a script (no terminal) or --yes does not stop to ask.
  if (!options.yes && canAsk(context.session)) {
    const link = summary ?? (await client.GET('/url/{id}', { params: { path: { id } } })).data.details;
    const cancelled = await confirmDeletion(context, `link ${id} (${clean(link.shorturl)} → ${clean(link.longurl)})`, false);
    if (cancelled !== null) return cancelled;
  }
  await client.DELETE('/url/{id}/delete', { params: { path: { id } } });
  output.data({ id, deleted: true });
  output.line(`Deleted link ${id}${summary ? ` (${clean(summary.shorturl)})` : ''}`);
}

/** The options of `links edit`: the changes, and `--where` for the links a filter keeps. */
interface EditOptions {
  where?: string[];
  addTag?: string[];
  removeTag?: string[];
  /** A campaign's id, or false for `--no-campaign`. */
  campaign?: number | false;
  channel?: number;
  /** A date-time, or false for `--no-expiry`. */
  expiry?: string | false;
  domain?: string;
  status?: LinkStatus;
  archive?: boolean;
  unarchive?: boolean;
  /** A number of clicks, or false for `--no-click-limit`. */
  clickLimit?: number | false;
  /** A date-time, `""` to remove the start dates. */
  start?: string;
}

/** The names `--where` takes: the filters of `links list`, as the API's filter names them. */
const WHERE_NAMES = ['search', 'tag', 'campaign', 'channel', 'domain', 'status', 'state', 'from', 'to', 'archived'] as const;

/** The options of `links edit` by the request field each fills. */
const EDIT_FIELDS: FieldNames = {
  ids: '<links>',
  filter: '--where',
  'filter.q': '--where search=',
  ...Object.fromEntries(WHERE_NAMES.filter((name) => name !== 'search').map((name) => [`filter.${name}`, `--where ${name}=`])),
  'changes.addtags': '--add-tag',
  'changes.removetags': '--remove-tag',
  'changes.campaign': '--campaign',
  'changes.channel': '--channel',
  'changes.expiry': '--expiry',
  'changes.domain': '--domain',
  'changes.status': '--status',
  'changes.archived': '--archive',
  'changes.clicklimit': '--click-limit',
  'changes.startdate': '--start',
  changes: 'the changes',
};

/** `--where name=value`, repeated: the filter, as `links list`'s options read (`to` includes its day). */
function whereFilter(conditions: string[]): LinkFilter {
  const filter: LinkFilter = {};
  for (const condition of conditions) {
    const [name, ...rest] = condition.split('=');
    const value = rest.join('=');
    if (rest.length === 0 || !(WHERE_NAMES as readonly string[]).includes(name!)) {
      throw usageError(`--where takes name=value, the name one of ${WHERE_NAMES.join(', ')}; got ${JSON.stringify(condition)}`);
    }
    if (name === 'tag') filter.tag = [...(filter.tag ?? []), value];
    else if (name === 'campaign' || name === 'channel') filter[name] = integer(1, MAX_ID)(value);
    else if (name === 'search') filter.q = value;
    else if (name === 'to') filter.to = throughDay(value);
    else if (name === 'status') filter.status = oneOf('--where status=', value, STATUSES);
    else if (name === 'state') filter.state = oneOf('--where state=', value, STATES);
    else if (name === 'archived') filter.archived = oneOf('--where archived=', value, ARCHIVED);
    else filter[name as 'domain' | 'from'] = value;
  }
  return filter;
}

function oneOf<T extends string>(option: string, value: string, values: readonly T[]): T {
  if (!(values as readonly string[]).includes(value))
    throw usageError(`${option} must be ${values.join(' or ')}, not ${JSON.stringify(value)}`);
  return value as T;
}

/** The changes the options give; at least one. */
function editChanges(options: EditOptions): LinkBulkChanges {
  const changes: LinkBulkChanges = {};
  if (options.addTag !== undefined) changes.addtags = options.addTag;
  if (options.removeTag !== undefined) changes.removetags = options.removeTag;
  if (options.campaign !== undefined) changes.campaign = options.campaign === false ? 0 : options.campaign;
  if (options.channel !== undefined) changes.channel = options.channel;
  if (options.expiry !== undefined) changes.expiry = options.expiry === false ? '' : options.expiry;
  if (options.domain !== undefined) changes.domain = options.domain;
  if (options.status !== undefined) changes.status = options.status;
  if (options.archive) changes.archived = true;
  if (options.unarchive) changes.archived = false;
  if (options.clickLimit !== undefined) changes.clicklimit = options.clickLimit === false ? 0 : options.clickLimit;
  if (options.start !== undefined) changes.startdate = options.start;
  if (Object.keys(changes).length === 0) {
    throw usageError(
      'nothing to change: give at least one of --add-tag, --remove-tag, --campaign, --no-campaign, --channel, --expiry, --no-expiry, --domain, --status, --archive, --unarchive, --click-limit, --no-click-limit, --start',
    );
  }
  return changes;
}

/**
 * `links edit`: the same changes to the links named (ids, aliases or short URLs) or to every link
 * `--where` keeps, all or nothing. Refused, it lists the links that could not take the changes.
 */
async function edit(context: Context, references: string[], options: EditOptions): Promise<ExitCode | void> {
  const { client, output } = context;
  if (references.length > 0 === (options.where !== undefined)) {
    throw usageError('name the links to change, or give --where for every link a filter keeps (not both)');
  }
  const changes = editChanges(options);
  const selection =
    options.where !== undefined
      ? { filter: whereFilter(options.where) }
      : { ids: await Promise.all(references.map(async (reference) => (await resolveLink(client, reference)).id)) };
  try {
    const { data: answer } = await client.PUT('/urls/update', { body: { ...selection, changes } });
    output.data(answer.data);
    const { updated } = answer.data;
    output.line(updated === 0 ? 'No link matches these filters; nothing changed.' : `Changed ${updated} link${updated === 1 ? '' : 's'}.`);
  } catch (error) {
    const refused =
      error instanceof LinkyardError && error.status === 409 ? (error.body?.data as LinkBulkEditRefused['data'] | undefined) : undefined;
    if (!refused) throw error;
    output.data(refused);
    const rows = refused.results.flatMap((result) =>
      'message' in result ? [[result.id, EDIT_FIELDS[result.field] ?? result.field, result.message]] : [],
    );
    output.table(['ID', 'Option', 'Why'], rows, { align: ['right', 'left', 'left'], shrinkFirst: [2] });
    output.error((error as LinkyardError).message, 409);
    return ExitCode.refused;
  }
}

const LINK_ARGUMENT = 'the link: its id, its alias, or its short URL';

/** `linkyard links ...`: the group, returned so that import and export join it. */
export function registerLinks(program: Command): Command {
  const links = program.command('links').description('list, create, read, change and delete short links');

  links
    .command('list')
    .description('list the short links, newest first')
    .option('--search <text>', 'only links whose alias, destination, title or description contains this')
    .option('--tag <tag>', 'only links carrying this tag; repeated, only those carrying every tag named', collect)
    .addOption(new Option('--campaign <id>', 'only links of this campaign').argParser(integer(1, MAX_ID)))
    .addOption(new Option('--channel <id>', 'only links in this channel').argParser(integer(1, MAX_ID)))
    .option('--domain <domain>', "only links on this branded domain (go.example.com), or on the service's own address (default)")
    .addOption(new Option('--status <status>', 'only public or only private links').choices(STATUSES))
    .addOption(
      new Option(
        '--state <state>',
        'only links still redirecting (active), past their expiry or click limit (expired), at their click limit (limited), or not started yet (scheduled)',
      ).choices(STATES),
    )
    .option('--from <date>', 'only links made on or after this day (2026-11-01, UTC), or at or after a date and time with its offset')
    .option('--to <date>', 'only links made up to this day, included (2026-11-30, UTC), or before a date and time with its offset')
    .addOption(
      new Option('--archived <which>', 'the archived links too (include), or only them (only); without it, none').choices(ARCHIVED),
    )
    .addOption(new Option('--order <order>', 'newest first (date) or most clicked first (clicks)').choices(ORDERS))
    .addOption(new Option('--limit <n>', `how many links to show (default ${DEFAULT_LIMIT})`).argParser(integer(1)).conflicts('all'))
    .option('--all', 'every link, page after page')
    .addHelpText(
      'after',
      '\nEvery filter given must hold. A date is a day in UTC, and --to includes its day:\n' +
        '--from 2026-11-01 --to 2026-11-30 is every link made in November.',
    )
    .action((options: ListOptions, command: Command) => run(command, (context) => list(context, options), { fields: LIST_FIELDS }));

  fieldOptions(
    links.command('add').description('shorten a URL; prints the short URL').argument('<url>', 'the destination, an http or https URL'),
    false,
  ).action((url: string, options: FieldOptions, command: Command) =>
    run(command, (context) => add(context, url, options), { fields: { ...FIELDS, url: '<url>' } }),
  );

  links
    .command('get')
    .description('show every setting of a link and its statistics')
    .argument('<link>', LINK_ARGUMENT)
    .action((reference: string, _options: object, command: Command) => run(command, (context) => get(context, reference)));

  fieldOptions(
    links
      .command('update')
      .description('change a link: only the options given are changed')
      .argument('<link>', LINK_ARGUMENT)
      .option('--url <url>', 'the new destination'),
    true,
  )
    .option('--no-password', 'remove the password')
    .option('--no-click-limit', 'remove its click limit')
    .addOption(new Option('--no-variants', 'remove its A/B split').conflicts('variant'))
    .addOption(new Option('--no-tags', 'remove every tag of the link').conflicts('tag'))
    .addOption(new Option('--unarchive', 'bring an archived link back to the links list').conflicts('archive'))
    .action((reference: string, options: UpdateOptions, command: Command) =>
      run(command, (context) => update(context, reference, options), { fields: { ...FIELDS, url: '--url' } }),
    );

  links
    .command('edit')
    .description('change many links at once, all or nothing: those named, or every link --where keeps')
    .argument('[links...]', 'the links: ids, aliases or short URLs (at most 1,000)')
    .option(
      '--where <name=value>',
      `the links a filter keeps instead (at most 10,000), repeated: every condition must hold; names: ${WHERE_NAMES.join(', ')}, as links list takes them`,
      collect,
    )
    .option('--add-tag <tag>', "add this tag (after each link's own), repeated for several", collect)
    .option('--remove-tag <tag>', 'take this tag off, repeated for several', collect)
    .addOption(new Option('--campaign <id>', 'move the links to this campaign').argParser(integer(1, MAX_ID)))
    .option('--no-campaign', 'take the links out of their campaign')
    .addOption(new Option('--channel <id>', 'add the links to this channel').argParser(integer(1, MAX_ID)))
    .option('--expiry <date-time>', 'when they stop redirecting, "YYYY-MM-DD HH:MM:SS" in UTC')
    .option('--no-expiry', 'remove their expiry')
    .option(
      '--domain <domain>',
      `move them to this branded domain (go.example.com), or "" to the service's own address; each keeps its alias`,
    )
    .addOption(new Option('--status <status>', 'who may see them in public lists').choices(STATUSES))
    .option('--archive', 'archive them: they leave the links list and keep redirecting and counting')
    .addOption(new Option('--unarchive', 'bring them back to the links list').conflicts('archive'))
    .addOption(
      new Option('--click-limit <n>', "after this many people's clicks (those so far count) each answers like an expired link").argParser(
        integer(1, MAX_ID),
      ),
    )
    .option('--no-click-limit', 'remove their click limits')
    .option('--start <date-time>', 'when they start redirecting, "YYYY-MM-DD HH:MM:SS" in UTC; "" removes their start dates')
    .addHelpText(
      'after',
      '\nNothing is changed unless every link can take the changes: otherwise the links that cannot\n' +
        'are listed with why (exit code 4).\n\n' +
        'Examples:\n' +
        '  linkyard links edit 12 13 spring-sale --add-tag sale --status public\n' +
        '  linkyard links edit --where tag=promo --where from=2026-11-01 --campaign 3 --no-expiry',
    )
    .action((references: string[], options: EditOptions, command: Command) =>
      run(command, (context) => edit(context, references, options), { fields: EDIT_FIELDS }),
    );

  links
    .command('delete')
    .description('delete a link (its alias becomes free again); asks first on a terminal')
    .argument('<link>', LINK_ARGUMENT)
    .option(...YES_OPTION)
    .action((reference: string, options: { yes?: boolean }, command: Command) =>
      run(command, (context) => remove(context, reference, options)),
    );

  return links;
}
