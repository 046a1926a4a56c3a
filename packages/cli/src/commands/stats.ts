import type { components, paths } from '@linkyard/client';
import { plot } from 'asciichart';
import { Option, type Command } from 'commander';
import type { Context } from '../context';
import { every } from '../options';
import { clean, type Cell } from '../output';
import { defaultInterval, isoSecond, parseSince, sinceStart, type Interval, type Since } from '../range';
import { resolveLink } from '../resolve';
import { run } from '../run';
import type { FieldNames } from '../errors';

type LinkQuery = NonNullable<paths['/url/{id}/stats']['get']['parameters']['query']>;
type OrphanQuery = NonNullable<paths['/domain/{id}/orphans']['get']['parameters']['query']>;
type StatsQuery = LinkQuery & OrphanQuery;
type ClickSeries = components['schemas']['ClickSeries'];
type ClickBucket = components['schemas']['ClickBucket'];
type Range = 'from' | 'to' | 'interval' | 'tz' | 'top';
type FilterName = Exclude<keyof StatsQuery, Range>;

const INTERVALS = every<Interval>()('hour', 'day', 'week', 'month');
const FILTERS = every<Exclude<keyof LinkQuery, Range>>()(
  'country',
  'referrer',
  'browser',
  'os',
  'device',
  'social',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'variant',
);
/** A branded domain's orphan visits: what they reached and the alias asked for, and no A/B variant. */
export const ORPHAN_FILTERS = every<Exclude<keyof OrphanQuery, Range>>()(
  'country',
  'referrer',
  'browser',
  'os',
  'device',
  'social',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'kind',
  'alias',
);

/** How each top list is headed; the compiler checks that every list of the answer has a name. */
const TOP_NAMES: Record<keyof ClickSeries['top'], string> = {
  countries: 'Countries',
  referrers: 'Referrers',
  browsers: 'Browsers',
  os: 'Systems',
  devices: 'Devices',
  social: 'Social',
  utmSources: 'UTM sources',
  utmMediums: 'UTM mediums',
  utmCampaigns: 'UTM campaigns',
  variants: 'A/B variants',
  kinds: 'Reached',
  aliases: 'Aliases asked',
};

/** `utm_source` is the option `--utm-source`, which commander names `utmSource`. */
const flagOf = (filter: FilterName) => filter.replace(/_/g, '-');
const keyOf = (filter: FilterName) => filter.replace(/_(\w)/g, (_match, letter: string) => letter.toUpperCase());

export type StatsOptions = {
  since?: Since;
  from?: string;
  to?: string;
  interval?: Interval;
  tz?: string;
} & Record<string, unknown>;

/** The query of the stats operation from the options. */
export function statsQuery(options: StatsOptions, clock: Date, filters: readonly FilterName[] = FILTERS): StatsQuery {
  // To the second, as the API is sent it: `--since 2d` is then exactly two days, hourly.
  const now = new Date(Math.floor(clock.getTime() / 1000) * 1000);
  const query: StatsQuery = {};
  if (options.since) query.from = isoSecond(sinceStart(options.since, now));
  else if (options.from !== undefined) query.from = options.from;
  if (options.to !== undefined) query.to = options.to;
  query.interval = options.interval ?? defaultInterval(query.from, query.to, now);
  if (options.tz !== undefined) query.tz = options.tz;
  for (const filter of filters) {
    const value = options[keyOf(filter)];
    if (typeof value === 'string') (query as Record<string, string>)[filter] = value;
  }
  return query;
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A bucket's start as people read it: the date, and the hour for hourly buckets (in the zone asked). */
const bucketLabel = (start: string, interval: string): string =>
  interval === 'hour' ? start.slice(0, 16).replace('T', ' ') : start.slice(0, 10);

/**
 * The clicks as a line chart, one column a bucket. A series wider than the terminal is drawn with
 * consecutive buckets added up, and says so, rather than wrapping into an unreadable picture.
 */
function chart(series: ClickBucket[], interval: string, width: number): string[] {
  const clicks = series.map((bucket) => bucket.clicks);
  const max = Math.max(...clicks);
  const labelWidth = Math.max(3, String(max).length);
  const room = Math.max(10, width - labelWidth - 2);
  const group = Math.ceil(clicks.length / room);
  const points: number[] = [];
  for (let index = 0; index < clicks.length; index += group) {
    points.push(clicks.slice(index, index + group).reduce((sum, value) => sum + value, 0));
  }
  const top = Math.max(...points);
  const lines = plot(points, {
    // A row per click up to ten rows, so that small counts are not drawn between whole numbers.
    height: Math.max(1, Math.min(10, top)),
    min: 0,
    format: (value) => String(Math.round(value)).padStart(labelWidth),
  }).split('\n');

  // The first point is drawn on the axis, one column after the labels.
  const first = bucketLabel(series[0]!.start, interval);
  const last = bucketLabel(series[series.length - 1]!.start, interval);
  const span = points.length;
  const under =
    span >= first.length + last.length + 2
      ? `${' '.repeat(labelWidth + 1)}${first}${' '.repeat(span - first.length - last.length)}${last}`
      : `${' '.repeat(labelWidth + 1)}${first} … ${last}`;
  lines.push(under);
  if (group > 1) lines.push(`${' '.repeat(labelWidth + 1)}(each column adds up ${group} ${interval}s)`);
  return lines;
}

/** The series drawn: its title line, the chart, the totals and the top lists (and the top links of the account). */
export function showSeries(context: Context, subject: string, data: ClickSeries, noun: 'click' | 'visit' = 'click'): void {
  const { output } = context;
  output.data(data);
  output.line(
    `${noun === 'visit' ? 'Orphan visits' : 'Clicks'} of ${subject}, ${bucketLabel(data.from, data.interval)} to ${bucketLabel(data.to, data.interval)} by ${data.interval} (${clean(data.tz)})`,
  );
  const filters = Object.entries(data.filters);
  if (filters.length > 0) output.line(`Only ${noun}s with ${filters.map(([filter, value]) => `${filter} ${clean(value)}`).join(', ')}`);
  output.line();
  if (data.series.length > 0 && data.series.some((bucket) => bucket.clicks > 0)) {
    for (const line of chart(data.series, data.interval, output.width)) output.line(line);
  } else {
    output.line(`No ${noun}s in this range.`);
  }
  output.line();

  const { totals } = data;
  const visitors = totals.visitors === null ? '' : ` from ${plural(totals.visitors, 'visitor')}`;
  const bots = totals.bots === null ? '' : ` (and ${plural(totals.bots, `bot ${noun}`)}, counted apart)`;
  output.line(`Total: ${plural(totals.clicks, noun)}${visitors}${bots}`);

  if (data.topLinks && data.topLinks.length > 0) {
    output.line();
    output.table(
      ['Top links', 'ID', 'Clicks'],
      data.topLinks.map((link) => [link.shorturl, link.id, link.clicks]),
      { align: ['left', 'right', 'right'] },
    );
  }
  const rows: Cell[][] = [];
  for (const [key, label] of Object.entries(TOP_NAMES) as [keyof ClickSeries['top'], string][]) {
    data.top[key]?.forEach((entry, index) => rows.push([index === 0 ? label : '', entry.value, entry.clicks]));
  }
  if (rows.length > 0) {
    output.line();
    output.table(['Top', 'Value', 'Clicks'], rows, { align: ['left', 'left', 'right'] });
  }
}

async function stats(context: Context, reference: string | undefined, options: StatsOptions): Promise<void> {
  const { client } = context;
  const query = statsQuery(options, new Date());
  if (reference === undefined) {
    const { data } = (await client.GET('/stats', { params: { query } })).data;
    return showSeries(context, 'the account', data);
  }
  const link = await resolveLink(client, reference);
  const { data } = (await client.GET('/url/{id}/stats', { params: { path: { id: link.id }, query } })).data;
  showSeries(context, link.summary ? clean(link.summary.shorturl) : `link ${link.id}`, data);
}

/** The options of a range, its buckets and its filters, shared by the statistics of links, QR codes and the account. */
export function rangeOptions(command: Command, filters: readonly FilterName[] = FILTERS): Command {
  command
    .addOption(
      new Option('--since <age>', 'from this long ago until now: 12h, 7d, 4w, 6m (months)').argParser(parseSince).conflicts('from'),
    )
    .option('--from <date>', 'start: a date (2026-11-01) or a date and time with its offset (2026-11-01T08:00:00Z)')
    .option('--to <date>', 'end, excluded (default: now)')
    .addOption(
      new Option('--interval <interval>', 'bucket size (default: by the range: hour up to 2 days, day up to 92, week beyond)').choices(
        INTERVALS,
      ),
    )
    .option('--tz <zone>', 'the IANA time zone of the buckets (default: UTC)');
  for (const filter of filters)
    command.option(`--${flagOf(filter)} <value>`, FILTER_HELP[filter] ?? `only clicks with this ${filter.replace('_', ' ')}`);
  return command.addHelpText('after', '\nWithout --since or --from: the last 30 days.');
}

/** The options by the query parameter each fills, for the service's errors about them. */
export const RANGE_FIELDS: FieldNames = Object.fromEntries([
  ...['from', 'to', 'interval', 'tz'].map((name): [string, string] => [name, `--${name}`]),
  ...[...new Set([...FILTERS, ...ORPHAN_FILTERS])].map((filter): [string, string] => [filter, `--${flagOf(filter)}`]),
]);

/** The filters whose help says more than "only clicks with this ...". */
const FILTER_HELP: Partial<Record<FilterName, string>> = {
  kind: 'only visits that reached this: root, unknown (an alias nothing holds) or expired (a link not open)',
  alias: 'only visits that asked for this alias',
};

/** `linkyard stats`. */
export function registerStats(program: Command): void {
  const command = program
    .command('stats')
    .description("draw the clicks of a link over time, or of the whole account's links, with the totals and top lists")
    .argument('[link]', 'the link: its id, its alias, or its short URL (default: every link of the account)');
  rangeOptions(command).action((reference: string | undefined, options: StatsOptions, self: Command) =>
    run(self, (context) => stats(context, reference, options), { fields: RANGE_FIELDS }),
  );
}
