import { useState } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { ConfirmButton } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { Pager } from '../../components/Pager';
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
import { ErrorAlert, Notice } from '../../components/FormCard';
import { RecordGate } from '../../components/RecordGate';
import { DataTable } from '../../components/DataTable';
import { RecordTitle } from '../../components/RecordTitle';
import { QueryView } from '../../components/QueryView';

/** A webhook: its address and events, on and off, and its deliveries with their attempts; replay one. */
export default function WebhookPage() {
  const { id } = useParams({ from: '/webhooks/$id' });
  const webhook = useWebhook(id);
  return (
    <RecordGate query={webhook} id={id} noun="webhook" list="/webhooks">
      {(webhookData) => <WebhookView key={webhook.dataUpdatedAt} webhook={webhookData} />}
    </RecordGate>
  );
}

function WebhookView({ webhook }: { webhook: Webhook }) {
  const [url, setUrl] = useState(webhook.url);
  const [events, setEvents] = useState<EventName[]>(webhook.events);
  const [enabled, setEnabled] = useState(webhook.enabled);
  const navigate = useNavigate();
  const save = useSaveWebhook();
  const remove = useRemoveWebhook();
  return (
    <main id="main">
      <RecordTitle list="/webhooks" name={webhook.url} url error={remove.error}>
        <ConfirmButton
          label="Delete webhook"
          title="Delete this webhook?"
          confirm="Delete"
          onConfirm={() => remove.mutate(webhook.id, { onSuccess: () => void navigate({ to: '/webhooks' }) })}
        >
          <p>No more events are sent to it, and the deliveries waiting are dropped.</p>
        </ConfirmButton>
      </RecordTitle>
      <form
        className="card form"
        aria-label="Settings of the webhook"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ id: webhook.id, url, events, enabled });
        }}
      >
        <h2>Settings</h2>
        <Field id="webhook-edit-url" label="Address" error={save.error}>
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
        <ErrorAlert error={save.error} fields={['url']} />
        {save.isSuccess && <Notice>Saved.</Notice>}
        <button type="submit" disabled={save.isPending || events.length === 0}>
          Save webhook
        </button>
      </form>
      <Deliveries id={webhook.id} />
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
      <ErrorAlert error={replay.error} />
      {replay.isSuccess && <Notice>The event is queued to be sent again.</Notice>}
      <QueryView
        query={deliveries}
        loading="Loading deliveries"
        empty={(data) =>
          data.deliveries.length === 0 && <p>No deliveries yet: they appear when one of the webhook&apos;s events happens.</p>
        }
      >
        {(data) => (
          <>
            <DataTable
              label="Deliveries table"
              busy={deliveries.isPlaceholderData}
              caption="Deliveries, newest first"
              headers={['Event', 'State', 'Attempts', 'Last answer', 'Times', 'Actions']}
            >
              {data.deliveries.map((delivery) => (
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
            </DataTable>
            <Pager page={page} info={data} noun="delivery" many="deliveries" onPage={setPage} />
          </>
        )}
      </QueryView>
    </section>
  );
}
