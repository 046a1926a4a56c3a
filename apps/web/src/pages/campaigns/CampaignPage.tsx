import { useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { isStatus } from '../../api';
import { CopyButton } from '../../components/CopyButton';
import { Pager } from '../../components/Pager';
import { PreviewFrame, apiPage } from '../../components/PreviewFrame';
import { Stats } from '../../components/Stats';
import { StatsControls, defaultRange, type Range } from '../../components/StatsControls';
import { TopList } from '../../components/TopList';
import { Empty, ErrorState, Loading } from '../../components/states';
import { formatApiDate, formatNumber, plural } from '../../format';
import { useCampaign } from '../../resources/campaigns';
import { useLinks } from '../../resources/links';

/** One campaign: its rotator and list page, its links (paged by the service), their clicks over time and a preview of the list page. */
export default function CampaignPage() {
  const { id } = useParams({ from: '/campaigns/$id' });
  const details = useCampaign(id);
  const [range, setRange] = useState<Range>(defaultRange);
  if (details.isPending) return <Loading label="Loading the campaign" />;
  if (!details.data)
    return (
      <main id="main">
        <h1 tabIndex={-1}>{isStatus(details.error, 404) ? 'Campaign not found' : 'Campaign'}</h1>
        {isStatus(details.error, 404) ? (
          <p>
            There is no campaign {id} in your account. <Link to="/campaigns">Back to your campaigns</Link>
          </p>
        ) : (
          <ErrorState error={details.error} retry={() => void details.refetch()} />
        )}
      </main>
    );
  const campaign = details.data;
  return (
    <main id="main">
      <p className="crumbs">
        <Link to="/campaigns">Campaigns</Link> /
      </p>
      <h1 tabIndex={-1}>
        <bdi>{campaign.name}</bdi>
      </h1>
      <dl className="facts">
        <dt>Rotator</dt>
        <dd>
          {campaign.rotator ? (
            <>
              <a href={campaign.rotator} target="_blank" rel="noreferrer noopener">
                <bdi>{campaign.rotator}</bdi>
              </a>
              <CopyButton text={campaign.rotator} label="Copy the rotator's address" />
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
          <a href={campaign.list} target="_blank" rel="noreferrer noopener">
            <bdi>{campaign.list}</bdi>
          </a>
          <CopyButton text={campaign.list} label="Copy the list page's address" />
          {!campaign.public && (
            <div className="small muted">Not public: visitors get “not found” there until you make the list page public.</div>
          )}
        </dd>
      </dl>
      <CampaignLinks id={campaign.id} />
      <h2>Clicks over time</h2>
      <StatsControls range={range} onChange={setRange} />
      <Stats target={{ of: 'campaign', id: campaign.id }} range={range} title="Clicks of the campaign's links">
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
              <TopList title="Referrers" values={series.top.referrers} describe={(value) => value || 'Direct or unknown'} />
              <TopList title="Devices" values={series.top.devices} />
            </div>
          </>
        )}
      </Stats>
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
      {links.isPending ? (
        <Loading label="Loading the links" />
      ) : !links.data ? (
        <ErrorState error={links.error} retry={() => void links.refetch()} />
      ) : links.data.urls.length === 0 ? (
        <Empty>
          <p>
            No links in this campaign yet. Choose the campaign on a link&apos;s form (<Link to="/links">your links</Link>, then Edit).
          </p>
        </Empty>
      ) : (
        <>
          <div className="table-wrap" role="region" aria-label="Links of the campaign" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Links of the campaign</caption>
              <thead>
                <tr>
                  <th scope="col">Link</th>
                  <th scope="col">Destination</th>
                  <th scope="col" className="num">
                    Clicks
                  </th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {links.data.urls.map((link) => (
                  <tr key={link.id}>
                    <td>
                      <Link to="/links/$id" params={{ id: link.id }}>
                        <bdi>{link.title || link.alias}</bdi>
                      </Link>
                      <div className="small muted">
                        <bdi>{link.shorturl}</bdi>
                      </div>
                    </td>
                    <td className="url">
                      <bdi>{link.longurl}</bdi>
                    </td>
                    <td className="num">{formatNumber(link.clicks)}</td>
                    <td>{formatApiDate(link.date)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} info={links.data} noun="link" onPage={setPage} />
        </>
      )}
    </section>
  );
}
