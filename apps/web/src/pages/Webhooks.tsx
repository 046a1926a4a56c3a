import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, isStatus, type Schemas } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { CopyButton } from '../components/CopyButton';
import { Field, formError } from '../components/Field';
import { Pager } from '../components/Pager';
import { Empty, ErrorState, Loading } from '../components/states';
import { Link } from '../router';
import { formatApiDate, formatNumber } from '../format';

type Webhook = Schemas['Webhook'];
type EventName = Schemas['WebhookEventName'];

const EVENTS: { group: string; all: EventName; events: { name: EventName; label: string }[] }[] = [
  {
    group: 'Links',
    all: 'link.*',
    events: [
      { name: 'link.created', label: 'created' },
      { name: 'link.updated', label: 'changed' },
      { name: 'link.deleted', label: 'deleted' },
      { name: 'link.clicked', label: 'clicked' },
    ],
  },
  { group: 'QR codes', all: 'qr.*', events: [{ name: 'qr.scanned', label: 'scanned' }] },
  {
    group: 'Campaigns',
    all: 'campaign.*',
    events: [
      { name: 'campaign.created', label: 'created' },
      { name: 'campaign.updated', label: 'changed' },
      { name: 'campaign.deleted', label: 'deleted' },
    ],
  },
  {
    group: 'Domains',
    all: 'domain.*',
    events: [
      { name: 'domain.created', label: 'created' },
      { name: 'domain.updated', label: 'changed' },
      { name: 'domain.deleted', label: 'deleted' },
    ],
  },
];

/** Webhooks: the service posts events (a click, a new link, …) to your address, signed with the webhook's secret. */
export default function WebhooksPage() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const webhooks = useQuery({
    queryKey: ['webhooks', page],
    queryFn: async () => (await api.GET('/webhooks', { params: { query: { page, limit: 25 } } })).data.data,
    placeholderData: keepPreviousData,
  });
  const toggle = useMutation({
    mutationFn: (webhook: Webhook) =>
      api.PUT('/webhook/{id}', { params: { path: { id: webhook.id } }, body: { enabled: !webhook.enabled } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  });
  return (
    <main id="main">
      <div className="title-row">
        <h1 tabIndex={-1}>Webhooks</h1>
        <button type="button" onClick={() => (setCreating(true), setSecret(null))}>
          New webhook
        </button>
      </div>
      <p className="muted">
        The service posts each event you choose to your address, signed with the webhook&apos;s secret (Standard Webhooks), and tries again
        when your address fails.
      </p>
      {creating && (
        <WebhookForm
          onDone={(created) => {
            setCreating(false);
            if (created) setSecret(created);
          }}
        />
      )}
      {secret && (
        <section className="card" aria-labelledby="secret-title">
          <h2 id="secret-title">The webhook&apos;s secret</h2>
          <p>Keep it now: it is shown this once. Your receiver checks each delivery&apos;s signature with it.</p>
          <label htmlFor="webhook-secret">Signing secret</label>
          <input id="webhook-secret" readOnly value={secret} onFocus={(e) => e.target.select()} />
          <CopyButton text={secret} label="Copy the secret" />
          <button type="button" className="secondary" onClick={() => setSecret(null)}>
            I have kept it
          </button>
        </section>
      )}
      {toggle.isError && (
        <p className="error" role="alert">
          {errorMessage(toggle.error)}
        </p>
      )}
      {webhooks.isPending ? (
        <Loading label="Loading webhooks" />
      ) : webhooks.isError ? (
        <ErrorState error={webhooks.error} retry={() => void webhooks.refetch()} />
      ) : webhooks.data.webhooks.length === 0 ? (
        <Empty>
          <p>No webhooks yet.</p>
        </Empty>
      ) : (
        <>
          <ul className="cards">
            {webhooks.data.webhooks.map((webhook) => (
              <li key={webhook.id} className="card">
                <h2 className="url">
                  <Link to={`/webhooks/${webhook.id}`}>
                    <bdi>{webhook.url}</bdi>
                  </Link>
                </h2>
                <p className="small">
                  {webhook.enabled ? <span className="badge ok">On</span> : <span className="badge">Off</span>} {webhook.events.join(', ')}
                </p>
                {webhook.disabledReason && (
                  <p className="small error">
                    Turned off by the service: <bdi>{webhook.disabledReason}</bdi>
                  </p>
                )}
                <p className="small muted">
                  {formatNumber(webhook.pending)} waiting
                  {webhook.dropped > 0 && `, ${formatNumber(webhook.dropped)} events not queued (too many waiting)`}
                </p>
                <button type="button" className="secondary" onClick={() => toggle.mutate(webhook)} disabled={toggle.isPending}>
                  {webhook.enabled ? 'Turn off' : 'Turn on'}
                  <span className="visually-hidden"> {webhook.url}</span>
                </button>
              </li>
            ))}
          </ul>
          <Pager page={page} info={webhooks.data} noun="webhook" onPage={setPage} />
        </>
      )}
    </main>
  );
}

function EventChoice({ events, onChange }: { events: EventName[]; onChange: (events: EventName[]) => void }) {
  const has = (name: EventName) => events.includes(name);
  const flip = (name: EventName) => onChange(has(name) ? events.filter((event) => event !== name) : [...events, name]);
  return (
    <fieldset className="events">
      <legend>Events</legend>
      {EVENTS.map((group) => (
        <fieldset key={group.group} className="choice">
          <legend>{group.group}</legend>
          <label>
            <input type="checkbox" checked={has(group.all)} onChange={() => flip(group.all)} /> All, present and future
          </label>
          {group.events.map((event) => (
            <label key={event.name}>
              <input
                type="checkbox"
                checked={has(event.name) || has(group.all)}
                disabled={has(group.all)}
                onChange={() => flip(event.name)}
              />{' '}
              {event.label}
            </label>
          ))}
        </fieldset>
      ))}
    </fieldset>
  );
}

function WebhookForm({ onDone }: { onDone: (secret: string | null) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventName[]>(['link.clicked']);
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: async () => (await api.POST('/webhooks', { body: { url, events } })).data,
    onSuccess: (data) => {
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
      onDone(data.secret);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="card form" onSubmit={submit} aria-label="New webhook">
      <h2>New webhook</h2>
      <Field
        id="webhook-url"
        label="Your address"
        help="An https address that answers 2xx within a few seconds."
        error={create.error}
        names={['url']}
      >
        <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />
      </Field>
      <EventChoice events={events} onChange={setEvents} />
      {formError(create.error, ['url']) !== null && (
        <p className="error" role="alert">
          {errorMessage(create.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={create.isPending || events.length === 0}>
          Create webhook
        </button>
        <button type="button" className="secondary" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A webhook: its address and events, on and off, and its deliveries with their attempts; replay one. */
export function WebhookPage({ id }: { id: number }) {
  const webhook = useQuery({
    queryKey: ['webhook', id],
    queryFn: async () => (await api.GET('/webhook/{id}', { params: { path: { id } } })).data.data,
  });
  if (webhook.isPending) return <Loading label="Loading the webhook" />;
  if (webhook.isError)
    return (
      <main id="main">
        <h1 tabIndex={-1}>{isStatus(webhook.error, 404) ? 'Webhook not found' : 'Webhook'}</h1>
        {isStatus(webhook.error, 404) ? (
          <p>
            There is no webhook {id} in your account. <Link to="/webhooks">Back to your webhooks</Link>
          </p>
        ) : (
          <ErrorState error={webhook.error} retry={() => void webhook.refetch()} />
        )}
      </main>
    );
  return <WebhookView key={webhook.dataUpdatedAt} webhook={webhook.data} />;
}

function WebhookView({ webhook }: { webhook: Webhook }) {
  const [url, setUrl] = useState(webhook.url);
  const [events, setEvents] = useState<EventName[]>(webhook.events);
  const [enabled, setEnabled] = useState(webhook.enabled);
  const [deleting, setDeleting] = useState(false);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => api.PUT('/webhook/{id}', { params: { path: { id: webhook.id } }, body: { url, events, enabled } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
      void queryClient.invalidateQueries({ queryKey: ['webhook', webhook.id] });
    },
  });
  const remove = useMutation({
    mutationFn: () => api.DELETE('/webhook/{id}', { params: { path: { id: webhook.id } } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
      window.history.back();
    },
  });
  return (
    <main id="main">
      <p className="crumbs">
        <Link to="/webhooks">Webhooks</Link> /
      </p>
      <div className="title-row">
        <h1 tabIndex={-1} className="url">
          <bdi>{webhook.url}</bdi>
        </h1>
        <button type="button" className="danger" onClick={() => setDeleting(true)}>
          Delete webhook
        </button>
      </div>
      {remove.isError && (
        <p className="error" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
      <form
        className="card form"
        aria-label="Settings of the webhook"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <h2>Settings</h2>
        <Field id="webhook-edit-url" label="Address" error={save.error} names={['url']}>
          <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />
        </Field>
        <EventChoice events={events} onChange={setEvents} />
        <label className="inline">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> On (events are sent)
        </label>
        {webhook.disabledReason && (
          <p className="small error">
            Turned off by the service: <bdi>{webhook.disabledReason}</bdi>
          </p>
        )}
        {formError(save.error, ['url']) !== null && (
          <p className="error" role="alert">
            {errorMessage(save.error)}
          </p>
        )}
        {save.isSuccess && (
          <p className="notice" role="status">
            Saved.
          </p>
        )}
        <button type="submit" disabled={save.isPending || events.length === 0}>
          Save webhook
        </button>
      </form>
      <Deliveries id={webhook.id} />
      <ConfirmDialog
        open={deleting}
        title="Delete this webhook?"
        confirm="Delete"
        danger
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          remove.mutate();
        }}
      >
        <p>No more events are sent to it, and the deliveries waiting are dropped.</p>
      </ConfirmDialog>
    </main>
  );
}

function Deliveries({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    queryKey: ['deliveries', id, page],
    queryFn: async () => (await api.GET('/webhook/{id}/deliveries', { params: { path: { id }, query: { page, limit: 25 } } })).data.data,
    placeholderData: keepPreviousData,
    // Deliveries move on their own (attempts, answers): the list follows while it is open.
    refetchInterval: 5000,
  });
  const replay = useMutation({
    mutationFn: (deliveryid: number) => api.POST('/webhook/{id}/delivery/{deliveryid}/replay', { params: { path: { id, deliveryid } } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['deliveries', id] }),
  });
  return (
    <section aria-labelledby="deliveries-title">
      <div className="title-row">
        <h2 id="deliveries-title">Deliveries</h2>
        <button type="button" className="secondary" onClick={() => void deliveries.refetch()}>
          Refresh
        </button>
      </div>
      {replay.isError && (
        <p className="error" role="alert">
          {errorMessage(replay.error)}
        </p>
      )}
      {replay.isSuccess && (
        <p className="notice" role="status">
          The event is queued to be sent again.
        </p>
      )}
      {deliveries.isPending ? (
        <Loading label="Loading deliveries" />
      ) : deliveries.isError ? (
        <ErrorState error={deliveries.error} retry={() => void deliveries.refetch()} />
      ) : deliveries.data.deliveries.length === 0 ? (
        <Empty>
          <p>No deliveries yet: they appear when one of the webhook&apos;s events happens.</p>
        </Empty>
      ) : (
        <>
          <div className="table-wrap" role="region" aria-label="Deliveries table" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Deliveries, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">State</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last answer</th>
                  <th scope="col">Times</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.data.deliveries.map((delivery) => (
                  <tr key={delivery.id}>
                    <td>
                      <strong>{delivery.event.type}</strong>
                      <div className="muted small">
                        <code>{delivery.event.id}</code>
                      </div>
                    </td>
                    <td>{delivery.status === 'delivered' ? 'Delivered' : delivery.status === 'failed' ? 'Failed' : 'Waiting'}</td>
                    <td className="num">{delivery.attempts}</td>
                    <td className="url">
                      {delivery.lastStatus !== null ? `HTTP ${delivery.lastStatus}` : ''}
                      {delivery.lastError && (
                        <div className="small error">
                          <bdi>{delivery.lastError}</bdi>
                        </div>
                      )}
                    </td>
                    <td className="small">
                      Event: {formatApiDate(delivery.event.date)}
                      {delivery.lastAttempt && <div>Last attempt: {formatApiDate(delivery.lastAttempt)}</div>}
                      {delivery.delivered && <div>Delivered: {formatApiDate(delivery.delivered)}</div>}
                      {delivery.nextAttempt && <div>Next attempt: {formatApiDate(delivery.nextAttempt)}</div>}
                    </td>
                    <td>
                      {delivery.status !== 'pending' && (
                        <button
                          type="button"
                          className="small secondary"
                          onClick={() => replay.mutate(delivery.id)}
                          disabled={replay.isPending}
                          aria-label={`Send again: delivery ${delivery.id}`}
                        >
                          Send again
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} info={deliveries.data} noun="delivery" many="deliveries" onPage={setPage} />
        </>
      )}
    </section>
  );
}
