import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../api';
import { Field, formError } from '../../components/Field';
import { ListPage } from '../../components/ListPage';
import { inputRules, lengthHelp } from '../../limits';
import { useChannels, useRemoveChannel, useSaveChannel, type Channel } from '../../resources/channels';

/** Channels: labels that gather links and QR codes (an item may be in many channels). */
export default function ChannelsPage() {
  return (
    <main id="main">
      <ListPage
        title="Channels"
        noun="channel"
        intro="A channel gathers links and QR codes under one name and colour; an item may be in several channels."
        usePage={useChannels}
        records={(data) => data.channels}
        name={(channel: Channel) => channel.name}
        loading="Loading channels"
        empty={<p>No channels yet.</p>}
        newLabel="New channel"
        form={({ item, onDone }) => <ChannelForm channel={item} onDone={onDone} />}
        columns={[
          {
            header: 'Channel',
            cell: (channel) => (
              <>
                <span className="swatch" style={{ background: channel.color }} aria-hidden="true" />
                <Link to="/channels/$id" params={{ id: channel.id }} className="strong">
                  <bdi>{channel.name}</bdi>
                </Link>
                {channel.starred && <span className="badge">Starred</span>}
              </>
            ),
          },
          { header: 'Description', className: 'url', cell: (channel) => <bdi>{channel.description}</bdi> },
        ]}
        remove={useRemoveChannel()}
        deleteText={(channel) => (
          <>
            <bdi>{channel.name}</bdi>: its links and QR codes stay; they only leave the channel.
          </>
        )}
      />
    </main>
  );
}

function ChannelForm({ channel, onDone }: { channel: Channel | null; onDone: () => void }) {
  const [name, setName] = useState(channel?.name ?? '');
  const [description, setDescription] = useState(channel?.description ?? '');
  const [color, setColor] = useState(channel?.color ?? '#1d4ed8');
  const [starred, setStarred] = useState(channel?.starred ?? false);
  const save = useSaveChannel();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: channel?.id ?? null, name, description, color, starred }, { onSuccess: onDone });
  };
  const title = channel ? `Edit ${channel.name}` : 'New channel';
  return (
    <form className="card form" onSubmit={submit} aria-label={title}>
      <h2>
        <bdi>{title}</bdi>
      </h2>
      <Field id="channel-name" label="Name" help={`${lengthHelp('ChannelAdd', 'name')}.`} error={save.error} names={['name']}>
        <input required {...inputRules('ChannelAdd', 'name')} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field
        id="channel-description"
        label="Description"
        help={`${lengthHelp('ChannelAdd', 'description')}.`}
        error={save.error}
        names={['description']}
      >
        <textarea {...inputRules('ChannelAdd', 'description')} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <Field id="channel-color" label="Colour" error={save.error} names={['color']}>
        <input type="color" value={color} onChange={(e) => setColor(e.target.value)} />
      </Field>
      <label className="inline">
        <input type="checkbox" checked={starred} onChange={(e) => setStarred(e.target.checked)} /> Starred
      </label>
      {formError(save.error, ['name', 'description', 'color', 'starred']) !== null && (
        <p className="error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {channel ? 'Save channel' : 'Create channel'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
