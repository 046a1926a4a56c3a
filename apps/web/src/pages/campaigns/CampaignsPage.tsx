import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../api';
import { CopyButton } from '../../components/CopyButton';
import { Field, formError } from '../../components/Field';
import { ListPage } from '../../components/ListPage';
import { inputRules, lengthHelp } from '../../limits';
import { useCampaigns, useRemoveCampaign, useSaveCampaign, type Campaign } from '../../resources/campaigns';

const FIELDS = ['name', 'slug', 'public'];

/** Campaigns: a group of links, with a rotator (`/r/{slug}`) sending visitors to each in turn and a public list page (`/c/{id}`). */
export default function CampaignsPage() {
  return (
    <main id="main">
      <ListPage
        title="Campaigns"
        noun="campaign"
        intro="A campaign groups links. With a slug, its rotator sends each visitor to one of its links in turn; made public, its list page shows its public links."
        usePage={useCampaigns}
        records={(data) => data.campaigns}
        name={(campaign: Campaign) => campaign.name}
        loading="Loading campaigns"
        empty={<p>No campaigns yet. A campaign groups links, and can rotate visitors between them.</p>}
        newLabel="New campaign"
        form={({ item, onDone }) => <CampaignForm campaign={item} onDone={onDone} />}
        card={(campaign) => (
          <>
            <h2>
              <Link to="/campaigns/$id" params={{ id: campaign.id }}>
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
          </>
        )}
        remove={useRemoveCampaign()}
        deleted="The campaign was deleted; its links stay."
        deleteText={(campaign) => (
          <>
            <bdi>{campaign.name}</bdi>: its rotator and list page stop working. Its links are not deleted; they leave the campaign.
          </>
        )}
      />
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
  const save = useSaveCampaign();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: campaign?.id ?? null, name, slug, isPublic }, { onSuccess: onDone });
  };
  const title = campaign ? `Edit ${campaign.name}` : 'New campaign';
  return (
    <form className="card form" onSubmit={submit} aria-label={title}>
      <h2>
        <bdi>{title}</bdi>
      </h2>
      <Field id="campaign-name" label="Name" help={`${lengthHelp('CampaignUpdate', 'name')}.`} error={save.error} names={['name']}>
        <input required {...inputRules('CampaignUpdate', 'name')} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field
        id="campaign-slug"
        label="Rotator slug"
        help="3 to 50 lower-case letters, digits or dashes; the rotator's address ends with it. Leave empty for no rotator."
        error={save.error}
        names={['slug']}
      >
        <input {...inputRules('CampaignUpdate', 'slug')} value={slug} onChange={(e) => setSlug(e.target.value)} />
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
