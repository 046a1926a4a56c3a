import { useState } from 'react';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import type { StatsFilters } from '../../components/stats-filters';
import { Pager } from '../../components/Pager';
import { PreviewFrame, apiPage } from '../../components/PreviewFrame';
import { OriginTops, Stats } from '../../components/Stats';
import { SharePanel } from '../../components/SharePanel';
import { StatsControls } from '../../components/StatsControls';
import { defaultRange, type Range } from '../../resources/stats';
import { TopList } from '../../components/TopList';
import { plural } from '../../format';
import { useCampaign, type Campaign } from '../../resources/campaigns';
import { useLinks } from '../../resources/links';
import { RecordGate } from '../../components/RecordGate';
import { DataTable } from '../../components/DataTable';
import { RecordTitle } from '../../components/RecordTitle';
import { QueryView } from '../../components/QueryView';
import { LinkCells } from '../../components/LinkCells';
import { Address } from '../../components/Address';

/** One campaign: its rotator and list page, its links (paged by the service), their clicks over time and a preview of the list page. */
export default function CampaignPage() {
  const { id } = useParams({ from: '/campaigns/$id' });
  const details = useCampaign(id);
  return (
    <RecordGate query={details} id={id} noun="campaign" list="/campaigns">
      {(campaign) => <CampaignView campaign={campaign} />}
    </RecordGate>
  );
}

function CampaignView({ campaign }: { campaign: Campaign }) {
  const [range, setRange] = useState<Range>(defaultRange);
  const navigate = useNavigate();
  const filters = useSearch({ from: '/campaigns/$id' });
  const filter = (changes: StatsFilters) =>
    void navigate({ to: '/campaigns/$id', params: { id: campaign.id }, search: (current) => ({ ...current, ...changes }), replace: true });
  return (
    <main id="main">
      <RecordTitle list="/campaigns" name={campaign.name} />
      <dl className="facts">
        <dt>Rotator</dt>
        <dd>
          {campaign.rotator ? (
            <>
              <Address href={campaign.rotator} copy="Copy the rotator's address" />
              <div className="small muted">
                Each visit goes to the next of the campaign&apos;s links, and counts as a click of that link.
              </div>
            </>
          ) : (
            <span className="muted">None: give the campaign a slug on the campaigns page.</span>
          )}
        </dd>
        <dt>List page</dt>
        <dd>
          <Address href={campaign.list} copy="Copy the list page's address" />
          {!campaign.public && (
            <div className="small muted">Not public: visitors get “not found” there until you make the list page public.</div>
          )}
        </dd>
      </dl>
      <CampaignLinks id={campaign.id} />
      <h2>Clicks over time</h2>
      <p className="small">
        <Link to="/compare" search={{ campaigns: [campaign.id] }}>
          Compare with other campaigns or links
        </Link>
      </p>
      <StatsControls range={range} onChange={setRange} />
      <Stats
        target={{ of: 'campaign', id: campaign.id }}
        range={range}
        title="Clicks of the campaign's links"
        filters={filters}
        onFilter={filter}
      >
        {(series) => (
          <>
            <p className="muted small">
              {plural(series.totals.clicks, 'click')} by people on the links in the campaign now (a visit of the rotator counts for the link
              it goes to).
            </p>
            <div className="tops">
              <TopList
                title="Links clicked most"
                values={(series.topLinks ?? []).map((link) => ({ value: link.shorturl, clicks: link.clicks }))}
              />
            </div>
            <OriginTops series={series} filters={filters} onFilter={filter} />
          </>
        )}
      </Stats>
      <SharePanel of="campaign" id={campaign.id} />
      <section aria-labelledby="list-preview-title">
        <h2 id="list-preview-title">The list page, as visitors see it</h2>
        <p className="small">
          It lists the campaign&apos;s public links only. A private link (the default) is left out; the rotator still sends visitors to it.
        </p>
        <PreviewFrame
          src={apiPage('/campaign/{id}/preview', { id: campaign.id })}
          title={`Preview of the list page of ${campaign.name}`}
          note={campaign.public ? undefined : 'What the page will show once it is public.'}
        />
      </section>
    </main>
  );
}

function CampaignLinks({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const links = useLinks({ campaign: id, page });
  return (
    <section aria-labelledby="campaign-links-title">
      <h2 id="campaign-links-title">Links</h2>
      <QueryView
        query={links}
        loading="Loading the links"
        empty={(data) =>
          data.urls.length === 0 && (
            <p>
              No links in this campaign yet. Choose the campaign on a link&apos;s form (<Link to="/links">your links</Link>, then Edit).
            </p>
          )
        }
      >
        {(data) => (
          <>
            <DataTable
              label="Links of the campaign"
              busy={links.isPlaceholderData}
              headers={['Link', 'Destination', { label: 'Clicks', className: 'num' }, 'Created']}
            >
              {data.urls.map((link) => (
                <tr key={link.id}>
                  <td>
                    <Link to="/links/$id" params={{ id: link.id }}>
                      <bdi>{link.title || link.alias}</bdi>
                    </Link>
                    <div className="small muted">
                      <bdi>{link.shorturl}</bdi>
                    </div>
                  </td>
                  <LinkCells link={link} />
                </tr>
              ))}
            </DataTable>
            <Pager page={page} info={data} noun="link" onPage={setPage} />
          </>
        )}
      </QueryView>
    </section>
  );
}
