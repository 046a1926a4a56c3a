import { useState } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { isStatus } from '../api';
import { StatsWithOrigins } from '../components/Stats';
import { StatsControls } from '../components/StatsControls';
import type { StatsFilters } from '../components/stats-filters';
import { ErrorState, Loading } from '../components/states';
import { formatApiDate } from '../format';
import { useSharedView } from '../resources/reports';
import { defaultRange, type Range } from '../resources/stats';

/**
 * A shared report, opened by its address without signing in: the statistics of one link or one
 * campaign, and nothing else of the account (no menu, no other record, no link into the dashboard).
 */
export default function SharedReportPage() {
  const { token } = useParams({ from: '/shared/$token' });
  const filters = useSearch({ from: '/shared/$token' });
  const navigate = useNavigate({ from: '/shared/$token' });
  const [range, setRange] = useState<Range>(defaultRange);
  // A token is 32 URL-safe characters: anything else opens nothing, and is not even asked for.
  const possible = /^[A-Za-z0-9_-]{32}$/.test(token);
  const view = useSharedView(token, possible);
  const filter = (changes: StatsFilters) => void navigate({ search: (current) => ({ ...current, ...changes }), replace: true });

  if (possible && view.isPending) return <Loading label="Loading the report" />;
  if (!possible || view.isError) {
    return !possible || isStatus(view.error, 404) ? (
      <>
        <h1 tabIndex={-1}>Report not found</h1>
        <p>This address opens no report: it was revoked, it has expired, or it was mistyped. Ask whoever shared it for a new one.</p>
      </>
    ) : (
      <>
        <h1 tabIndex={-1}>Shared report</h1>
        <ErrorState error={view.error} retry={() => void view.refetch()} />
      </>
    );
  }
  const report = view.data!;
  return (
    <>
      <p className="muted small">Shared report, read only</p>
      <h1 tabIndex={-1}>
        {report.type === 'campaign' ? (
          <>
            Campaign <bdi>{report.name}</bdi>
          </>
        ) : (
          <bdi>{report.title || report.shorturl}</bdi>
        )}
      </h1>
      <dl className="facts">
        {report.shorturl && (
          <>
            <dt>Short URL</dt>
            <dd className="url">
              <bdi>{report.shorturl}</bdi>
            </dd>
          </>
        )}
        {report.destination && (
          <>
            <dt>Destination</dt>
            <dd className="url">
              <bdi>{report.destination}</bdi>
            </dd>
          </>
        )}
        <dt>Shared until</dt>
        <dd>{report.expiry ? formatApiDate(report.expiry) : 'its owner revokes it'}</dd>
      </dl>
      <h2>Clicks over time</h2>
      <StatsControls range={range} onChange={setRange} />
      <StatsWithOrigins
        target={{ of: 'shared', token }}
        range={range}
        noun="click"
        filters={filters}
        onFilter={filter}
        // A link's variants by their letters only: the report may not show where they lead.
        variants={report.type === 'link' ? [] : undefined}
      />
    </>
  );
}
