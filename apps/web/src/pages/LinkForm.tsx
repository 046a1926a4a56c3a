import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, isStatus, type Schemas } from '../api';
import { useChoices } from '../choices';
import { Link, navigate } from '../router';
import { apiToLocal, localToApi } from '../format';
import { ErrorState, Loading } from '../components/states';

type LinkUpdate = Schemas['LinkUpdate'];
type Details = Schemas['LinkDetails'];
type Row = Record<string, string>;

const DEVICES = ['iPhone', 'iPad', 'Android', 'Windows', 'macOS', 'Linux'];

interface FormState {
  url: string;
  custom: string;
  domain: string;
  title: string;
  description: string;
  metadescription: string;
  metaimage: string;
  status: 'public' | 'private';
  type: string;
  password: string;
  removePassword: boolean;
  expiry: string;
  campaign: string;
  channel: string;
  pixels: number[];
  geotarget: Row[];
  devicetarget: Row[];
  languagetarget: Row[];
  parameters: Row[];
  deepAuto: boolean;
  deepApple: string;
  deepGoogle: string;
}

function initial(details?: Details): FormState {
  return {
    url: details?.longurl ?? '',
    custom: details?.alias ?? '',
    domain: details?.domain ?? '',
    title: details?.title ?? '',
    description: details?.description ?? '',
    metadescription: details?.metadescription ?? '',
    metaimage: details?.metaimage ?? '',
    status: details?.status ?? 'private',
    type: details?.type ?? 'direct',
    password: '',
    removePassword: false,
    expiry: apiToLocal(details?.expiry ?? null),
    campaign: details?.campaign ? String(details.campaign) : '',
    channel: '',
    pixels: details?.pixels ?? [],
    geotarget: (details?.geotarget ?? []).map((row) => ({ ...row })),
    devicetarget: (details?.devicetarget ?? []).map((row) => ({ ...row })),
    languagetarget: (details?.languagetarget ?? []).map((row) => ({ ...row })),
    parameters: (details?.parameters ?? []).map((row) => ({ ...row })),
    deepAuto: details?.deeplink?.auto ?? false,
    deepApple: details?.deeplink?.apple ?? '',
    deepGoogle: details?.deeplink?.google ?? '',
  };
}

/** The body to send: on a creation only what was filled in; on an update every field, so a cleared one is cleared. */
function bodyOf(form: FormState, editing: Details | undefined): LinkUpdate & { url: string } {
  const rows = <K extends string>(list: Row[], keys: [K, 'link' | 'value']) =>
    list
      .filter((row) => (row[keys[0]] ?? '').trim() !== '')
      .map((row) => ({ [keys[0]]: row[keys[0]]!.trim(), [keys[1]]: (row[keys[1]] ?? '').trim() }));
  const body: LinkUpdate & { url: string } = {
    url: form.url.trim(),
    domain: form.domain,
    metatitle: form.title,
    description: form.description,
    metadescription: form.metadescription,
    metaimage: form.metaimage.trim(),
    status: form.status,
    type: form.type,
    expiry: localToApi(form.expiry),
    pixels: form.pixels,
    geotarget: rows(form.geotarget, ['location', 'link']) as LinkUpdate['geotarget'],
    devicetarget: rows(form.devicetarget, ['device', 'link']) as LinkUpdate['devicetarget'],
    languagetarget: rows(form.languagetarget, ['language', 'link']) as LinkUpdate['languagetarget'],
    parameters: rows(form.parameters, ['name', 'value']) as LinkUpdate['parameters'],
    deeplink: { auto: form.deepAuto, apple: form.deepApple.trim(), google: form.deepGoogle.trim() },
  };
  if (form.custom.trim() && form.custom.trim() !== editing?.alias) body.custom = form.custom.trim();
  if (form.password) body.password = form.password;
  else if (editing && form.removePassword) body.password = '';
  if (form.campaign) body.campaign = Number(form.campaign);
  else if (editing?.campaign) body.campaign = 0;
  if (form.channel) body.channel = Number(form.channel);
  if (!editing) {
    // A creation leaves out what is empty: the service's defaults stand.
    for (const key of ['domain', 'metatitle', 'description', 'metadescription', 'metaimage', 'expiry'] as const)
      if (!body[key]) delete body[key];
    if (!form.deepAuto && !body.deeplink?.apple && !body.deeplink?.google) delete body.deeplink;
  }
  return body;
}

/** Create or edit a link, with every option the API has. */
export default function LinkFormPage({ id }: { id?: number }) {
  const details = useQuery({
    queryKey: ['link', id],
    queryFn: async () => (await api.GET('/url/{id}', { params: { path: { id: id! } } })).data,
    enabled: id !== undefined,
  });
  if (id === undefined) return <LinkForm />;
  if (details.isPending) return <Loading label="Loading the link" />;
  if (details.isError)
    return (
      <main id="main">
        <h1 tabIndex={-1}>{isStatus(details.error, 404) ? 'Link not found' : 'Edit link'}</h1>
        {isStatus(details.error, 404) ? (
          <p>
            There is no link {id} in your account. <Link to="/links">Back to your links</Link>
          </p>
        ) : (
          <ErrorState error={details.error} retry={() => void details.refetch()} />
        )}
      </main>
    );
  return <LinkForm key={id} editing={details.data.details} />;
}

function LinkForm({ editing }: { editing?: Details }) {
  const [form, setForm] = useState<FormState>(() => initial(editing));
  const queryClient = useQueryClient();
  const domains = useChoices('/domains');
  const campaigns = useChoices('/campaigns');
  const channels = useChoices('/channels');
  const pixels = useChoices('/pixels');
  const splash = useChoices('/splash');
  const overlays = useChoices('/overlay');
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((current) => ({ ...current, [key]: value }));

  const save = useMutation({
    mutationFn: async () => {
      const body = bodyOf(form, editing);
      if (editing) {
        await api.PUT('/url/{id}/update', { params: { path: { id: editing.id } }, body });
        return editing.id;
      }
      return (await api.POST('/url/add', { body })).data.id;
    },
    onSuccess: (id) => {
      void queryClient.invalidateQueries({ queryKey: ['links'] });
      void queryClient.invalidateQueries({ queryKey: ['link', id] });
      navigate(`/links/${id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const heading = editing ? `Edit ${editing.alias}` : 'New link';

  return (
    <main id="main">
      <h1 tabIndex={-1}>
        <bdi>{heading}</bdi>
      </h1>
      <form onSubmit={submit} className="link-form" noValidate>
        <Section title="Destination">
          <Field id="url" label="Destination URL" help="An http or https address.">
            <input id="url" type="url" required value={form.url} onChange={(e) => set('url', e.target.value)} aria-describedby="url-help" />
          </Field>
          <Field id="domain" label="Domain">
            <select id="domain" value={form.domain} onChange={(e) => set('domain', e.target.value)}>
              <option value="">The service&apos;s own address</option>
              {domains.data?.map((domain) => (
                <option key={domain.id} value={domain.domain}>
                  {domain.domain}
                </option>
              ))}
            </select>
          </Field>
          <Field id="custom" label="Alias" help="3 to 50 letters, digits, _ or -. Empty: one is chosen for you.">
            <input
              id="custom"
              value={form.custom}
              onChange={(e) => set('custom', e.target.value)}
              aria-describedby="custom-help"
              pattern="[A-Za-z0-9_-]{3,50}"
            />
          </Field>
        </Section>
        <Section title="Description">
          <Field id="title" label="Title">
            <input id="title" maxLength={200} value={form.title} onChange={(e) => set('title', e.target.value)} />
          </Field>
          <Field id="description" label="Note (only you see it)">
            <textarea id="description" maxLength={500} value={form.description} onChange={(e) => set('description', e.target.value)} />
          </Field>
          <Field id="metadescription" label="Description in link previews">
            <textarea
              id="metadescription"
              maxLength={500}
              value={form.metadescription}
              onChange={(e) => set('metadescription', e.target.value)}
            />
          </Field>
          <Field id="metaimage" label="Image in link previews (URL)">
            <input id="metaimage" type="url" value={form.metaimage} onChange={(e) => set('metaimage', e.target.value)} />
          </Field>
        </Section>
        <Section title="Behaviour">
          <Field id="type" label="How the link opens">
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
          </Field>
          <Field id="status" label="Visibility">
            <select id="status" value={form.status} onChange={(e) => set('status', e.target.value as FormState['status'])}>
              <option value="private">Private</option>
              <option value="public">Public (may be listed on a public campaign page)</option>
            </select>
          </Field>
          <Field
            id="password"
            label={editing?.password ? 'New password (the link has one)' : 'Password'}
            help="6 to 100 characters; visitors must give it."
          >
            <input
              id="password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set('password', e.target.value)}
              aria-describedby="password-help"
            />
          </Field>
          {editing?.password && (
            <label className="inline">
              <input type="checkbox" checked={form.removePassword} onChange={(e) => set('removePassword', e.target.checked)} /> Remove the
              password
            </label>
          )}
          <Field id="expiry" label="Expires (your time zone)" help="Empty: never.">
            <input
              id="expiry"
              type="datetime-local"
              value={form.expiry}
              onChange={(e) => set('expiry', e.target.value)}
              aria-describedby="expiry-help"
            />
          </Field>
        </Section>
        <Section title="Grouping and tracking">
          <Field id="campaign" label="Campaign">
            <select id="campaign" value={form.campaign} onChange={(e) => set('campaign', e.target.value)}>
              <option value="">None</option>
              {campaigns.data?.map((campaign) => (
                <option key={campaign.id} value={String(campaign.id)}>
                  {campaign.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="channel" label="Add to channel">
            <select id="channel" value={form.channel} onChange={(e) => set('channel', e.target.value)}>
              <option value="">None</option>
              {channels.data?.map((channel) => (
                <option key={channel.id} value={String(channel.id)}>
                  {channel.name}
                </option>
              ))}
            </select>
          </Field>
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
          <Rows
            legend="By country"
            rows={form.geotarget}
            onChange={(rows) => set('geotarget', rows)}
            fields={[
              { key: 'location', label: 'Country (name or code)' },
              { key: 'link', label: 'Destination', type: 'url' },
            ]}
          />
          <Rows
            legend="By device"
            rows={form.devicetarget}
            onChange={(rows) => set('devicetarget', rows)}
            fields={[
              { key: 'device', label: 'Device', options: DEVICES },
              { key: 'link', label: 'Destination', type: 'url' },
            ]}
          />
          <Rows
            legend="By language"
            rows={form.languagetarget}
            onChange={(rows) => set('languagetarget', rows)}
            fields={[
              { key: 'language', label: 'Language code (en, fr…)' },
              { key: 'link', label: 'Destination', type: 'url' },
            ]}
          />
        </Section>
        <Section title="Apps and parameters">
          <Field id="deep-apple" label="iOS app link">
            <input id="deep-apple" value={form.deepApple} onChange={(e) => set('deepApple', e.target.value)} placeholder="shopapp://sale" />
          </Field>
          <Field id="deep-google" label="Android app link">
            <input id="deep-google" value={form.deepGoogle} onChange={(e) => set('deepGoogle', e.target.value)} />
          </Field>
          <label className="inline">
            <input type="checkbox" checked={form.deepAuto} onChange={(e) => set('deepAuto', e.target.checked)} /> Open the app without
            asking
          </label>
          <Rows
            legend="Parameters added to the destination"
            rows={form.parameters}
            onChange={(rows) => set('parameters', rows)}
            fields={[
              { key: 'name', label: 'Name' },
              { key: 'value', label: 'Value' },
            ]}
          />
        </Section>
        {save.isError && (
          <p className="error" role="alert">
            <bdi>{errorMessage(save.error)}</bdi>
          </p>
        )}
        <div className="actions">
          <button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Create link'}
          </button>
          <Link to={editing ? `/links/${editing.id}` : '/links'} className="button secondary">
            Cancel
          </Link>
        </div>
      </form>
    </main>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

function Field({ id, label, help, children }: { id: string; label: string; help?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {help && (
        <p id={`${id}-help`} className="help">
          {help}
        </p>
      )}
    </div>
  );
}

/** A list of rows of text fields (targets, parameters), each removable. */
function Rows({
  legend,
  rows,
  onChange,
  fields,
}: {
  legend: string;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  fields: { key: string; label: string; type?: string; options?: string[] }[];
}) {
  const update = (index: number, key: string, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  return (
    <fieldset className="rows">
      <legend>{legend}</legend>
      {rows.map((row, index) => (
        <div className="row" key={index}>
          {fields.map((field) => {
            const id = `${legend}-${field.key}-${index}`.replace(/\W+/g, '-');
            return (
              <div className="field" key={field.key}>
                <label htmlFor={id}>
                  {field.label} {index + 1}
                </label>
                {field.options ? (
                  <select id={id} value={row[field.key] ?? ''} onChange={(e) => update(index, field.key, e.target.value)}>
                    <option value="">Choose…</option>
                    {field.options.map((option) => (
                      <option key={option}>{option}</option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={id}
                    type={field.type ?? 'text'}
                    value={row[field.key] ?? ''}
                    onChange={(e) => update(index, field.key, e.target.value)}
                  />
                )}
              </div>
            );
          })}
          <button
            type="button"
            className="small secondary"
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
            aria-label={`Remove ${legend.toLowerCase()} row ${index + 1}`}
          >
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="small secondary" onClick={() => onChange([...rows, {}])}>
        Add {legend.toLowerCase()}
      </button>
    </fieldset>
  );
}
