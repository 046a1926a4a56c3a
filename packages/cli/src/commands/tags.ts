import type { components, paths } from '@linkyard/client';
import { Option, type Command } from 'commander';
import type { Context } from '../context';
import { CliError, ExitCode, usageError, type ExitCode as Code } from '../errors';
import { integer } from '../options';
import { clean } from '../output';
import { canAsk } from '../prompt';
import { run } from '../run';
import { confirmDeletion, readAll, YES_OPTION } from './common';

type Tag = components['schemas']['Tag'];
type ListQuery = NonNullable<paths['/tags']['get']['parameters']['query']>;

/** The API's page size is at most 100: larger lists are read page after page. */
const PAGE_SIZE = 100;
const DEFAULT_LIMIT = 15;

interface ListOptions {
  search?: string;
  limit?: number;
  all?: boolean;
}

interface TagOptions {
  name?: string;
  color?: string;
}

const FIELDS = { name: '<name>', color: '--color' };

/** A tag as the service stores and compares it: trimmed, in lower case, composed (NFC). */
const stored = (name: string): string => name.trim().toLowerCase().normalize('NFC');

/** Whether a name can be a tag at all: 1 to 50 characters once trimmed, no control characters. */
const possible = (name: string): boolean => /^[^\p{Cc}]{1,50}$/u.test(stored(name));

const quoted = (name: string): string => JSON.stringify(clean(name));

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A tag of the account by its name, with its colour and its count of links. */
async function findTag(context: Context, name: string): Promise<Tag> {
  const wanted = stored(name);
  const found = (await readAll(context, '/tags', 'tags', { query: { q: wanted } })).find((tag) => tag.name === wanted);
  if (!found) throw new CliError(`no tag ${quoted(name)}`, ExitCode.notFound, 404);
  return found;
}

function show(context: Context, tag: Tag, done: string): void {
  context.output.data(tag);
  const color = tag.color === null ? 'no colour' : `colour ${clean(tag.color)}`;
  context.output.line(`${done} (${color}, on ${plural(tag.links, 'link')}).`);
}

async function list(context: Context, options: ListOptions): Promise<void> {
  const { client, output } = context;
  const wanted = options.all ? Number.POSITIVE_INFINITY : (options.limit ?? DEFAULT_LIMIT);
  const query: ListQuery = { limit: Math.min(PAGE_SIZE, wanted) };
  if (options.search !== undefined) query.q = options.search;

  const tags: Tag[] = [];
  let total = 0;
  for (let page = 1; tags.length < wanted; page += 1) {
    const { data } = (await client.GET('/tags', { params: { query: { ...query, page } } })).data;
    total = data.result;
    tags.push(...data.tags.slice(0, wanted - tags.length));
    if (data.tags.length === 0 || data.currentpage >= data.maxpage) break;
    const pages = Math.min(data.maxpage, Math.ceil(wanted / query.limit!));
    context.progress = `${page} of ${pages} pages`;
    output.status(`reading the tags: ${context.progress}`);
  }
  output.status(null);

  output.data(tags);
  if (tags.length === 0) {
    output.line(options.search === undefined ? 'No tags yet.' : `No tag contains ${quoted(options.search)}.`);
    return;
  }
  output.table(
    ['Name', 'Colour', 'Links'],
    tags.map((tag) => [tag.name, tag.color ?? '', tag.links]),
    { align: ['left', 'left', 'right'], shrinkFirst: [0] },
  );
  if (tags.length < total) output.line(`${tags.length} of ${total} tags; --limit N or --all for more.`);
}

async function add(context: Context, name: string, options: TagOptions): Promise<void> {
  const body: components['schemas']['TagAdd'] = { name };
  if (options.color !== undefined) body.color = options.color;
  const { tag } = (await context.client.POST('/tag/add', { body })).data;
  show(context, tag, `Added the tag ${quoted(tag.name)}`);
}

async function update(context: Context, name: string, options: TagOptions): Promise<void> {
  if (options.name === undefined && options.color === undefined) throw usageError('nothing to change: give --name, --color or both');
  const body: components['schemas']['TagUpdate'] = {};
  if (options.name !== undefined) body.name = options.name;
  if (options.color !== undefined) body.color = options.color;
  const { tag } = (await context.client.PUT('/tag/{name}/update', { params: { path: { name } }, body })).data;
  const renamed = tag.name !== stored(name);
  show(context, tag, renamed ? `Renamed the tag ${quoted(stored(name))} to ${quoted(tag.name)}` : `Updated the tag ${quoted(tag.name)}`);
}

async function remove(context: Context, name: string, yes: boolean | undefined): Promise<Code | void> {
  // On a terminal, a person confirms, told how many links lose the tag; a script or --yes does not
  // stop to ask. A name that cannot be a tag is the service's to refuse.
  if (!yes && canAsk(context.session) && possible(name)) {
    const tag = await findTag(context, name);
    const cancelled = await confirmDeletion(
      context,
      `the tag ${quoted(tag.name)} (from ${plural(tag.links, 'link')}; the links stay)`,
      false,
    );
    if (cancelled !== null) return cancelled;
  }
  await context.client.DELETE('/tag/{name}/delete', { params: { path: { name } } });
  context.output.data({ name: stored(name), deleted: true });
  context.output.line(`Deleted the tag ${quoted(stored(name))}.`);
}

const NAME_ARGUMENT = 'the tag (compared in lower case)';

/** `linkyard tags ...`. */
export function registerTags(program: Command): void {
  const tags = program.command('tags').description("list, add, rename, colour and delete the tags of the account's links");
  tags
    .command('list')
    .description('list the tags, in alphabetical order, with the number of links carrying each')
    .option('--search <text>', 'only tags containing this')
    .addOption(new Option('--limit <n>', `how many tags to show (default ${DEFAULT_LIMIT})`).argParser(integer(1)).conflicts('all'))
    .option('--all', 'every tag, page after page')
    .action((options: ListOptions, command: Command) => run(command, (context) => list(context, options), { fields: { q: '--search' } }));
  tags
    .command('add')
    .description('add a tag before any link carries it (links add --tag makes one too)')
    .argument('<name>', 'the tag: 1 to 50 characters, kept in lower case')
    .option('--color <#rrggbb>', 'its colour')
    .action((name: string, options: TagOptions, command: Command) =>
      run(command, (context) => add(context, name, options), { fields: FIELDS }),
    );
  tags
    .command('update')
    .description('rename a tag on every link carrying it, or change its colour')
    .argument('<name>', NAME_ARGUMENT)
    .option('--name <name>', 'a new name (a tag the account has already: the two become one)')
    .option('--color <#rrggbb>', 'a new colour ("" removes it)')
    .action((name: string, options: TagOptions, command: Command) =>
      run(command, (context) => update(context, name, options), { fields: { ...FIELDS, name: '--name' } }),
    );
  tags
    .command('delete')
    .description('take a tag off every link carrying it (the links stay); asks first on a terminal')
    .argument('<name>', NAME_ARGUMENT)
    .option(...YES_OPTION)
    .action((name: string, options: { yes?: boolean }, command: Command) => run(command, (context) => remove(context, name, options.yes)));
}
