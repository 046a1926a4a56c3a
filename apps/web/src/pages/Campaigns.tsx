import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, isStatus, type Schemas } from '../api';
import { ClicksChart } from '../components/ClicksChart';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { CopyButton } from '../components/CopyButton';
import { Field, formError } from '../components/Field';
import { Pager } from '../components/Pager';
import { PreviewFrame, apiPage } from '../components/PreviewFrame';
import { StatsControls, defaultRange, previousRange, type Range } from '../components/StatsControls';
import { TopList } from '../components/TopList';
import { Empty, ErrorState, Loading } from '../components/states';
import { formatApiDate, formatNumber, plural } from '../format';
import { Link } from '../router';

type Campaign = Schemas['Campaign'];
const FIELDS = ['name', 'slug', 'public'];

/** Campaigns: a group of links, with a rotator (`/r/{slug}`) sending visitors to each in turn and a public list page (`/c/{id}`). */
export default function CampaignsPage() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const queryClient = useQueryClient();
  const campaigns = useQuery({
    queryKey: ['campaigns', page],
    queryFn: async () => (await api.GET('/campaigns', { params: { query: { page, limit: 25 } } })).data.data,
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.DELETE('/campaign/{id}/delete', { params: { path: { id } } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
  });

  return (
    <main id="main">
      <div className="title-row">
        <h1 tabIndex={-1}>Campaigns</h1>
        <button type="button" onClick={() => setEditing('new')}>
          New campaign
        </button>
      </div>
      <p className="muted">
        A campaign groups links. With a slug, its rotator sends each visitor to one of its links in turn; made public, its list page shows
        its public links.
      </p>
      {editing && <CampaignForm campaign={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      {remove.isError && (
        <p className="error" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
      {remove.isSuccess && (
        <p className="notice" role="status">
          The campaign was deleted; its links stay.
        </p>
      )}
      {campaigns.isPending ? (
        <Loading label="Loading campaigns" />
      ) : campaigns.isError ? (
        <ErrorState error={campaigns.error} retry={() => void campaigns.refetch()} />
      ) : campaigns.data.campaigns.length === 0 ? (
        <Empty>
          <p>No campaigns yet. A campaign groups links, and can rotate visitors between them.</p>
        </Empty>
      ) : (
        <>
          <ul className="cards">
            {campaigns.data.campaigns.map((campaign) => (
              <li key={campaign.id} className="card">
                <h2>
                  <Link to={`/campaigns/${campaign.id}`}>
                    <bdi>{campaign.name}</bdi>
                  </Link>
                </h2>
                <dl className="facts plain">
                  <dt>Rotator</dt>
                  <dd>
                    {campaign.rotator ? (
                      <>
                        <a href={campaign.rotator} target="_blank" rel="noreferrer noopener">
                          <bdi>{campaign.rotator}</bdi>
                        </a>
                        <CopyButton text={campaign.rotator} label={`Copy the rotator of ${campaign.name}`} />
                      </>
                    ) : (
                      <span className="muted">None (give it a slug)</span>
                    )}
                  </dd>
                  <dt>List page</dt>
                  <dd>
                    {campaign.public ? (
                      <>
                        <a href={campaign.list} target="_blank" rel="noreferrer noopener">
                          <bdi>{campaign.list}</bdi>
                        </a>
                        <CopyButton text={campaign.list} label={`Copy the list page of ${campaign.name}`} />
                      </>
                    ) : (
                      <span className="muted">Not public</span>
                    )}
                  </dd>
                </dl>
                <div className="actions">
                  <button type="button" className="secondary" onClick={() => setEditing(campaign)} aria-label={`Edit ${campaign.name}`}>
                    Edit
                  </button>
                  <button type="button" className="danger" onClick={() => setDeleting(campaign)} aria-label={`Delete ${campaign.name}`}>
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <Pager page={page} info={campaigns.data} noun="campaign" onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this campaign?"
        confirm="Delete"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      >
        <p>
          <bdi>{deleting?.name}</bdi>: its rotator and list page stop working. Its links are not deleted; they leave the campaign.
        </p>
      </ConfirmDialog>
    </main>
  );
}

function slugOf(campaign: Campaign | null): string {
  if (!campaign || !campaign.rotator) return '';
  return decodeURIComponent(campaign.rotator.slice(campaign.rotator.lastIndexOf('/r/') + 3));
}

function CampaignForm({ campaign, onDone }: { campaign: Campaign | null; onDone: () => void }) {
  const [name, setName] = useState(campaign?.name ?? '');
  const [slug, setSlug] = useState(slugOf(campaign));
  const [isPublic, setPublic] = useState(campaign?.public ?? false);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      if (campaign) {
        await api.PUT('/campaign/{id}/update', { params: { path: { id: campaign.id } }, body: { name, slug, public: isPublic } });
      } else {
        await api.POST('/campaign/add', { body: { name, public: isPublic, ...(slug ? { slug } : {}) } });
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const title = campaign ? `Edit ${campaign.name}` : 'New campaign';
  return (
    <form className="card form" onSubmit={submit} aria-label={title}>
      <h2>
        <bdi>{title}</bdi>
      </h2>
      <Field id="campaign-name" label="Name" help="2 to 100 characters." error={save.error} names={['name']}>
        <input required minLength={2} maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field
        id="campaign-slug"
        label="Rotator slug"
        help="3 to 50 lower-case letters, digits or dashes; the rotator's address ends with it. Leave empty for no rotator."
        error={save.error}
        names={['slug']}
      >
        <input value={slug} onChange={(e) => setSlug(e.target.value)} />
      </Field>
      <label className="inline">
        <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} /> Public list page (shows the
        campaign&apos;s public links)
      </label>
      {formError(save.error, FIELDS) !== null && (
        <p className="error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {campaign ? 'Save campaign' : 'Create campaign'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

const LINKS_PER_PAGE = 25;

/** One campaign: its rotator and list page, its links (paged by the service), their clicks over time and a preview of the list page. */
export function CampaignPage({ id }: { id: number }) {
  const details = useQuery({
    queryKey: ['campaign', id],
    queryFn: async () => (await api.GET('/campaign/{id}', { params: { path: { id } } })).data.data,
  });
  if (details.isPending) return <Loading label="Loading the campaign" />;
  if (details.isError)
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
      <CampaignClicks id={campaign.id} />
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
  const links = useQuery({
    queryKey: ['links', { campaign: id, page }],
    queryFn: async () => (await api.GET('/urls', { params: { query: { campaign: id, page, limit: LINKS_PER_PAGE } } })).data.data,
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="campaign-links-title">
      <h2 id="campaign-links-title">Links</h2>
      {links.isPending ? (
        <Loading label="Loading the links" />
      ) : links.isError ? (
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
                      <Link to={`/links/${link.id}`}>
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

function useCampaignSeries(id: number, range: Range, enabled = true) {
  return useQuery({
    queryKey: ['campaign-stats', id, range.from, range.to, range.interval, range.tz],
    queryFn: async () =>
      (
        await api.GET('/campaign/{id}/stats', {
          params: { path: { id }, query: { from: range.from, to: range.to, interval: range.interval, tz: range.tz } },
        })
      ).data.data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

function CampaignClicks({ id }: { id: number }) {
  const [range, setRange] = useState<Range>(defaultRange);
  const stats = useCampaignSeries(id, range);
  const previous = useCampaignSeries(id, previousRange(range), range.compare);
  return (
    <>
      <StatsControls range={range} onChange={setRange} />
      {stats.isPending ? (
        <Loading label="Loading the clicks" />
      ) : stats.isError ? (
        <ErrorState error={stats.error} retry={() => void stats.refetch()} />
      ) : (
        <>
          {previous.isError && range.compare && <ErrorState error={previous.error} />}
          <ClicksChart series={stats.data} previous={range.compare ? previous.data : undefined} title="Clicks of the campaign's links" />
          <p className="muted small">
            {plural(stats.data.totals.clicks, 'click')} by people on the links in the campaign now (a visit of the rotator counts for the
            link it goes to).
          </p>
          <div className="tops">
            <TopList
              title="Links clicked most"
              values={(stats.data.topLinks ?? []).map((link) => ({ value: link.shorturl, clicks: link.clicks }))}
            />
            <TopList title="Referrers" values={stats.data.top.referrers} describe={(value) => value || 'Direct or unknown'} />
            <TopList title="Devices" values={stats.data.top.devices} />
          </div>
        </>
      )}
    </>
  );
}
