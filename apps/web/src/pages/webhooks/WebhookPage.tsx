import { useState } from 'react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { errorMessage, isStatus } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field, formError } from '../../components/Field';
import { Pager } from '../../components/Pager';
import { Empty, ErrorState, Loading } from '../../components/states';
import { formatApiDate } from '../../format';
import {
  useDeliveries,
  useRemoveWebhook,
  useReplay,
  useSaveWebhook,
  useWebhook,
  type EventName,
  type Webhook,
} from '../../resources/webhooks';
import { EventChoice } from './events';

/** A webhook: its address and events, on and off, and its deliveries with their attempts; replay one. */
export default function WebhookPage() {
  const { id } = useParams({ from: '/webhooks/$id' });
  const webhook = useWebhook(id);
  if (webhook.isPending) return <Loading label="Loading the webhook" />;
  if (!webhook.data)
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
  const navigate = useNavigate();
  const save = useSaveWebhook();
  const remove = useRemoveWebhook();
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
          save.mutate({ id: webhook.id, url, events, enabled });
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
          remove.mutate(webhook.id, { onSuccess: () => void navigate({ to: '/webhooks' }) });
        }}
      >
        <p>No more events are sent to it, and the deliveries waiting are dropped.</p>
      </ConfirmDialog>
    </main>
  );
}

function Deliveries({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(id, page);
  const replay = useReplay();
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
      ) : !deliveries.data ? (
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
                          onClick={() => replay.mutate({ id, delivery: delivery.id })}
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
