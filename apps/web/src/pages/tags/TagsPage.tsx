import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { ErrorAlert, FormCard, Notice } from '../../components/FormCard';
import { Pager } from '../../components/Pager';
import { Empty, ErrorState, Loading } from '../../components/states';
import { useCan } from '../../current-workspace';
import { plural } from '../../format';
import { useAddTag, useRemoveTag, useTags, useUpdateTag, type Tag } from '../../resources/tags';

const INTRO =
  'Tags label links (up to 20 a link) and filter the links list. Renaming or deleting a tag here changes every link carrying it.';

/** The account's tags: their colours and link counts; renamed, coloured or deleted across every link at once. */
export default function TagsPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  const tags = useTags(page, q);
  const canAdd = useCan('addTag');
  const canUpdate = useCan('updateTag');
  const canRemove = useCan('deleteTag');
  const remove = useRemoveTag();
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);

  const type = (text: string) => {
    setSearch(text);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => {
      setQ(text.trim());
      setPage(1);
    }, 300);
  };

  const rows = tags.data?.tags ?? [];
  // The last tag of a later page deleted or renamed away: back to the last page there is.
  const last = Math.max(1, tags.data?.maxpage ?? 1);
  if (tags.data && !tags.isPlaceholderData && page > last) setPage(last);
  return (
    <main id="main">
      <div className="title-row">
        <h1 tabIndex={-1}>Tags</h1>
        {canAdd && (
          <button type="button" onClick={() => setEditing('new')}>
            New tag
          </button>
        )}
      </div>
      <p className="muted">{INTRO}</p>
      {editing !== null && (
        <TagForm key={editing === 'new' ? '' : editing.name} tag={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}
      <div className="toolbar tag-toolbar" role="search">
        <label htmlFor="tag-search">Search tags</label>
        <input id="tag-search" type="search" value={search} onChange={(e) => type(e.target.value)} />
      </div>
      <ErrorAlert error={remove.error} />
      {remove.isSuccess && <Notice>{remove.data}</Notice>}
      {tags.isPending ? (
        <Loading label="Loading tags" />
      ) : !tags.data ? (
        <ErrorState error={tags.error} retry={() => void tags.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>
          {q ? (
            <p>
              No tag contains “<bdi>{q}</bdi>”.
            </p>
          ) : (
            <p>No tags yet. Give a link tags on its form, or make one here.</p>
          )}
        </Empty>
      ) : (
        <>
          <div className="table-wrap" role="region" aria-label="Tags table" tabIndex={0} aria-busy={tags.isPlaceholderData}>
            <table>
              <caption className="visually-hidden">Tags, alphabetical</caption>
              <thead>
                <tr>
                  <th scope="col">Tag</th>
                  <th scope="col">Links</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((tag) => (
                  <tr key={tag.name}>
                    <td>
                      {tag.color && <span className="swatch" style={{ background: tag.color }} aria-hidden="true" />}
                      <bdi className="strong">{tag.name}</bdi>
                    </td>
                    <td>
                      {tag.links > 0 ? (
                        <Link to="/links" search={{ tag: [tag.name] }} aria-label={`${plural(tag.links, 'link')} tagged ${tag.name}`}>
                          {plural(tag.links, 'link')}
                        </Link>
                      ) : (
                        <span className="muted">none yet</span>
                      )}
                    </td>
                    <td>
                      <div className="actions">
                        {canUpdate && (
                          <button type="button" className="small secondary" onClick={() => setEditing(tag)} aria-label={`Edit ${tag.name}`}>
                            Edit
                          </button>
                        )}
                        {canRemove && (
                          <button type="button" className="small danger" onClick={() => setDeleting(tag)} aria-label={`Delete ${tag.name}`}>
                            Delete
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} info={tags.data} noun="tag" onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this tag?"
        confirm="Delete"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.name);
          setDeleting(null);
        }}
      >
        <p>
          <bdi>{deleting?.name}</bdi> comes off {deleting ? plural(deleting.links, 'link') : ''}; the links stay.
        </p>
      </ConfirmDialog>
    </main>
  );
}

/** A new tag, or a tag's new name and colour (a name another tag has merges the two). */
function TagForm({ tag, onDone }: { tag: Tag | null; onDone: () => void }) {
  const [name, setName] = useState(tag?.name ?? '');
  const [colored, setColored] = useState(tag ? tag.color !== null : true);
  const [color, setColor] = useState(tag?.color ?? '#1d4ed8');
  const add = useAddTag();
  const update = useUpdateTag();
  const save = tag ? update : add;
  const submit = () => {
    const chosen = colored ? color : '';
    if (tag) {
      // Only what changed: a tag merged into another keeps the other's colour unless one is chosen here.
      const renamed = name.trim().toLowerCase() !== tag.name ? { name } : {};
      const recoloured = chosen !== (tag.color ?? '') ? { color: chosen } : {};
      update.mutate({ name: tag.name, changes: { ...renamed, ...recoloured } }, { onSuccess: onDone });
    } else add.mutate({ name, color: chosen }, { onSuccess: onDone });
  };
  return (
    <FormCard of={{ noun: 'tag', editing: tag?.name }} save={save} fields={['name', 'color']} onSubmit={submit} onCancel={onDone}>
      <Field
        id="tag-name"
        label="Name"
        help={
          tag ? 'Renaming it renames it on every link; the name of another tag merges the two.' : 'Up to 50 characters; kept in lower case.'
        }
      >
        <input required maxLength={50} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <label className="inline">
        <input type="checkbox" checked={colored} onChange={(e) => setColored(e.target.checked)} /> A colour
      </label>
      {colored && (
        <Field id="tag-color" label="Colour">
          <input type="color" value={color} onChange={(e) => setColor(e.target.value)} />
        </Field>
      )}
    </FormCard>
  );
}
