import { useState, type FormEvent } from 'react';
import { RoleGate } from '../../components/RoleGate';
import { useNavigate, useParams } from '@tanstack/react-router';
import { inputRules, most } from '../../limits';
import { useCampaignChoices } from '../../resources/campaigns';
import { useChannelChoices } from '../../resources/channels';
import { useLink, useSaveLink, type LinkDetails } from '../../resources/links';
import { usePixelChoices } from '../../resources/pixels';
import { useOverlayChoices, useSplashChoices } from '../../resources/visit-pages';
import { bodyOf, draftOf, variantSum, type LinkDraft } from './link-draft';
import { Labelled, RowsField } from './RowsField';
import { Section } from '../../components/Section';
import { CancelLink, FormActions } from '../../components/FormCard';
import { RecordGate } from '../../components/RecordGate';
import { DomainSelect } from '../../components/DomainSelect';
import { TagsField } from '../../components/Tags';
import { fieldError } from '../../components/Field';
import { useTagChoices } from '../../resources/tags';

const DEVICES = ['iPhone', 'iPad', 'Android', 'Windows', 'macOS', 'Linux'];

/** Create or edit a link, with every option the API has. */
export default function LinkFormPage() {
  const { id } = useParams({ strict: false });
  const details = useLink(id);
  return (
    <RoleGate
      operation={id === undefined ? 'addUrl' : 'updateUrl'}
      doing={id === undefined ? 'making links' : 'changing links'}
      title={id === undefined ? 'New link' : 'Edit link'}
    >
      <RecordGate query={details} id={id} noun="link" list="/links" fresh={<LinkForm />}>
        {(data) => <LinkForm key={id} editing={data.details} />}
      </RecordGate>
    </RoleGate>
  );
}

function LinkForm({ editing }: { editing?: LinkDetails }) {
  const [form, setForm] = useState<LinkDraft>(() => draftOf(editing));
  const navigate = useNavigate();
  // The choices are the resources' own lists: a campaign deleted on another page is gone from here at once.
  const campaigns = useCampaignChoices();
  const channels = useChannelChoices();
  const pixels = usePixelChoices();
  const splash = useSplashChoices();
  const overlays = useOverlayChoices();
  const tagChoices = useTagChoices();
  const set = <K extends keyof LinkDraft>(key: K, value: LinkDraft[K]) => setForm((current) => ({ ...current, [key]: value }));
  const save = useSaveLink();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: editing?.id ?? null, body: bodyOf(form, editing) },
      { onSuccess: (id) => void navigate({ to: '/links/$id', params: { id } }) },
    );
  };
  const heading = editing ? `Edit ${editing.alias}` : 'New link';

  return (
    <main id="main">
      <h1 tabIndex={-1}>
        <bdi>{heading}</bdi>
      </h1>
      <form onSubmit={submit} className="link-form" noValidate>
        <Section title="Destination">
          <Labelled id="url" label="Destination URL" help="An http or https address.">
            <input
              id="url"
              type="url"
              required
              {...inputRules('LinkAdd', 'url')}
              value={form.url}
              onChange={(e) => set('url', e.target.value)}
              aria-describedby="url-help"
            />
          </Labelled>
          <Labelled id="domain" label="Domain">
            <DomainSelect id="domain" value={form.domain} onChange={(domain) => set('domain', domain)} />
          </Labelled>
          <Labelled id="custom" label="Alias" help="3 to 50 letters, digits, _ or -. Empty: one is chosen for you.">
            <input
              id="custom"
              value={form.custom}
              onChange={(e) => set('custom', e.target.value)}
              aria-describedby="custom-help"
              {...inputRules('LinkUpdate', 'custom')}
            />
          </Labelled>
        </Section>
        <Section title="Description">
          <Labelled id="title" label="Title">
            <input
              id="title"
              {...inputRules('LinkUpdate', 'metatitle')}
              value={form.title}
              onChange={(e) => set('title', e.target.value)}
            />
          </Labelled>
          <Labelled id="description" label="Note (only you see it)">
            <textarea
              id="description"
              {...inputRules('LinkUpdate', 'description')}
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
            />
          </Labelled>
          <Labelled id="metadescription" label="Description in link previews">
            <textarea
              id="metadescription"
              {...inputRules('LinkUpdate', 'metadescription')}
              value={form.metadescription}
              onChange={(e) => set('metadescription', e.target.value)}
            />
          </Labelled>
          <Labelled id="metaimage" label="Image in link previews (URL)">
            <input id="metaimage" type="url" value={form.metaimage} onChange={(e) => set('metaimage', e.target.value)} />
          </Labelled>
        </Section>
        <Section title="Behaviour">
          <Labelled id="type" label="How the link opens">
            <select id="type" value={form.type} onChange={(e) => set('type', e.target.value)}>
              <option value="direct">Redirect</option>
              <option value="frame">In a frame under the short URL</option>
              {splash.data?.map((page) => (
                <option key={`s${page.id}`} value={String(page.id)}>
                  Splash page: {page.name}
                </option>
              ))}
              {overlays.data?.map((overlay) => (
                <option key={`o${overlay.id}`} value={`overlay-${overlay.id}`}>
                  CTA overlay: {overlay.name}
                </option>
              ))}
            </select>
          </Labelled>
          <Labelled id="status" label="Visibility">
            <select id="status" value={form.status} onChange={(e) => set('status', e.target.value as LinkDraft['status'])}>
              <option value="private">Private</option>
              <option value="public">Public (may be listed on a public campaign page)</option>
            </select>
          </Labelled>
          <label className="inline">
            <input type="checkbox" checked={form.archived} onChange={(e) => set('archived', e.target.checked)} /> Archived: left out of the
            links list, still redirecting and counting
          </label>
          <Labelled
            id="password"
            label={editing?.password ? 'New password (the link has one)' : 'Password'}
            help="6 to 100 characters; visitors must give it."
          >
            <input
              id="password"
              type="password"
              autoComplete="new-password"
              {...inputRules('LinkUpdate', 'password')}
              value={form.password}
              onChange={(e) => set('password', e.target.value)}
              aria-describedby="password-help"
            />
          </Labelled>
          {editing?.password && (
            <label className="inline">
              <input type="checkbox" checked={form.removePassword} onChange={(e) => set('removePassword', e.target.checked)} /> Remove the
              password
            </label>
          )}
          <Labelled id="expiry" label="Expires (your time zone)" help="Empty: never.">
            <input
              id="expiry"
              type="datetime-local"
              value={form.expiry}
              onChange={(e) => set('expiry', e.target.value)}
              aria-describedby="expiry-help"
            />
          </Labelled>
          <Labelled id="startdate" label="Starts (your time zone)" help="Before it, the link answers like an expired one. Empty: at once.">
            <input
              id="startdate"
              type="datetime-local"
              value={form.startdate}
              onChange={(e) => set('startdate', e.target.value)}
              aria-describedby="startdate-help"
            />
          </Labelled>
          <Labelled
            id="clicklimit"
            label="Click limit"
            help="After this many people's clicks (bots are not counted) the link answers like an expired one. Empty: no limit."
          >
            <input
              id="clicklimit"
              inputMode="numeric"
              pattern="[0-9]*"
              value={form.clickLimit}
              onChange={(e) => set('clickLimit', e.target.value)}
              aria-describedby="clicklimit-help"
            />
          </Labelled>
        </Section>
        <Section title="Grouping and tracking">
          <TagsField
            id="tags"
            tags={form.tags}
            pending={form.pendingTag}
            choices={tagChoices.data}
            onChange={(tags, pending) => setForm((current) => ({ ...current, tags, pendingTag: pending }))}
            message={fieldError(save.error, ['tags'])}
          />
          <Labelled id="campaign" label="Campaign">
            <select id="campaign" value={form.campaign} onChange={(e) => set('campaign', e.target.value)}>
              <option value="">None</option>
              {campaigns.data?.map((campaign) => (
                <option key={campaign.id} value={String(campaign.id)}>
                  {campaign.name}
                </option>
              ))}
            </select>
          </Labelled>
          <Labelled id="channel" label="Add to channel">
            <select id="channel" value={form.channel} onChange={(e) => set('channel', e.target.value)}>
              <option value="">None</option>
              {channels.data?.map((channel) => (
                <option key={channel.id} value={String(channel.id)}>
                  {channel.name}
                </option>
              ))}
            </select>
          </Labelled>
          <fieldset className="checks">
            <legend>Pixels</legend>
            {pixels.data?.length ? (
              pixels.data.map((pixel) => (
                <label key={pixel.id} className="inline">
                  <input
                    type="checkbox"
                    checked={form.pixels.includes(pixel.id)}
                    onChange={(e) =>
                      set('pixels', e.target.checked ? [...form.pixels, pixel.id] : form.pixels.filter((p) => p !== pixel.id))
                    }
                  />{' '}
                  <bdi>{pixel.name}</bdi> ({pixel.type})
                </label>
              ))
            ) : (
              <p className="muted">The account has no pixels.</p>
            )}
          </fieldset>
        </Section>
        <Section title="Targets">
          <RowsField
            legend="By country"
            rows={form.geotarget}
            onChange={(rows) => set('geotarget', rows)}
            most={most('LinkUpdate', 'geotarget')}
            fields={[
              { key: 'location', label: 'Country (name or code)' },
              { key: 'link', label: 'Destination', type: 'url' },
            ]}
          />
          <RowsField
            legend="By device"
            rows={form.devicetarget}
            onChange={(rows) => set('devicetarget', rows)}
            most={most('LinkUpdate', 'devicetarget')}
            fields={[
              { key: 'device', label: 'Device', options: DEVICES },
              { key: 'link', label: 'Destination', type: 'url' },
            ]}
          />
          <RowsField
            legend="By language"
            rows={form.languagetarget}
            onChange={(rows) => set('languagetarget', rows)}
            most={most('LinkUpdate', 'languagetarget')}
            fields={[
              { key: 'language', label: 'Language code (en, fr…)' },
              { key: 'link', label: 'Destination', type: 'url' },
            ]}
          />
        </Section>
        <Section title="A/B split">
          <RowsField
            legend="Other destinations"
            rows={form.variants}
            onChange={(rows) => set('variants', rows)}
            most={(most('LinkUpdate', 'variants') ?? 10) - 1}
            name={(index) => String.fromCharCode(66 + index)}
            addLabel="Add a destination to split visits with"
            fields={[
              { key: 'url', label: 'Destination', type: 'url' },
              { key: 'weight', label: 'Weight (%) of', inputMode: 'numeric' },
            ]}
          >
            <p className="help" id="variants-help">
              Visits are shared between the destination above (variant A) and these (B, C…) in proportion to the weights, which add up to
              100; a returning visitor gets the same one. Each click records its variant. No other destination: no split.
            </p>
            {form.variants.length > 0 && (
              <>
                <Labelled id="variant-weight" label="Weight (%) of A, the destination above">
                  <input
                    id="variant-weight"
                    inputMode="numeric"
                    pattern="[0-9]*"
                    value={form.variantWeight}
                    onChange={(e) => set('variantWeight', e.target.value)}
                  />
                </Labelled>
                <p className="muted small" aria-live="polite">
                  The weights add up to {variantSum(form)} of 100.
                </p>
              </>
            )}
          </RowsField>
        </Section>
        <Section title="Apps and parameters">
          <Labelled id="deep-apple" label="iOS app link">
            <input id="deep-apple" value={form.deepApple} onChange={(e) => set('deepApple', e.target.value)} placeholder="shopapp://sale" />
          </Labelled>
          <Labelled id="deep-google" label="Android app link">
            <input id="deep-google" value={form.deepGoogle} onChange={(e) => set('deepGoogle', e.target.value)} />
          </Labelled>
          <label className="inline">
            <input type="checkbox" checked={form.deepAuto} onChange={(e) => set('deepAuto', e.target.checked)} /> Open the app without
            asking
          </label>
          <RowsField
            legend="Parameters added to the destination"
            rows={form.parameters}
            onChange={(rows) => set('parameters', rows)}
            most={most('LinkUpdate', 'parameters')}
            fields={[
              { key: 'name', label: 'Name' },
              { key: 'value', label: 'Value' },
            ]}
          />
        </Section>
        <FormActions
          save={save}
          fields={['tags']}
          submit={editing ? 'Save changes' : 'Create link'}
          cancel={<CancelLink list="/links" id={editing?.id} />}
        />
      </form>
    </main>
  );
}
