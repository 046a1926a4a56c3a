import { useCallback, useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { Field } from '../../components/Field';
import { ErrorAlert, FormCard } from '../../components/FormCard';
import { ListPage, type Removal } from '../../components/ListPage';
import { formatNumber } from '../../format';
import { useCreateWebhook, useSaveWebhook, webhookList, type EventName, type Webhook } from '../../resources/webhooks';
import { EventChoice } from './events';
import { CardTitle } from '../../components/CardTitle';
import { RoleGate } from '../../components/RoleGate';

const INTRO =
  "The service posts each event you choose to your address, signed with the webhook's secret (Standard Webhooks), and tries again when your address fails.";

const card = (webhook: Webhook) => (
  <>
    <CardTitle to="/webhooks/$id" id={webhook.id} name={webhook.url} url />
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
);

const deleteText = (webhook: Webhook) => (
  <>
    <bdi>{webhook.url}</bdi> gets no more events; the deliveries still waiting are dropped.
  </>
);

const REMOVAL: Removal<Webhook> = { text: deleteText };

/** Webhooks: the service posts events (a click, a new link, …) to your address, signed with the webhook's secret. */
export default function WebhooksPage() {
  const [secret, setSecret] = useState<string | null>(null);
  const toggle = useSaveWebhook();
  // A new webhook's form: once made, its secret is shown once. (One component for the page's life: a new one would lose what is typed.)
  const form = useCallback(
    ({ onDone }: { onDone: () => void }) => (
      <WebhookForm
        onDone={(created) => {
          onDone();
          setSecret(created);
        }}
      />
    ),
    [],
  );
  const actions = (webhook: Webhook) => (
    <button
      type="button"
      className="secondary"
      onClick={() => toggle.mutate({ id: webhook.id, enabled: !webhook.enabled })}
      disabled={toggle.isPending}
    >
      {webhook.enabled ? 'Turn off' : 'Turn on'}
      <span className="visually-hidden"> {webhook.url}</span>
    </button>
  );
  return (
    <RoleGate operation="listWebhooks" doing="reading and changing webhooks" title="Webhooks">
      <main id="main">
        <ListPage
          source={webhookList}
          title="Webhooks"
          intro={INTRO}
          form={form}
          edits={false}
          card={card}
          extra={actions}
          removal={REMOVAL}
        >
          {secret && <Secret secret={secret} onDone={() => setSecret(null)} />}
          <ErrorAlert error={toggle.error} />
        </ListPage>
      </main>
    </RoleGate>
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
  const submit = () => {
    create.mutate({ url, events }, { onSuccess: onDone });
  };
  const cancel = () => onDone(null);
  return (
    <FormCard of={{ noun: 'webhook' }} save={create} fields={['url']} onSubmit={submit} onCancel={cancel} disabled={!events.length}>
      <Field id="webhook-url" label="Your address" help="An https address that answers 2xx within a few seconds.">
        <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />
      </Field>
      <EventChoice events={events} onChange={setEvents} />
    </FormCard>
  );
}
