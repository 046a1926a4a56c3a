import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, type Schemas } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { CopyButton } from '../components/CopyButton';
import { Field, formError } from '../components/Field';
import { Pager } from '../components/Pager';
import { Empty, ErrorState, Loading } from '../components/states';

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
                  <bdi>{campaign.name}</bdi>
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
