import { useState, type FormEvent } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { CompareChart, type Compared } from '../components/CompareChart';
import { StatsControls } from '../components/StatsControls';
import { ErrorState, Loading } from '../components/states';
import { useCampaignChoices } from '../resources/campaigns';
import { useLinks } from '../resources/links';
import { useTagChoices } from '../resources/tags';
import { comparedKey, defaultRange, useCompared, type ComparedItem, type Range } from '../resources/stats';

/** At most this many on one chart: more lines than that cannot be told apart. */
export const MOST_COMPARED = 5;

export interface CompareSearch {
  links?: number[];
  campaigns?: number[];
  tags?: string[];
}

/** What an item is called until its name is known. */
const placeholder = (item: ComparedItem): string =>
  item.of === 'tag' ? `Tag ${item.name}` : `${item.of === 'link' ? 'Link' : 'Campaign'} ${item.id}`;

/**
 * Two to five links, campaigns or tags over the same range on one chart, each a line of its own
 * colour. What is compared is in the page's address (`?links=[3,9]&campaigns=[2]&tags=["spring"]`):
 * a comparison can be bookmarked and shared with the team.
 */
export default function ComparePage() {
  const search = useSearch({ from: '/compare' });
  const navigate = useNavigate({ from: '/compare' });
  const [range, setRange] = useState<Range>(defaultRange);
  const items: ComparedItem[] = [
    ...(search.links ?? []).map((id) => ({ of: 'link' as const, id })),
    ...(search.campaigns ?? []).map((id) => ({ of: 'campaign' as const, id })),
    ...(search.tags ?? []).map((name) => ({ of: 'tag' as const, name })),
  ];
  const compared = useCompared(items, range);
  const full = items.length >= MOST_COMPARED;

  const change = (next: ComparedItem[]) => {
    const links = next.flatMap((item) => (item.of === 'link' ? [item.id] : []));
    const campaigns = next.flatMap((item) => (item.of === 'campaign' ? [item.id] : []));
    const tags = next.flatMap((item) => (item.of === 'tag' ? [item.name] : []));
    void navigate({
      search: {
        links: links.length ? links : undefined,
        campaigns: campaigns.length ? campaigns : undefined,
        tags: tags.length ? tags : undefined,
      },
    });
  };
  const add = (item: ComparedItem) => {
    if (full || items.some((other) => comparedKey(other) === comparedKey(item))) return;
    change([...items, item]);
  };
  const remove = (item: ComparedItem) => change(items.filter((other) => comparedKey(other) !== comparedKey(item)));

  const failed = compared.find((entry) => entry.series.isError || entry.name.isError);
  const ready = compared.every((entry) => entry.series.data && entry.name.data);
  const lines: Compared[] = ready
    ? compared.map((entry, index) => ({ name: entry.name.data!, color: index + 1, series: entry.series.data! }))
    : [];

  return (
    <main id="main">
      <h1 tabIndex={-1}>Compare</h1>
      <p className="muted">
        Two to {MOST_COMPARED} links, campaigns or tags on one chart, over the same range. The comparison is in the page&apos;s address, to
        bookmark or share.
      </p>
      {items.length > 0 && (
        <ul className="compared" aria-label="Compared">
          {compared.map((entry, index) => (
            <li key={comparedKey(entry.item)}>
              <span className="swatch" style={{ background: `var(--compare-${index + 1})` }} aria-hidden="true" />
              <bdi>{entry.name.data ?? placeholder(entry.item)}</bdi>
              <button
                type="button"
                className="small secondary"
                aria-label={`Remove ${entry.name.data ?? placeholder(entry.item)} from the comparison`}
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
        <TagChooser disabled={full} onChoose={(name) => add({ of: 'tag', name })} />
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

/**
 * One of the account's campaigns or tags, chosen from a list and added with its button: the value
 * of each choice is what `onChoose` is given (a campaign's id as text, a tag's name).
 */
function ChoiceCard({
  id,
  title,
  label,
  choices,
  disabled,
  onChoose,
}: {
  id: string;
  title: string;
  label: string;
  choices: { value: string; name: string }[] | undefined;
  disabled: boolean;
  onChoose: (value: string) => void;
}) {
  const [chosen, setChosen] = useState('');
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <form
        className="share-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen) onChoose(chosen);
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-choice`}>{label}</label>
          <select id={`${id}-choice`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">Choose…</option>
            {choices?.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.name}
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

function CampaignChooser({ disabled, onChoose }: { disabled: boolean; onChoose: (id: number) => void }) {
  const campaigns = useCampaignChoices();
  return (
    <ChoiceCard
      id="compare-campaign"
      title="Add a campaign"
      label="Campaign"
      choices={campaigns.data?.map((campaign) => ({ value: String(campaign.id), name: campaign.name }))}
      disabled={disabled}
      onChoose={(value) => onChoose(Number(value))}
    />
  );
}

/** A tag of the account: the clicks of the links carrying it. */
function TagChooser({ disabled, onChoose }: { disabled: boolean; onChoose: (name: string) => void }) {
  const tags = useTagChoices();
  return (
    <ChoiceCard
      id="compare-tag"
      title="Add a tag"
      label="Tag (its links' clicks)"
      choices={tags.data?.map((tag) => ({ value: tag.name, name: tag.name }))}
      disabled={disabled}
      onChoose={onChoose}
    />
  );
}
