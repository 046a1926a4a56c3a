import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, isStatus, type Schemas } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Field, formError } from '../components/Field';
import { Pager } from '../components/Pager';
import { Empty, ErrorState, Loading } from '../components/states';
import { Link } from '../router';
import { formatApiDate } from '../format';

type Channel = Schemas['Channel'];

/** Channels: labels that gather links and QR codes (an item may be in many channels). */
export default function ChannelsPage() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Channel | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Channel | null>(null);
  const queryClient = useQueryClient();
  const channels = useQuery({
    queryKey: ['channels', page],
    queryFn: async () => (await api.GET('/channels', { params: { query: { page, limit: 25 } } })).data.data,
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.DELETE('/channel/{id}/delete', { params: { path: { id } } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['channels'] }),
  });

  return (
    <main id="main">
      <div className="title-row">
        <h1 tabIndex={-1}>Channels</h1>
        <button type="button" onClick={() => setEditing('new')}>
          New channel
        </button>
      </div>
      <p className="muted">A channel gathers links and QR codes under one name and colour; an item may be in several channels.</p>
      {editing && <ChannelForm channel={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      {remove.isError && (
        <p className="error" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
      {channels.isPending ? (
        <Loading label="Loading channels" />
      ) : channels.isError ? (
        <ErrorState error={channels.error} retry={() => void channels.refetch()} />
      ) : channels.data.channels.length === 0 ? (
        <Empty>
          <p>No channels yet.</p>
        </Empty>
      ) : (
        <>
          <div className="table-wrap" role="region" aria-label="Channels table" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Channels</caption>
              <thead>
                <tr>
                  <th scope="col">Channel</th>
                  <th scope="col">Description</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {channels.data.channels.map((channel) => (
                  <tr key={channel.id}>
                    <td>
                      <span className="swatch" style={{ background: channel.color }} aria-hidden="true" />
                      <Link to={`/channels/${channel.id}`} className="strong">
                        <bdi>{channel.name}</bdi>
                      </Link>
                      {channel.starred && <span className="badge">Starred</span>}
                    </td>
                    <td className="url">
                      <bdi>{channel.description}</bdi>
                    </td>
                    <td>
                      <div className="actions">
                        <button
                          type="button"
                          className="small secondary"
                          onClick={() => setEditing(channel)}
                          aria-label={`Edit ${channel.name}`}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="small danger"
                          onClick={() => setDeleting(channel)}
                          aria-label={`Delete ${channel.name}`}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} info={channels.data} noun="channel" onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this channel?"
        confirm="Delete"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      >
        <p>
          <bdi>{deleting?.name}</bdi>: its links and QR codes stay; they only leave the channel.
        </p>
      </ConfirmDialog>
    </main>
  );
}

function ChannelForm({ channel, onDone }: { channel: Channel | null; onDone: () => void }) {
  const [name, setName] = useState(channel?.name ?? '');
  const [description, setDescription] = useState(channel?.description ?? '');
  const [color, setColor] = useState(channel?.color ?? '#1d4ed8');
  const [starred, setStarred] = useState(channel?.starred ?? false);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      const body = { name, description, color, starred };
      if (channel) await api.PUT('/channel/{id}/update', { params: { path: { id: channel.id } }, body });
      else await api.POST('/channel/add', { body });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['channels'] });
      void queryClient.invalidateQueries({ queryKey: ['channel'] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const title = channel ? `Edit ${channel.name}` : 'New channel';
  return (
    <form className="card form" onSubmit={submit} aria-label={title}>
      <h2>
        <bdi>{title}</bdi>
      </h2>
      <Field id="channel-name" label="Name" help="1 to 100 characters." error={save.error} names={['name']}>
        <input required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field id="channel-description" label="Description" help="Up to 500 characters." error={save.error} names={['description']}>
        <textarea maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
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

/** A channel's items (links, QR codes, bio pages shown alike), and adding a link or QR code to it. */
export function ChannelPage({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const channel = useQuery({
    queryKey: ['channel', id, page],
    queryFn: async () => (await api.GET('/channel/{id}', { params: { path: { id }, query: { page, limit: 25 } } })).data.data,
    placeholderData: keepPreviousData,
  });
  const name = useQuery({
    queryKey: ['channels', 'all'],
    queryFn: async () => (await api.GET('/channels', { params: { query: { limit: 100 } } })).data.data.channels,
  });
  const title = name.data?.find((item) => item.id === id)?.name ?? 'Channel';

  if (channel.isError && isStatus(channel.error, 404)) {
    return (
      <main id="main">
        <h1 tabIndex={-1}>Channel not found</h1>
        <p>
          There is no channel {id} in your account. <Link to="/channels">Back to your channels</Link>
        </p>
      </main>
    );
  }
  return (
    <main id="main">
      <p className="crumbs">
        <Link to="/channels">Channels</Link> /
      </p>
      <h1 tabIndex={-1}>
        <bdi>{title}</bdi>
      </h1>
      <AddItem channelId={id} />
      <h2>Items</h2>
      {channel.isPending ? (
        <Loading label="Loading the items" />
      ) : channel.isError ? (
        <ErrorState error={channel.error} retry={() => void channel.refetch()} />
      ) : channel.data.items.length === 0 ? (
        <Empty>
          <p>This channel has no items yet.</p>
        </Empty>
      ) : (
        <>
          <div className="table-wrap" role="region" aria-label="Items table" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Items of the channel</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Added</th>
                </tr>
              </thead>
              <tbody>
                {channel.data.items.map((item) => (
                  <tr key={`${item.type}-${item.id}`}>
                    <td>
                      {item.type === 'links' ? (
                        <Link to={`/links/${item.id}`} className="strong">
                          <bdi>{item.title || item.link}</bdi>
                        </Link>
                      ) : (
                        <strong>
                          <bdi>{item.title || item.link}</bdi>
                        </strong>
                      )}
                      <div className="muted small url">
                        <bdi>{item.link}</bdi>
                      </div>
                    </td>
                    <td>{item.type === 'links' ? 'Link' : item.type === 'qr' ? 'QR code' : 'Bio page'}</td>
                    <td>{formatApiDate(`${item.date} 00:00:00`).replace(/,? \d{1,2}:\d{2}.*$/, '')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} info={channel.data} noun="item" onPage={setPage} />
        </>
      )}
    </main>
  );
}

function AddItem({ channelId }: { channelId: number }) {
  const [type, setType] = useState<'links' | 'qr'>('links');
  const [search, setSearch] = useState('');
  const [itemId, setItemId] = useState('');
  const queryClient = useQueryClient();
  const links = useQuery({
    queryKey: ['links', { q: search, order: 'date', page: 1, pick: true }],
    queryFn: async () => (await api.GET('/urls', { params: { query: { q: search || undefined, limit: 20 } } })).data.data.urls,
    enabled: type === 'links',
  });
  const qrs = useQuery({
    queryKey: ['qrs', 'pick'],
    queryFn: async () => (await api.GET('/qr', { params: { query: { limit: 100 } } })).data.data.qrs,
    enabled: type === 'qr',
  });
  const add = useMutation({
    mutationFn: () =>
      api.POST('/channel/{channelid}/assign/{type}/{itemid}', { params: { path: { channelid: channelId, type, itemid: Number(itemId) } } }),
    onSuccess: () => {
      setItemId('');
      void queryClient.invalidateQueries({ queryKey: ['channel', channelId] });
    },
  });
  const options =
    type === 'links'
      ? (links.data ?? []).map((link) => ({ id: link.id, label: `${link.alias} → ${link.longurl}` }))
      : (qrs.data ?? []).map((qr) => ({ id: qr.id, label: qr.name }));
  return (
    <form
      className="card form"
      aria-label="Add an item"
      onSubmit={(event) => {
        event.preventDefault();
        if (itemId) add.mutate();
      }}
    >
      <h2>Add an item</h2>
      <fieldset className="choice">
        <legend>Kind</legend>
        <label>
          <input type="radio" name="kind" checked={type === 'links'} onChange={() => (setType('links'), setItemId(''))} /> Link
        </label>
        <label>
          <input type="radio" name="kind" checked={type === 'qr'} onChange={() => (setType('qr'), setItemId(''))} /> QR code
        </label>
      </fieldset>
      {type === 'links' && (
        <Field id="item-search" label="Find a link" help="Alias, destination, title or note.">
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field>
      )}
      <Field id="item-id" label={type === 'links' ? 'Link' : 'QR code'}>
        <select value={itemId} onChange={(e) => setItemId(e.target.value)} required>
          <option value="">Choose…</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label.length > 90 ? `${option.label.slice(0, 90)}…` : option.label}
            </option>
          ))}
        </select>
      </Field>
      {add.isError && (
        <p className="error" role="alert">
          {errorMessage(add.error)}
        </p>
      )}
      {add.isSuccess && (
        <p className="notice" role="status">
          Added to the channel.
        </p>
      )}
      <button type="submit" disabled={!itemId || add.isPending}>
        Add to the channel
      </button>
    </form>
  );
}
