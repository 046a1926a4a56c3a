import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { LiveStatus } from '../../components/LiveStatus';
import { Pager } from '../../components/Pager';
import { Empty, ErrorState, Loading } from '../../components/states';
import { plural } from '../../format';
import { useCan } from '../../current-workspace';
import { useLiveRefresh } from '../../live';
import { useLinks, useRemoveLinks, type Order } from '../../resources/links';
import { ErrorAlert, Notice } from '../../components/FormCard';
import { LinkCells } from '../../components/LinkCells';
import { TagChips, colorsOf } from '../../components/Tags';
import { useTagChoices } from '../../resources/tags';
import { LinkFilters, apiFilters, filterCount, type LinkFilterSearch } from './LinkFilters';
import { BulkEditDialog, type EditScope } from './BulkEditDialog';

/** What the links list keeps in the address: a view can be bookmarked, shared, and gone back to. */
export interface LinksSearch extends LinkFilterSearch {
  q?: string;
  order?: 'clicks';
  page?: number;
}

/** The account's links: searched, sorted and paged by the service, so any number of links pages alike. */
export function LinksPage() {
  const current = useSearch({ from: '/links' });
  const { q = '', order: sort, page = 1 } = current;
  const filters = apiFilters(current);
  const filtered = filterCount(current) > 0;
  const order: Order = sort ?? 'date';
  const navigate = useNavigate({ from: '/links' });
  const [search, setSearch] = useState(q);
  // The search box follows the address when it changes without typing (back, forward).
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setSearch(q);
  }
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  // The selection belongs to one page of one query: another page starts with none.
  const view = JSON.stringify([q, order, page, filters]);
  const [selection, setSelection] = useState<{ view: string; ids: Set<number> }>({ view, ids: new Set() });
  const selected = selection.view === view ? selection.ids : new Set<number>();
  const setSelected = (ids: Set<number>) => setSelection({ view, ids });
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState<EditScope | null>(null);
  const [edited, setEdited] = useState<number | null>(null);

  // Each change is made on the address as it is then: a sort chosen while a search waits keeps both.
  const go = (changes: LinksSearch, replace = false) =>
    void navigate({ search: (current) => ({ ...current, page: undefined, ...changes }), replace });

  // The search is sent once typing pauses.
  const type = (text: string) => {
    setSearch(text);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => go({ q: text.trim() || undefined }, true), 300);
  };

  const links = useLinks({ q, order, page, ...filters });
  const tagChoices = useTagChoices();
  const colors = colorsOf(tagChoices.data);
  // Clicks as they land: the counts on the page follow without a reload (a burst refreshes once).
  const [landed, setLanded] = useState(0);
  const live = useLiveRefresh(['links'], (batch) => {
    if (batch.links.length === 0) return false;
    setLanded((count) => count + batch.links.reduce((sum, link) => sum + link.clicks, 0));
    return true;
  });
  const remove = useRemoveLinks();
  const canAdd = useCan('addUrl');
  const canRemove = useCan('deleteUrl');
  const canEdit = useCan('updateUrls');
  const selecting = canRemove || canEdit;

  const rows = links.data?.urls ?? [];
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  return (
    <main id="main">
      <div className="title-row">
        <h1 tabIndex={-1}>Links</h1>
        {canAdd && (
          <Link to="/links/new" className="button">
            New link
          </Link>
        )}
      </div>
      <p className="live-line" aria-live="polite">
        {live === 'live' &&
          (landed > 0 ? `Live: ${plural(landed, 'click')} since this page opened.` : 'Live: new clicks appear as they land.')}
        {live !== 'live' && live !== 'connecting' && <LiveStatus state={live} />}
      </p>
      <div className="toolbar" role="search">
        <label htmlFor="search">Search links</label>
        <input id="search" type="search" value={search} onChange={(e) => type(e.target.value)} placeholder="Alias, URL, title or note" />
        <label htmlFor="order">Sort by</label>
        <select id="order" value={order} onChange={(e) => go({ order: e.target.value === 'clicks' ? 'clicks' : undefined })}>
          <option value="date">Newest first</option>
          <option value="clicks">Most clicked first</option>
        </select>
        {canEdit && (
          <button type="button" className="secondary" disabled={selected.size === 0} onClick={() => setEditing({ ids: [...selected] })}>
            Edit selected ({selected.size})
          </button>
        )}
        {canEdit && (links.data?.result ?? 0) > 0 && (
          <button
            type="button"
            className="secondary"
            onClick={() => setEditing({ filter: { q: q || undefined, ...filters }, count: links.data!.result })}
          >
            Edit all {links.data!.result.toLocaleString()}
            {q || filtered ? ' matching' : ''}
          </button>
        )}
        {canRemove && (
          <button type="button" className="danger" disabled={selected.size === 0 || remove.isPending} onClick={() => setConfirming(true)}>
            Delete selected ({selected.size})
          </button>
        )}
      </div>
      <LinkFilters search={current} onChange={(changes) => go(changes)} />
      <ErrorAlert error={remove.error} />
      {edited !== null && <Notice>{edited === 1 ? 'The link was changed.' : `${edited.toLocaleString()} links were changed.`}</Notice>}
      {remove.isSuccess && <Notice>{remove.data === 1 ? 'The link was deleted.' : `${remove.data} links were deleted.`}</Notice>}
      {links.isPending ? (
        <Loading label="Loading links" />
      ) : !links.data ? (
        <ErrorState error={links.error} retry={() => void links.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>
          {q || filtered ? (
            <p>
              No link matches
              {q && (
                <>
                  {' '}
                  “<bdi>{q}</bdi>”
                </>
              )}
              {filtered && `${q ? ' and' : ''} the filters in force`}.
            </p>
          ) : (
            <p>No links yet.{canAdd && <Link to="/links/new"> Make your first short link</Link>}</p>
          )}
        </Empty>
      ) : (
        <>
          {/* Rows of the previous query stay shown while the new one loads: marked busy, and dimmed. */}
          <div className="table-wrap" role="region" aria-label="Links table" tabIndex={0} aria-busy={links.isPlaceholderData}>
            <table className="links">
              <caption className="visually-hidden">
                Links {links.data.result > 0 ? `, page ${links.data.currentpage} of ${links.data.maxpage}` : ''}
                {order === 'clicks' ? ', most clicked first' : ', newest first'}
              </caption>
              <thead>
                <tr>
                  {selecting && (
                    <th scope="col">
                      <input
                        type="checkbox"
                        aria-label="Select every link of this page"
                        checked={allSelected}
                        onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))}
                      />
                    </th>
                  )}
                  <th scope="col">Short URL</th>
                  <th scope="col">Destination</th>
                  <th scope="col" aria-sort={order === 'clicks' ? 'descending' : 'none'}>
                    <button type="button" className="sort" onClick={() => go({ order: 'clicks' })}>
                      Clicks
                    </button>
                  </th>
                  <th scope="col" aria-sort={order === 'date' ? 'descending' : 'none'}>
                    <button type="button" className="sort" onClick={() => go({ order: undefined })}>
                      Created
                    </button>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((link) => (
                  <tr key={link.id}>
                    {selecting && (
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`Select ${link.shorturl.replace(/^https?:\/\//, '')}`}
                          checked={selected.has(link.id)}
                          onChange={() => toggle(link.id)}
                        />
                      </td>
                    )}
                    <td>
                      <Link to="/links/$id" params={{ id: link.id }} className="strong">
                        <bdi>{link.shorturl.replace(/^https?:\/\//, '')}</bdi>
                      </Link>
                      {link.archived && <span className="badge">Archived</span>}
                      {link.title && (
                        <div className="muted small">
                          <bdi>{link.title}</bdi>
                        </div>
                      )}
                      <TagChips tags={link.tags} colors={colors} filter />
                      <CopyButton text={link.shorturl} label={`Copy ${link.shorturl}`} />
                    </td>
                    <LinkCells link={link} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} info={links.data} noun="link" onPage={(next) => go({ page: next > 1 ? next : undefined })} />
        </>
      )}
      <BulkEditDialog
        scope={editing}
        names={new Map(rows.map((row) => [row.id, row.shorturl]))}
        onClose={() => setEditing(null)}
        onDone={(updated) => {
          setEditing(null);
          setEdited(updated);
          setSelected(new Set());
        }}
      />
      <ConfirmDialog
        open={confirming}
        title={`Delete ${selected.size === 1 ? 'this link' : `${selected.size} links`}?`}
        confirm="Delete"
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate([...selected], { onSettled: () => setSelected(new Set()) });
        }}
      >
        <p>Their short URLs stop working at once, and their statistics are deleted with them.</p>
      </ConfirmDialog>
    </main>
  );
}
