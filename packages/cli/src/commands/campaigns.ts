import type { components } from '@linkyard/client';
import type { Command } from 'commander';
import type { Context } from '../context';
import { CliError, ExitCode, usageError, type ExitCode as Code } from '../errors';
import { clean } from '../output';
import { resolveLink } from '../resolve';
import { run } from '../run';
import { confirmDeletion, parseId, readAll, YES_OPTION, yesNo } from './common';

type Campaign = components['schemas']['Campaign'];
type CampaignSaved = components['schemas']['CampaignSaved'];

interface CampaignOptions {
  name?: string;
  slug?: string;
  public?: boolean;
}

const FIELDS = { name: '--name', slug: '--slug', public: '--public' };

/** A campaign named by its id or its name (a name several campaigns share asks for the id). */
async function resolveCampaign(context: Context, reference: string): Promise<Campaign> {
  const campaigns = await readAll(context, '/campaigns', 'campaigns');
  if (/^\d+$/.test(reference)) {
    const id = parseId(reference, 'a campaign');
    const found = campaigns.find((campaign) => campaign.id === id);
    if (!found) throw new CliError(`no campaign with id ${id}`, ExitCode.notFound, 404);
    return found;
  }
  const named = campaigns.filter((campaign) => campaign.name === reference);
  if (named.length === 0) throw new CliError(`no campaign named ${JSON.stringify(reference)}`, ExitCode.notFound, 404);
  if (named.length > 1)
    throw usageError(
      `${named.length} campaigns are named ${JSON.stringify(reference)} (ids ${named.map((c) => c.id).join(', ')}); name one by its id`,
    );
  return named[0]!;
}

const rotator = (campaign: { rotator: string | false }): string => (campaign.rotator === false ? '' : campaign.rotator);

function show(context: Context, saved: CampaignSaved, done: string): void {
  context.output.data({ id: saved.id, name: saved.domain, public: saved.public, rotator: saved.rotator, list: saved.list });
  context.output.line(
    `${done} campaign ${saved.id} (${clean(saved.domain)})${saved.rotator === false ? '' : `, rotator ${clean(saved.rotator)}`}.`,
  );
}

async function list(context: Context): Promise<void> {
  const campaigns = await readAll(context, '/campaigns', 'campaigns');
  context.output.data(campaigns);
  if (campaigns.length === 0) return context.output.line('No campaigns yet.');
  context.output.table(
    ['ID', 'Name', 'Public', 'Rotator', 'List page'],
    campaigns.map((campaign) => [campaign.id, campaign.name, yesNo(campaign.public), rotator(campaign), campaign.list]),
    { align: ['right', 'left', 'left', 'left', 'left'] },
  );
}

async function add(context: Context, name: string | undefined, options: CampaignOptions): Promise<void> {
  const body: components['schemas']['CampaignAdd'] = {};
  if (name !== undefined) body.name = name;
  if (options.slug !== undefined) body.slug = options.slug;
  if (options.public !== undefined) body.public = options.public;
  show(context, (await context.client.POST('/campaign/add', { body })).data, 'Created');
}

async function update(context: Context, reference: string, options: CampaignOptions): Promise<void> {
  if (options.name === undefined && options.slug === undefined && options.public === undefined) {
    throw usageError('nothing to change: give --name, --slug, --public or --no-public');
  }
  const campaign = await resolveCampaign(context, reference);
  // The service asks for the name with every change: the current one when it is not changing.
  const body: components['schemas']['CampaignUpdate'] = { name: options.name ?? campaign.name };
  if (options.slug !== undefined) body.slug = options.slug;
  if (options.public !== undefined) body.public = options.public;
  show(context, (await context.client.PUT('/campaign/{id}/update', { params: { path: { id: campaign.id } }, body })).data, 'Updated');
}

async function remove(context: Context, reference: string, yes: boolean | undefined): Promise<Code | void> {
  const campaign = await resolveCampaign(context, reference);
  const cancelled = await confirmDeletion(context, `campaign ${campaign.id} (${clean(campaign.name)}; its links stay)`, yes);
  if (cancelled !== null) return cancelled;
  await context.client.DELETE('/campaign/{id}/delete', { params: { path: { id: campaign.id } } });
  context.output.data({ id: campaign.id, deleted: true });
  context.output.line(`Deleted campaign ${campaign.id} (${clean(campaign.name)}).`);
}

async function assign(context: Context, campaignReference: string, linkReference: string): Promise<void> {
  const campaign = await resolveCampaign(context, campaignReference);
  const link = await resolveLink(context.client, linkReference);
  await context.client.POST('/campaign/{campaignid}/assign/{linkid}', { params: { path: { campaignid: campaign.id, linkid: link.id } } });
  context.output.data({ campaign: campaign.id, link: link.id });
  context.output.line(`Link ${link.id} is in campaign ${campaign.id} (${clean(campaign.name)}).`);
}

/** `linkyard campaigns ...`. */
export function registerCampaigns(program: Command): void {
  const campaigns = program.command('campaigns').description('list, create, change and delete campaigns, and put links in them');
  campaigns
    .command('list')
    .description('list the campaigns')
    .action((_options: object, command: Command) => run(command, list));
  campaigns
    .command('add')
    .description('create a campaign')
    .argument('[name]', 'its name (default: "Untitled campaign")')
    .option('--slug <slug>', 'gives it a rotator at /r/SLUG')
    .option('--public', 'list it on its public page')
    .action((name: string | undefined, options: CampaignOptions, command: Command) =>
      run(command, (context) => add(context, name, options), { fields: FIELDS }),
    );
  campaigns
    .command('update')
    .description('change a campaign')
    .argument('<campaign>', 'its id or its name')
    .option('--name <name>', 'a new name')
    .option('--slug <slug>', 'a new rotator slug ("" removes the rotator)')
    .option('--public', 'make it public')
    .option('--no-public', 'make it private')
    .action((reference: string, options: CampaignOptions, command: Command) =>
      run(command, (context) => update(context, reference, options), { fields: FIELDS }),
    );
  campaigns
    .command('delete')
    .description('delete a campaign (its links stay); asks first on a terminal')
    .argument('<campaign>', 'its id or its name')
    .option(...YES_OPTION)
    .action((reference: string, options: { yes?: boolean }, command: Command) =>
      run(command, (context) => remove(context, reference, options.yes)),
    );
  campaigns
    .command('assign')
    .description('put a link in a campaign (a link is in one campaign at most)')
    .argument('<campaign>', 'its id or its name')
    .argument('<link>', 'the link: its id, its alias, or its short URL')
    .action((campaign: string, link: string, _options: object, command: Command) =>
      run(command, (context) => assign(context, campaign, link)),
    );
}
