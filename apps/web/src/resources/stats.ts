import { api, type Schemas } from '../api';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { keyOf, usePage } from './hooks';
import { addDays, browserTimeZone, daysBetween, isoDay } from '../format';
import type { StatsFilters } from '../components/stats-filters';

export type Interval = 'hour' | 'day' | 'week' | 'month';

/** What a chart shows: from a day to another (excluded), by bucket, in a time zone, with the period before or not. */
export interface Range {
  from: string;
  /** Excluded: the day after the last one shown. */
  to: string;
  interval: Interval;
  tz: string;
  compare: boolean;
}

export function defaultRange(): Range {
  const tomorrow = addDays(isoDay(new Date()), 1);
  return { from: addDays(tomorrow, -30), to: tomorrow, interval: 'day', tz: browserTimeZone(), compare: false };
}

/** The period just before, of the same number of days. */
export function previousRange(range: Range): Range {
  const days = daysBetween(range.from, range.to);
  return { ...range, from: addDays(range.from, -days), to: range.from };
}

export type Series = Schemas['ClickSeries'];

/** What a series asks: its range, buckets and zone. */
const query = (range: Range) => ({ from: range.from, to: range.to, interval: range.interval, tz: range.tz });

/**
 * A series of clicks over time (a link's, a QR code's scans, a campaign's, a bio page's or one of
 * its buttons', the account's), kept under `stats`: a click written, a link deleted, refresh it.
 */
export type SeriesOf =
  | { of: 'link'; id: number }
  | { of: 'qr'; id: number }
  | { of: 'campaign'; id: number }
  | { of: 'bio'; id: number }
  | { of: 'block'; id: number; block: number }
  | { of: 'account' }
  /** A branded domain's orphan visits (its root, unknown aliases, links not open). */
  | { of: 'domain'; id: number }
  /** The account's links carrying a tag. */
  | { of: 'tag'; name: string }
  /** A shared report's link or campaign, read by its token without signing in. */
  | { of: 'shared'; token: string };

/** The series of the range, of the clicks every filter given keeps (a country, a referrer...). */
export function useSeries(target: SeriesOf, range: Range, enabled = true, filters: StatsFilters = {}) {
  return usePage('stats', [target, query(range), filters], () => fetchSeries(target, range, filters), { enabled });
}

/** Every country with clicks, for the map (the lists show their first ten): the most a top list holds. */
const TOP_VALUES = 250;

async function fetchSeries(target: SeriesOf, range: Range, filters: StatsFilters): Promise<Series> {
  // A link's clicks have a variant and no orphan kind; a domain's orphan visits the other way round.
  const { kind, alias, variant, ...common } = filters;
  const q = { ...query(range), ...common, variant, top: TOP_VALUES };
  switch (target.of) {
    case 'link':
      return (await api.GET('/url/{id}/stats', { params: { path: { id: target.id }, query: q } })).data.data;
    case 'qr':
      return (await api.GET('/qr/{id}/stats', { params: { path: { id: target.id }, query: q } })).data.data;
    case 'campaign':
      return (await api.GET('/campaign/{id}/stats', { params: { path: { id: target.id }, query: q } })).data.data;
    case 'bio':
      return (await api.GET('/bio/{id}/stats', { params: { path: { id: target.id }, query: q } })).data.data;
    case 'block':
      return (await api.GET('/bio/{id}/block/{blockid}/stats', { params: { path: { id: target.id, blockid: target.block }, query: q } }))
        .data.data;
    case 'account':
      return (await api.GET('/stats', { params: { query: q } })).data.data;
    case 'tag':
      return (await api.GET('/tag/{name}/stats', { params: { path: { name: target.name }, query: q } })).data.data;
    case 'domain': {
      const orphans = { ...query(range), ...common, kind: kind as 'root' | 'unknown' | 'expired' | undefined, alias, top: TOP_VALUES };
      return (await api.GET('/domain/{id}/orphans', { params: { path: { id: target.id }, query: orphans } })).data.data;
    }
    case 'shared':
      return (await api.GET('/shared/{token}/stats', { params: { path: { token: target.token }, query: q } })).data.data;
  }
}

/** What a comparison holds: the account's links and campaigns, by id, and its tags, by name. */
export type ComparedItem = { of: 'link'; id: number } | { of: 'campaign'; id: number } | { of: 'tag'; name: string };

/** An item's key in a list: its kind and its id or name. */
export const comparedKey = (item: ComparedItem): string => (item.of === 'tag' ? `tag-${item.name}` : `${item.of}-${item.id}`);

/**
 * The series of each item compared over one range, and its name (a link's title or short URL, a
 * campaign's name), under the same keys their own pages use: a page opened after it is at once.
 */
export function useCompared(items: ComparedItem[], range: Range) {
  const names = useQueries({
    queries: items.map((item) =>
      item.of === 'tag'
        ? {
            // A tag is named by itself: nothing to ask the service.
            queryKey: keyOf('tags', 'name', item.name),
            queryFn: () => Promise.resolve(item.name),
            select: (name: string) => `Tag ${name}`,
            staleTime: Infinity,
          }
        : item.of === 'link'
          ? {
              queryKey: keyOf('links', 'one', item.id),
              queryFn: async () => (await api.GET('/url/{id}', { params: { path: { id: item.id } } })).data,
              select: (answer: { details: Schemas['LinkDetails'] }) => answer.details.title || answer.details.shorturl,
            }
          : {
              queryKey: keyOf('campaigns', 'one', item.id),
              queryFn: async () => (await api.GET('/campaign/{id}', { params: { path: { id: item.id } } })).data.data,
              select: (campaign: Schemas['Campaign']) => `Campaign ${campaign.name}`,
            },
    ),
  });
  const series = useQueries({
    queries: items.map((item) => ({
      queryKey: keyOf('stats', 'list', item, query(range), {}),
      queryFn: () => fetchSeries(item, range, {}),
      placeholderData: keepPreviousData,
    })),
  });
  return items.map((item, index) => ({ item, name: names[index]!, series: series[index]! }));
}

/**
 * A link's A/B split over the range: the series of each variant's clicks (its letter as the
 * `variant` filter), with the other filters in force, under the keys a filtered page uses.
 */
export function useVariantSeries(id: number, letters: string[], range: Range, filters: StatsFilters) {
  return useQueries({
    queries: letters.map((variant) => {
      // Each variant's own letter, whatever variant the page is narrowed to.
      const only: StatsFilters = { ...filters, variant };
      const target: SeriesOf = { of: 'link', id };
      return {
        queryKey: keyOf('stats', 'list', target, query(range), only),
        queryFn: () => fetchSeries(target, range, only),
        placeholderData: keepPreviousData,
      };
    }),
  });
}
