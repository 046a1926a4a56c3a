import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../api';
import { CopyButton } from '../../components/CopyButton';
import { Field, formError } from '../../components/Field';
import { ListPage } from '../../components/ListPage';
import { formatNumber } from '../../format';
import { useCreateWebhook, useSaveWebhook, useWebhooks, type EventName, type Webhook } from '../../resources/webhooks';
import { EventChoice } from './events';

/** Webhooks: the service posts events (a click, a new link, …) to your address, signed with the webhook's secret. */
export default function WebhooksPage() {
  const [secret, setSecret] = useState<string | null>(null);
  const toggle = useSaveWebhook();
  return (
    <main id="main">
      <ListPage
        title="Webhooks"
        noun="webhook"
        intro="The service posts each event you choose to your address, signed with the webhook's secret (Standard Webhooks), and tries again when your address fails."
        usePage={useWebhooks}
        records={(data) => data.webhooks}
        name={(webhook: Webhook) => webhook.url}
        loading="Loading webhooks"
        empty={<p>No webhooks yet.</p>}
        newLabel="New webhook"
        editable={false}
        form={({ onDone }) => (
          <WebhookForm
            onDone={(created) => {
              onDone();
              setSecret(created);
            }}
          />
        )}
        card={(webhook) => (
          <>
            <h2 className="url">
              <Link to="/webhooks/$id" params={{ id: webhook.id }}>
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
          </>
        )}
        actions={(webhook) => (
          <button
            type="button"
            className="secondary"
            onClick={() => toggle.mutate({ id: webhook.id, enabled: !webhook.enabled })}
            disabled={toggle.isPending}
          >
            {webhook.enabled ? 'Turn off' : 'Turn on'}
            <span className="visually-hidden"> {webhook.url}</span>
          </button>
        )}
      >
        {secret && <Secret secret={secret} onDone={() => setSecret(null)} />}
        {toggle.isError && (
          <p className="error" role="alert">
            {errorMessage(toggle.error)}
          </p>
        )}
      </ListPage>
    </main>
  );
}

function Secret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <section className="card" aria-labelledby="secret-title">
      <h2 id="secret-title">The webhook&apos;s secret</h2>
      <p>Keep it now: it is shown this once. Your receiver checks each delivery&apos;s signature with it.</p>
      <label htmlFor="webhook-secret">Signing secret</label>
      <input id="webhook-secret" readOnly value={secret} onFocus={(e) => e.target.select()} />
      <CopyButton text={secret} label="Copy the secret" />
      <button type="button" className="secondary" onClick={onDone}>
        I have kept it
      </button>
    </section>
  );
}

function WebhookForm({ onDone }: { onDone: (secret: string | null) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventName[]>(['link.clicked']);
  const create = useCreateWebhook();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ url, events }, { onSuccess: onDone });
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
