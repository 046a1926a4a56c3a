import { useState } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import type { StatsFilters } from '../../components/stats-filters';
import { OriginTops, Stats } from '../../components/Stats';
import { StatsControls } from '../../components/StatsControls';
import { RecordGate } from '../../components/RecordGate';
import { RecordTitle } from '../../components/RecordTitle';
import { defaultRange, type Range } from '../../resources/stats';
import { useDomain, type Domain } from '../../resources/domains';
import { plural } from '../../format';
import { RedirectFacts } from './RedirectFacts';

/** Where orphan visits came from: every list of a link's statistics but its A/B variants. */
const ORIGIN_LISTS = ['countries', 'referrers', 'browsers', 'os', 'devices', 'utmSources', 'utmMediums', 'utmCampaigns'] as const;

/** One branded domain: its redirects, and its orphan visits (visits that reached no link) over time. */
export default function DomainPage() {
  const { id } = useParams({ from: '/domains/$id' });
  const details = useDomain(id);
  return (
    <RecordGate query={details} id={id} noun="domain" list="/domains">
      {(domain) => <DomainView domain={domain} />}
    </RecordGate>
  );
}

function DomainView({ domain }: { domain: Domain }) {
  const [range, setRange] = useState<Range>(defaultRange);
  const navigate = useNavigate();
  const filters = useSearch({ from: '/domains/$id' });
  const filter = (changes: StatsFilters) =>
    void navigate({ to: '/domains/$id', params: { id: domain.id }, search: (current) => ({ ...current, ...changes }), replace: true });
  return (
    <main id="main">
      <RecordTitle list="/domains" name={domain.domain} />
      <dl className="facts">
        <RedirectFacts domain={domain} />
      </dl>
      <h2>Orphan visits</h2>
      <p className="small">
        Visits that reached no link: the bare domain, an alias no link holds (a typo on a printed address, a link deleted), or a link that
        has expired, reached its click limit or not started yet. Choose an alias to see where its visits came from.
      </p>
      <StatsControls range={range} onChange={setRange} />
      <Stats target={{ of: 'domain', id: domain.id }} range={range} title="Orphan visits" noun="visit" filters={filters} onFilter={filter}>
        {(series) => (
          <>
            <p className="muted small">
              {plural(series.totals.clicks, 'visit')} by people
              {series.totals.visitors !== null && `, ${plural(series.totals.visitors, 'visitor')}`}
              {series.totals.bots !== null && `; ${plural(series.totals.bots, 'visit')} of bots, counted apart`}.
            </p>
            {/* What they reached and the aliases typed first: the question this page answers. */}
            <OriginTops series={series} filters={filters} onFilter={filter} noun="visit" only={['kinds', 'aliases']} />
            <h2>Where the visits came from</h2>
            <OriginTops series={series} filters={filters} onFilter={filter} noun="visit" only={[...ORIGIN_LISTS]} />
          </>
        )}
      </Stats>
    </main>
  );
}
