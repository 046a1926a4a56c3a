import { useState } from 'react';
import { Can } from '../../components/RoleGate';
import { Link, useParams } from '@tanstack/react-router';
import { isStatus } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { Pager } from '../../components/Pager';
import { formatApiDate } from '../../format';
import { useAssignItem, useChannelChoices, useChannelItems, useUnassignItem, type ChannelItemType } from '../../resources/channels';
import { useLinks } from '../../resources/links';
import { useQrChoices } from '../../resources/qrs';
import { ErrorAlert, Notice } from '../../components/FormCard';
import { DataTable } from '../../components/DataTable';
import { RecordTitle } from '../../components/RecordTitle';
import { QueryView } from '../../components/QueryView';

const KINDS: Record<ChannelItemType, string> = { links: 'Link', qr: 'QR code', bio: 'Bio page' };

/** A channel's items (links, QR codes, bio pages shown alike): adding a link or QR code, and taking one out. */
export default function ChannelPage() {
  const { id } = useParams({ from: '/channels/$id' });
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<{ type: ChannelItemType; id: number; title: string } | null>(null);
  const items = useChannelItems(id, page);
  const channels = useChannelChoices();
  const unassign = useUnassignItem();
  const title = channels.data?.find((channel) => channel.id === id)?.name ?? 'Channel';

  if (items.isError && isStatus(items.error, 404)) {
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
      <RecordTitle list="/channels" name={title} />
      <Can operation="assignChannelItem">
        <AddItem channel={id} />
      </Can>
      <h2>Items</h2>
      <ErrorAlert error={unassign.error} />
      {unassign.isSuccess && <Notice>Taken out of the channel; the item itself stays.</Notice>}
      <QueryView
        query={items}
        loading="Loading the items"
        empty={(data) => data.items.length === 0 && <p>This channel has no items yet.</p>}
      >
        {(data) => (
          <>
            <DataTable
              label="Items table"
              busy={items.isPlaceholderData}
              caption="Items of the channel"
              headers={['Item', 'Kind', 'Added', 'Actions']}
            >
              {data.items.map((item) => {
                const name = item.title || item.link;
                return (
                  <tr key={`${item.type}-${item.id}`}>
                    <td>
                      {item.type === 'links' ? (
                        <Link to="/links/$id" params={{ id: item.id }} className="strong">
                          <bdi>{name}</bdi>
                        </Link>
                      ) : item.type === 'qr' ? (
                        <Link to="/qr/$id" params={{ id: item.id }} className="strong">
                          <bdi>{name}</bdi>
                        </Link>
                      ) : (
                        <Link to="/bio/$id" params={{ id: item.id }} className="strong">
                          <bdi>{name}</bdi>
                        </Link>
                      )}
                      <div className="muted small url">
                        <bdi>{item.link}</bdi>
                      </div>
                    </td>
                    <td>{KINDS[item.type]}</td>
                    <td>{formatApiDate(`${item.date} 00:00:00`).replace(/,? \d{1,2}:\d{2}.*$/, '')}</td>
                    <td>
                      <Can operation="unassignChannelItem">
                        <button
                          type="button"
                          className="small secondary"
                          onClick={() => setRemoving({ type: item.type, id: item.id, title: name })}
                        >
                          Take out<span className="visually-hidden"> {name} of the channel</span>
                        </button>
                      </Can>
                    </td>
                  </tr>
                );
              })}
            </DataTable>
            <Pager page={page} info={data} noun="item" onPage={setPage} />
          </>
        )}
      </QueryView>
      <ConfirmDialog
        open={removing !== null}
        title="Take this item out of the channel?"
        confirm="Take out"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) unassign.mutate({ channel: id, type: removing.type, item: removing.id });
          setRemoving(null);
        }}
      >
        <p>
          <bdi>{removing?.title}</bdi> leaves this channel; it is not deleted, and stays in its other channels.
        </p>
      </ConfirmDialog>
    </main>
  );
}

function AddItem({ channel }: { channel: number }) {
  const [type, setType] = useState<'links' | 'qr'>('links');
  const [search, setSearch] = useState('');
  const [itemId, setItemId] = useState('');
  const links = useLinks({ q: search, page: 1, limit: 20 });
  const qrs = useQrChoices();
  const add = useAssignItem();
  const options =
    type === 'links'
      ? (links.data?.urls ?? []).map((link) => ({ id: link.id, label: `${link.alias} → ${link.longurl}` }))
      : (qrs.data ?? []).map((qr) => ({ id: qr.id, label: qr.name }));
  return (
    <form
      className="card form"
      aria-label="Add an item"
      onSubmit={(event) => {
        event.preventDefault();
        if (itemId) add.mutate({ channel, type, item: Number(itemId) }, { onSuccess: () => setItemId('') });
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
      <ErrorAlert error={add.error} />
      {add.isSuccess && <Notice>Added to the channel.</Notice>}
      <button type="submit" disabled={!itemId || add.isPending}>
        Add to the channel
      </button>
    </form>
  );
}
