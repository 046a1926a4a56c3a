import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Field } from '../../components/Field';
import { FormCard } from '../../components/FormCard';
import { ListPage, type Column } from '../../components/ListPage';
import { inputRules, lengthHelp } from '../../limits';
import { channelList, useSaveChannel, type Channel } from '../../resources/channels';

const INTRO = 'A channel gathers links and QR codes under one name and colour; an item may be in several channels.';

const COLUMNS: Column<Channel>[] = [
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
];

const deleteText = (channel: Channel) => (
  <>
    <bdi>{channel.name}</bdi>: its links and QR codes stay; they only leave the channel.
  </>
);

/** Channels: labels that gather links and QR codes (an item may be in many channels). */
export default function ChannelsPage() {
  return (
    <main id="main">
      <ListPage source={channelList} title="Channels" intro={INTRO} form={ChannelForm} columns={COLUMNS} removal={{ text: deleteText }} />
    </main>
  );
}

function ChannelForm({ item: channel, onDone }: { item: Channel | null; onDone: () => void }) {
  const [name, setName] = useState(channel?.name ?? '');
  const [description, setDescription] = useState(channel?.description ?? '');
  const [color, setColor] = useState(channel?.color ?? '#1d4ed8');
  const [starred, setStarred] = useState(channel?.starred ?? false);
  const save = useSaveChannel();
  const submit = () => {
    save.mutate({ id: channel?.id ?? null, name, description, color, starred }, { onSuccess: onDone });
  };
  const fields = ['name', 'description', 'color', 'starred'];
  return (
    <FormCard of={{ noun: 'channel', editing: channel?.name }} save={save} fields={fields} onSubmit={submit} onCancel={onDone}>
      <Field id="channel-name" label="Name" help={`${lengthHelp('ChannelAdd', 'name')}.`}>
        <input required {...inputRules('ChannelAdd', 'name')} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field id="channel-description" label="Description" help={`${lengthHelp('ChannelAdd', 'description')}.`}>
        <textarea {...inputRules('ChannelAdd', 'description')} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <Field id="channel-color" label="Colour">
        <input type="color" value={color} onChange={(e) => setColor(e.target.value)} />
      </Field>
      <label className="inline">
        <input type="checkbox" checked={starred} onChange={(e) => setStarred(e.target.checked)} /> Starred
      </label>
    </FormCard>
  );
}
