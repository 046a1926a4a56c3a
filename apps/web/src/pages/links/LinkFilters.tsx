import { useCampaignChoices } from '../../resources/campaigns';
import { useChannelChoices } from '../../resources/channels';
import { useDomainChoices } from '../../resources/domains';
import { useTagChoices } from '../../resources/tags';
import { formatDay } from '../../format';

/** The filters of the links list, as its address keeps them (a view can be bookmarked and shared). */
export interface LinkFilterSearch {
  /** The links carrying every one of these tags. */
  tag?: string[];
  campaign?: number;
  channel?: number;
  /** A branded domain's URL, or `default`: the service's own address. */
  domain?: string;
  status?: 'public' | 'private';
  state?: 'active' | 'expired' | 'limited' | 'scheduled';
  /** Made on or after this day (YYYY-MM-DD, the browser's time zone). */
  from?: string;
  /** Made on or before this day (YYYY-MM-DD, the browser's time zone). */
  until?: string;
  /** The archived links too, or only them (without it: none of them). */
  archived?: 'include' | 'only';
}

export const FILTER_KEYS = ['tag', 'campaign', 'channel', 'domain', 'status', 'state', 'from', 'until', 'archived'] as const;

/** How many filters the address holds. */
export const filterCount = (search: LinkFilterSearch) => FILTER_KEYS.filter((key) => search[key] !== undefined).length;

/** A day's first instant in the browser's time zone, as the API reads an instant. */
function dayStart(day: string, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + plusDays).toISOString();
}

/** The API's query of the filters: the days as instants (the day `until` names included). */
export function apiFilters(search: LinkFilterSearch) {
  return {
    tag: search.tag?.length ? search.tag : undefined,
    campaign: search.campaign,
    channel: search.channel,
    domain: search.domain,
    status: search.status,
    state: search.state,
    from: search.from ? dayStart(search.from) : undefined,
    to: search.until ? dayStart(search.until, 1) : undefined,
    archived: search.archived,
  };
}

const STATUS_NAMES = { public: 'Public', private: 'Private' } as const;
const STATE_NAMES = {
  active: 'Active',
  expired: 'Expired or over its click limit',
  limited: 'Over its click limit',
  scheduled: 'Not started yet',
} as const;
const ARCHIVED_NAMES = { include: 'Archived too', only: 'Only archived' } as const;

/**
 * The list's filters: a panel of choices (opened with its button, a native disclosure), and each
 * filter in force as a button that takes it away. Every change is made on the address (`onChange`).
 */
export function LinkFilters({ search, onChange }: { search: LinkFilterSearch; onChange: (changes: LinkFilterSearch) => void }) {
  const tags = useTagChoices();
  const campaigns = useCampaignChoices();
  const channels = useChannelChoices();
  const domains = useDomainChoices();
  const chosen = search.tag ?? [];
  const campaignName = campaigns.data?.find((campaign) => campaign.id === search.campaign)?.name;
  const channelName = channels.data?.find((channel) => channel.id === search.channel)?.name;
  const number = (text: string) => (text ? Number(text) : undefined);

  // Each filter in force: what it says, and how to take it away.
  const inForce: { key: string; label: string; remove: LinkFilterSearch }[] = [
    ...chosen.map((tag) => ({
      key: `tag:${tag}`,
      label: `Tagged ${tag}`,
      remove: { tag: chosen.length > 1 ? chosen.filter((other) => other !== tag) : undefined },
    })),
    ...(search.campaign !== undefined
      ? [{ key: 'campaign', label: `Campaign: ${campaignName ?? search.campaign}`, remove: { campaign: undefined } }]
      : []),
    ...(search.channel !== undefined
      ? [{ key: 'channel', label: `Channel: ${channelName ?? search.channel}`, remove: { channel: undefined } }]
      : []),
    ...(search.domain !== undefined
      ? [
          {
            key: 'domain',
            label: `Domain: ${search.domain === 'default' ? "the service's own" : search.domain}`,
            remove: { domain: undefined },
          },
        ]
      : []),
    ...(search.status ? [{ key: 'status', label: STATUS_NAMES[search.status], remove: { status: undefined } }] : []),
    ...(search.state ? [{ key: 'state', label: STATE_NAMES[search.state], remove: { state: undefined } }] : []),
    ...(search.from ? [{ key: 'from', label: `Made from ${formatDay(search.from)}`, remove: { from: undefined } }] : []),
    ...(search.until ? [{ key: 'until', label: `Made until ${formatDay(search.until)}`, remove: { until: undefined } }] : []),
    ...(search.archived ? [{ key: 'archived', label: ARCHIVED_NAMES[search.archived], remove: { archived: undefined } }] : []),
  ];
  const clearAll = Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])) as LinkFilterSearch;

  return (
    <>
      <details className="filter-panel">
        <summary>Filters{inForce.length > 0 ? ` (${inForce.length})` : ''}</summary>
        <div className="filter-grid">
          <label htmlFor="tag-filter">Tag</label>
          <select id="tag-filter" value="" onChange={(e) => e.target.value && onChange({ tag: [...chosen, e.target.value] })}>
            <option value="">{chosen.length ? 'Add a tag…' : 'Any tag'}</option>
            {tags.data
              ?.filter((choice) => !chosen.includes(choice.name))
              .map((choice) => (
                <option key={choice.name} value={choice.name}>
                  {choice.name} ({choice.links})
                </option>
              ))}
          </select>
          <label htmlFor="campaign-filter">Campaign</label>
          <select id="campaign-filter" value={search.campaign ?? ''} onChange={(e) => onChange({ campaign: number(e.target.value) })}>
            <option value="">Any campaign</option>
            {campaigns.data?.map((campaign) => (
              <option key={campaign.id} value={campaign.id}>
                {campaign.name}
              </option>
            ))}
          </select>
          <label htmlFor="channel-filter">Channel</label>
          <select id="channel-filter" value={search.channel ?? ''} onChange={(e) => onChange({ channel: number(e.target.value) })}>
            <option value="">Any channel</option>
            {channels.data?.map((channel) => (
              <option key={channel.id} value={channel.id}>
                {channel.name}
              </option>
            ))}
          </select>
          <label htmlFor="domain-filter">Domain</label>
          <select id="domain-filter" value={search.domain ?? ''} onChange={(e) => onChange({ domain: e.target.value || undefined })}>
            <option value="">Any domain</option>
            <option value="default">The service&apos;s own address</option>
            {domains.data?.map((domain) => (
              <option key={domain.id} value={domain.domain}>
                {domain.domain}
              </option>
            ))}
          </select>
          <label htmlFor="status-filter">Visibility</label>
          <select
            id="status-filter"
            value={search.status ?? ''}
            onChange={(e) => onChange({ status: (e.target.value || undefined) as LinkFilterSearch['status'] })}
          >
            <option value="">Public and private</option>
            <option value="public">Public</option>
            <option value="private">Private</option>
          </select>
          <label htmlFor="state-filter">State</label>
          <select
            id="state-filter"
            value={search.state ?? ''}
            onChange={(e) => onChange({ state: (e.target.value || undefined) as LinkFilterSearch['state'] })}
          >
            <option value="">Any state</option>
            <option value="active">Active</option>
            <option value="expired">Expired or over its click limit</option>
            <option value="limited">Over its click limit</option>
            <option value="scheduled">Not started yet</option>
          </select>
          <label htmlFor="from-filter">Made from</label>
          <input id="from-filter" type="date" value={search.from ?? ''} onChange={(e) => onChange({ from: e.target.value || undefined })} />
          <label htmlFor="archived-filter">Archived</label>
          <select
            id="archived-filter"
            value={search.archived ?? ''}
            onChange={(e) => onChange({ archived: (e.target.value || undefined) as LinkFilterSearch['archived'] })}
          >
            <option value="">Not archived</option>
            <option value="include">Archived too</option>
            <option value="only">Only archived</option>
          </select>
          <label htmlFor="until-filter">Made until</label>
          <input
            id="until-filter"
            type="date"
            value={search.until ?? ''}
            onChange={(e) => onChange({ until: e.target.value || undefined })}
          />
        </div>
      </details>
      {inForce.length > 0 && (
        <div className="filters" role="group" aria-label="Filters in force">
          {inForce.map((filter) => (
            <button
              key={filter.key}
              type="button"
              className="secondary chip-filter"
              onClick={() => {
                onChange(filter.remove);
                // The button goes with its filter: the focus goes back to the panel.
                document.querySelector<HTMLElement>('.filter-panel summary')?.focus();
              }}
              aria-label={`Remove the filter ${filter.label}`}
            >
              <bdi>{filter.label}</bdi> ×
            </button>
          ))}
          {inForce.length > 1 && (
            <button type="button" className="secondary" onClick={() => onChange(clearAll)}>
              Clear all
            </button>
          )}
        </div>
      )}
    </>
  );
}
