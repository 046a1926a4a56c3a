import type { components } from '@linkyard/client';
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Context } from '../context';
import { usageError, type ExitCode as Code } from '../errors';
import { every, integer } from '../options';
import { clean, type Cell } from '../output';
import { run } from '../run';
import { confirmDeletion, parseId, readAll, YES_OPTION, yesNo } from './common';

type EventName = components['schemas']['WebhookEventName'];

const EVENTS = every<EventName>()(
  'link.created',
  'link.updated',
  'link.deleted',
  'link.clicked',
  'qr.scanned',
  'campaign.created',
  'campaign.updated',
  'campaign.deleted',
  'domain.created',
  'domain.updated',
  'domain.deleted',
  'link.*',
  'qr.*',
  'campaign.*',
  'domain.*',
);

interface WebhookOptions {
  url?: string;
  events?: EventName[];
  enabled?: boolean;
}

const FIELDS = { url: '<url>', events: '--events', enabled: '--disabled' };

/** `--events link.created,campaign.*`: a list of event names, each checked. */
function parseEvents(text: string): EventName[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(EVENTS as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new InvalidArgumentError(
      `${unknown.length > 0 ? `unknown event ${unknown.join(', ')}` : 'no event given'}; the events are ${EVENTS.join(', ')}.`,
    );
  }
  return names as EventName[];
}

async function list(context: Context): Promise<void> {
  const webhooks = await readAll(context, '/webhooks', 'webhooks');
  context.output.data(webhooks);
  if (webhooks.length === 0) return context.output.line('No webhooks yet.');
  context.output.table(
    ['ID', 'URL', 'Events', 'On', 'Waiting'],
    webhooks.map((webhook) => [webhook.id, webhook.url, webhook.events.join(', '), yesNo(webhook.enabled), webhook.pending]),
    { align: ['right', 'left', 'left', 'left', 'right'], shrinkFirst: [2, 1] },
  );
}

async function add(context: Context, url: string, options: { events: EventName[]; disabled?: boolean }): Promise<void> {
  const { data } = await context.client.POST('/webhooks', { body: { url, events: options.events, enabled: !options.disabled } });
  context.output.data({ id: data.id, secret: data.secret });
  context.output.line(`Added webhook ${data.id}. Its signing secret, shown this once:`);
  context.output.line(data.secret);
}

async function get(context: Context, reference: string): Promise<void> {
  const id = parseId(reference, 'a webhook');
  const { data: webhook } = (await context.client.GET('/webhook/{id}', { params: { path: { id } } })).data;
  context.output.data(webhook);
  const rows: [string, Cell][] = [
    ['ID', webhook.id],
    ['URL', webhook.url],
    ['Events', webhook.events.join(', ')],
    ['On', yesNo(webhook.enabled)],
    ['Turned off because', webhook.disabledReason ?? ''],
    ['Deliveries waiting', webhook.pending],
    ['Created (UTC)', webhook.date],
  ];
  context.output.table(['Field', 'Value'], rows);
}

async function update(context: Context, reference: string, options: WebhookOptions): Promise<void> {
  const id = parseId(reference, 'a webhook');
  const body: components['schemas']['WebhookUpdate'] = {};
  if (options.url !== undefined) body.url = options.url;
  if (options.events !== undefined) body.events = options.events;
  if (options.enabled !== undefined) body.enabled = options.enabled;
  if (Object.keys(body).length === 0) throw usageError('nothing to change: give --url, --events, --enable or --disable');
  await context.client.PUT('/webhook/{id}', { params: { path: { id } }, body });
  context.output.data({ id });
  context.output.line(`Updated webhook ${id}.`);
}

async function remove(context: Context, reference: string, yes: boolean | undefined): Promise<Code | void> {
  const id = parseId(reference, 'a webhook');
  const { data: webhook } = (await context.client.GET('/webhook/{id}', { params: { path: { id } } })).data;
  const cancelled = await confirmDeletion(context, `webhook ${id} (${clean(webhook.url)}) and its deliveries`, yes);
  if (cancelled !== null) return cancelled;
  await context.client.DELETE('/webhook/{id}', { params: { path: { id } } });
  context.output.data({ id, deleted: true });
  context.output.line(`Deleted webhook ${id}.`);
}

async function deliveries(context: Context, reference: string, options: { limit: number }): Promise<void> {
  const id = parseId(reference, 'a webhook');
  const { data } = (
    await context.client.GET('/webhook/{id}/deliveries', { params: { path: { id }, query: { limit: Math.min(100, options.limit) } } })
  ).data;
  const shown = data.deliveries.slice(0, options.limit);
  context.output.data(shown);
  if (shown.length === 0) return context.output.line('No deliveries.');
  context.output.table(
    ['ID', 'Event', 'Status', 'Attempts', 'Last answer', 'Next attempt (UTC)'],
    shown.map((delivery) => [
      delivery.id,
      delivery.event.type,
      delivery.status,
      delivery.attempts,
      delivery.lastStatus ?? delivery.lastError ?? '',
      delivery.nextAttempt ?? '',
    ]),
    { align: ['right', 'left', 'left', 'right', 'left', 'left'] },
  );
  if (shown.length < data.result) context.output.line(`${shown.length} of ${data.result} deliveries, newest first.`);
}

async function replay(context: Context, reference: string, delivery: string): Promise<void> {
  const id = parseId(reference, 'a webhook');
  const deliveryid = parseId(delivery, 'a delivery');
  const { data } = await context.client.POST('/webhook/{id}/delivery/{deliveryid}/replay', { params: { path: { id, deliveryid } } });
  context.output.data({ id: data.id });
  context.output.line(`Delivery ${deliveryid} will be sent again (as delivery ${data.id}).`);
}

const eventsOption = (required: boolean) => {
  const option = new Option('--events <events>', `the events, separated by commas: ${EVENTS.join(', ')}`).argParser(parseEvents);
  return required ? option.makeOptionMandatory() : option;
};

/** `linkyard webhooks ...`. */
export function registerWebhooks(program: Command): void {
  const webhooks = program.command('webhooks').description('list, add, change and delete webhooks, and see and replay their deliveries');
  webhooks
    .command('list')
    .description('list the webhooks')
    .action((_options: object, command: Command) => run(command, list));
  webhooks
    .command('add')
    .description('add a webhook; prints its signing secret, shown this once')
    .argument('<url>', 'where the events are sent (http or https, a public address)')
    .addOption(eventsOption(true))
    .option('--disabled', 'add it turned off')
    .action((url: string, options: { events: EventName[]; disabled?: boolean }, command: Command) =>
      run(command, (context) => add(context, url, options), { fields: FIELDS }),
    );
  webhooks
    .command('get')
    .description('show a webhook')
    .argument('<id>', 'its id')
    .action((reference: string, _options: object, command: Command) => run(command, (context) => get(context, reference)));
  webhooks
    .command('update')
    .description('change a webhook')
    .argument('<id>', 'its id')
    .option('--url <url>', 'where the events are sent')
    .addOption(eventsOption(false))
    .option('--enable', 'turn it on (again): its deliveries resume')
    .option('--disable', 'turn it off')
    .action((reference: string, options: { url?: string; events?: EventName[]; enable?: boolean; disable?: boolean }, command: Command) => {
      if (options.enable && options.disable) return run(command, () => Promise.reject(usageError('--enable or --disable, not both')));
      const enabled = options.enable ? true : options.disable ? false : undefined;
      return run(command, (context) => update(context, reference, { url: options.url, events: options.events, enabled }), {
        fields: { ...FIELDS, url: '--url', enabled: '--enable/--disable' },
      });
    });
  webhooks
    .command('delete')
    .description('delete a webhook and its deliveries; asks first on a terminal')
    .argument('<id>', 'its id')
    .option(...YES_OPTION)
    .action((reference: string, options: { yes?: boolean }, command: Command) =>
      run(command, (context) => remove(context, reference, options.yes)),
    );
  webhooks
    .command('deliveries')
    .description("a webhook's deliveries, newest first")
    .argument('<id>', 'its id')
    .addOption(new Option('--limit <n>', 'how many to show (at most 100)').argParser(integer(1, 100)).default(15))
    .action((reference: string, options: { limit: number }, command: Command) =>
      run(command, (context) => deliveries(context, reference, options)),
    );
  webhooks
    .command('replay')
    .description('send a delivery again')
    .argument('<id>', 'the webhook id')
    .argument('<delivery>', 'the delivery id')
    .action((reference: string, delivery: string, _options: object, command: Command) =>
      run(command, (context) => replay(context, reference, delivery)),
    );
}
