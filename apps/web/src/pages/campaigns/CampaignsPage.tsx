import { useState } from 'react';
import { Field } from '../../components/Field';
import { FormCard } from '../../components/FormCard';
import { ListPage, type Removal } from '../../components/ListPage';
import { inputRules, lengthHelp } from '../../limits';
import { useSaveCampaign, type Campaign, campaignList } from '../../resources/campaigns';
import { Address } from '../../components/Address';
import { CardTitle } from '../../components/CardTitle';

const FIELDS = ['name', 'slug', 'public'];

const INTRO =
  'A campaign groups links. With a slug, its rotator sends each visitor to one of its links in turn; made public, its list page shows its public links.';

const EMPTY = <p>No campaigns yet. A campaign groups links, and can rotate visitors between them.</p>;

const card = (campaign: Campaign) => (
  <>
    <CardTitle to="/campaigns/$id" id={campaign.id} name={campaign.name} />
    <dl className="facts plain">
      <dt>Rotator</dt>
      <dd>
        {campaign.rotator ? (
          <>
            <Address href={campaign.rotator} copy={`Copy the rotator of ${campaign.name}`} />
          </>
        ) : (
          <span className="muted">None (give it a slug)</span>
        )}
      </dd>
      <dt>List page</dt>
      <dd>
        {campaign.public ? (
          <>
            <Address href={campaign.list} copy={`Copy the list page of ${campaign.name}`} />
          </>
        ) : (
          <span className="muted">Not public</span>
        )}
      </dd>
    </dl>
  </>
);

const deleteText = (campaign: Campaign) => (
  <>
    <bdi>{campaign.name}</bdi>: its rotator and list page stop working. Its links are not deleted; they leave the campaign.
  </>
);

const REMOVAL: Removal<Campaign> = { text: deleteText, done: 'The campaign was deleted; its links stay.' };

/** Campaigns: a group of links, with a rotator (`/r/{slug}`) sending visitors to each in turn and a public list page (`/c/{id}`). */
export default function CampaignsPage() {
  return (
    <main id="main">
      <ListPage source={campaignList} title="Campaigns" intro={INTRO} empty={EMPTY} form={CampaignForm} card={card} removal={REMOVAL} />
    </main>
  );
}

function slugOf(campaign: Campaign | null): string {
  if (!campaign || !campaign.rotator) return '';
  return decodeURIComponent(campaign.rotator.slice(campaign.rotator.lastIndexOf('/r/') + 3));
}

function CampaignForm({ item: campaign, onDone }: { item: Campaign | null; onDone: () => void }) {
  const [name, setName] = useState(campaign?.name ?? '');
  const [slug, setSlug] = useState(slugOf(campaign));
  const [isPublic, setPublic] = useState(campaign?.public ?? false);
  const save = useSaveCampaign();
  const submit = () => {
    save.mutate({ id: campaign?.id ?? null, name, slug, isPublic }, { onSuccess: onDone });
  };
  return (
    <FormCard of={{ noun: 'campaign', editing: campaign?.name }} save={save} fields={FIELDS} onSubmit={submit} onCancel={onDone}>
      <Field id="campaign-name" label="Name" help={`${lengthHelp('CampaignUpdate', 'name')}.`}>
        <input required {...inputRules('CampaignUpdate', 'name')} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field
        id="campaign-slug"
        label="Rotator slug"
        help="3 to 50 lower-case letters, digits or dashes; the rotator's address ends with it. Leave empty for no rotator."
      >
        <input {...inputRules('CampaignUpdate', 'slug')} value={slug} onChange={(e) => setSlug(e.target.value)} />
      </Field>
      <label className="inline">
        <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} /> Public list page (shows the
        campaign&apos;s public links)
      </label>
    </FormCard>
  );
}
