import { useState, type FormEvent } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { CompareChart, type Compared } from '../components/CompareChart';
import { StatsControls } from '../components/StatsControls';
import { ErrorState, Loading } from '../components/states';
import { useCampaignChoices } from '../resources/campaigns';
import { useLinks } from '../resources/links';
import { defaultRange, useCompared, type ComparedItem, type Range } from '../resources/stats';

/** At most this many on one chart: more lines than that cannot be told apart. */
export const MOST_COMPARED = 5;

export interface CompareSearch {
  links?: number[];
  campaigns?: number[];
}

/**
 * Two to five links or campaigns over the same range on one chart, each a line of its own colour.
 * What is compared is in the page's address (`?links=[3,9]&campaigns=[2]`): a comparison can be
 * bookmarked and shared with the team.
 */
export default function ComparePage() {
  const search = useSearch({ from: '/compare' });
  const navigate = useNavigate({ from: '/compare' });
  const [range, setRange] = useState<Range>(defaultRange);
  const items: ComparedItem[] = [
    ...(search.links ?? []).map((id) => ({ of: 'link' as const, id })),
    ...(search.campaigns ?? []).map((id) => ({ of: 'campaign' as const, id })),
  ];
  const compared = useCompared(items, range);
  const full = items.length >= MOST_COMPARED;

  const change = (links: number[], campaigns: number[]) =>
    void navigate({ search: { links: links.length ? links : undefined, campaigns: campaigns.length ? campaigns : undefined } });
  const add = (item: ComparedItem) => {
    const links = search.links ?? [];
    const campaigns = search.campaigns ?? [];
    if (full) return;
    if (item.of === 'link' && !links.includes(item.id)) change([...links, item.id], campaigns);
    if (item.of === 'campaign' && !campaigns.includes(item.id)) change(links, [...campaigns, item.id]);
  };
  const remove = (item: ComparedItem) =>
    change(
      (search.links ?? []).filter((id) => item.of !== 'link' || id !== item.id),
      (search.campaigns ?? []).filter((id) => item.of !== 'campaign' || id !== item.id),
    );

  const failed = compared.find((entry) => entry.series.isError || entry.name.isError);
  const ready = compared.every((entry) => entry.series.data && entry.name.data);
  const lines: Compared[] = ready
    ? compared.map((entry, index) => ({ name: entry.name.data!, color: index + 1, series: entry.series.data! }))
    : [];

  return (
    <main id="main">
      <h1 tabIndex={-1}>Compare</h1>
      <p className="muted">
        Two to {MOST_COMPARED} links or campaigns on one chart, over the same range. The comparison is in the page&apos;s address, to
        bookmark or share.
      </p>
      {items.length > 0 && (
        <ul className="compared" aria-label="Compared">
          {compared.map((entry, index) => (
            <li key={`${entry.item.of}-${entry.item.id}`}>
              <span className="swatch" style={{ background: `var(--compare-${index + 1})` }} aria-hidden="true" />
              <bdi>{entry.name.data ?? `${entry.item.of === 'link' ? 'Link' : 'Campaign'} ${entry.item.id}`}</bdi>
              <button
                type="button"
                className="small secondary"
                aria-label={`Remove ${entry.name.data ?? entry.item.id} from the comparison`}
                onClick={() => remove(entry.item)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="columns">
        <LinkChooser disabled={full} onChoose={(id) => add({ of: 'link', id })} />
        <CampaignChooser disabled={full} onChoose={(id) => add({ of: 'campaign', id })} />
      </div>
      {full && <p className="muted small">Five at most: remove one to add another.</p>}
      <h2>Clicks over time</h2>
      <StatsControls range={range} onChange={setRange} previous={false} />
      {items.length < 2 ? (
        <p>Choose {items.length === 0 ? 'two' : 'one more'} to compare.</p>
      ) : failed ? (
        <ErrorState error={failed.series.error ?? failed.name.error} />
      ) : ready ? (
        <CompareChart lines={lines} title="Clicks compared" />
      ) : (
        <Loading label="Loading the clicks" />
      )}
    </main>
  );
}

/** A link found by its alias, address or title, added with its button. */
function LinkChooser({ disabled, onChoose }: { disabled: boolean; onChoose: (id: number) => void }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const found = useLinks({ q, page: 1, limit: 5 });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };
  return (
    <section className="card" aria-labelledby="compare-link">
      <h2 id="compare-link">Add a link</h2>
      <form onSubmit={submit} className="share-form" role="search">
        <div className="field">
          <label htmlFor="compare-link-search">Alias, address or title</label>
          <input id="compare-link-search" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <button type="submit" className="secondary">
          Find
        </button>
      </form>
      {q !== '' && found.data && (
        <ul className="reports">
          {found.data.urls.length === 0 && <li>No link matches.</li>}
          {found.data.urls.map((link) => (
            <li key={link.id}>
              <bdi>{link.title || link.shorturl}</bdi>
              <button
                type="button"
                className="small"
                disabled={disabled}
                onClick={() => onChoose(link.id)}
                aria-label={`Compare ${link.shorturl}`}
              >
                Compare
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CampaignChooser({ disabled, onChoose }: { disabled: boolean; onChoose: (id: number) => void }) {
  const campaigns = useCampaignChoices();
  const [chosen, setChosen] = useState('');
  return (
    <section className="card" aria-labelledby="compare-campaign">
      <h2 id="compare-campaign">Add a campaign</h2>
      <form
        className="share-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen) onChoose(Number(chosen));
        }}
      >
        <div className="field">
          <label htmlFor="compare-campaign-choice">Campaign</label>
          <select id="compare-campaign-choice" value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">Choose…</option>
            {campaigns.data?.map((campaign) => (
              <option key={campaign.id} value={String(campaign.id)}>
                {campaign.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="secondary" disabled={disabled || !chosen}>
          Compare
        </button>
      </form>
    </section>
  );
}
