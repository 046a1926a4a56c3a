import { useRef, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../api';
import { Link, navigate, useLocation } from '../router';
import { formatApiDate, formatNumber, plural } from '../format';
import { CopyButton } from '../components/CopyButton';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Empty, ErrorState, Loading } from '../components/states';
import { throttle, useLiveClicks } from '../live';

const PAGE_SIZE = 25;
type Order = 'date' | 'clicks';

/** The account's links: searched, sorted and paged by the service, so any number of links pages alike. */
export function LinksPage() {
  const { query } = useLocation();
  const q = query.get('q') ?? '';
  const order: Order = query.get('order') === 'clicks' ? 'clicks' : 'date';
  const page = Math.max(1, Number(query.get('page')) || 1);
  const [search, setSearch] = useState(q);
  // The search box follows the address when it changes without typing (back, forward).
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setSearch(q);
  }
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The selection belongs to one page of one query: another page starts with none.
  const view = JSON.stringify([q, order, page]);
  const [selection, setSelection] = useState<{ view: string; ids: Set<number> }>({ view, ids: new Set() });
  const selected = selection.view === view ? selection.ids : new Set<number>();
  const setSelected = (ids: Set<number> | ((current: Set<number>) => Set<number>)) =>
    setSelection({ view, ids: typeof ids === 'function' ? ids(selected) : ids });
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();

  const go = (changes: { q?: string; order?: Order; page?: number }, replace = false) => {
    const next = new URLSearchParams();
    const nq = changes.q ?? q;
    const norder = changes.order ?? order;
    const npage = changes.page ?? 1;
    if (nq) next.set('q', nq);
    if (norder !== 'date') next.set('order', norder);
    if (npage > 1) next.set('page', String(npage));
    const text = next.toString();
    navigate(`/links${text ? `?${text}` : ''}`, { replace });
  };

  // The search is sent once typing pauses.
  const type = (text: string) => {
    setSearch(text);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => go({ q: text.trim() }, true), 300);
  };

  const links = useQuery({
    queryKey: ['links', { q, order, page }],
    queryFn: async () => (await api.GET('/urls', { params: { query: { q: q || undefined, order, page, limit: PAGE_SIZE } } })).data.data,
    placeholderData: keepPreviousData,
  });

  // Clicks as they land: the counts on the page follow without a reload (a burst refreshes once).
  const [landed, setLanded] = useState(0);
  const [refresh] = useState(() => throttle(() => void queryClient.invalidateQueries({ queryKey: ['links'] }), 1000));
  const live = useLiveClicks((batch) => {
    if (batch.links.length === 0) return;
    setLanded((count) => count + batch.links.reduce((sum, link) => sum + link.clicks, 0));
    refresh();
  });

  const remove = useMutation({
    mutationFn: async (ids: number[]) => {
      const failures: string[] = [];
      for (const id of ids) {
        try {
          await api.DELETE('/url/{id}/delete', { params: { path: { id } } });
        } catch (error) {
          failures.push(`link ${id}: ${errorMessage(error)}`);
        }
      }
      if (failures.length) throw new Error(`${ids.length - failures.length} of ${ids.length} deleted. ${failures.join(' ')}`);
      return ids.length;
    },
    onSettled: () => {
      setSelected(new Set());
      void queryClient.invalidateQueries({ queryKey: ['links'] });
    },
  });

  const rows = links.data?.urls ?? [];
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <main id="main">
      <div className="title-row">
        <h1 tabIndex={-1}>Links</h1>
        <Link to="/links/new" className="button">
          New link
        </Link>
      </div>
      <p className="live" role="status" aria-live="polite">
        {live ? (landed > 0 ? `Live: ${plural(landed, 'click')} since this page opened.` : 'Live: new clicks appear as they land.') : ''}
      </p>
      <div className="toolbar" role="search">
        <label htmlFor="search">Search links</label>
        <input id="search" type="search" value={search} onChange={(e) => type(e.target.value)} placeholder="Alias, URL, title or note" />
        <label htmlFor="order">Sort by</label>
        <select id="order" value={order} onChange={(e) => go({ order: e.target.value as Order })}>
          <option value="date">Newest first</option>
          <option value="clicks">Most clicked first</option>
        </select>
        <button type="button" className="danger" disabled={selected.size === 0 || remove.isPending} onClick={() => setConfirming(true)}>
          Delete selected ({selected.size})
        </button>
      </div>
      {remove.isError && (
        <p className="error" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
      {remove.isSuccess && (
        <p role="status" className="notice">
          {remove.data === 1 ? 'The link was deleted.' : `${remove.data} links were deleted.`}
        </p>
      )}
      {links.isPending ? (
        <Loading label="Loading links" />
      ) : links.isError ? (
        <ErrorState error={links.error} retry={() => void links.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>
          {q ? (
            <p>
              No link matches “<bdi>{q}</bdi>”.
            </p>
          ) : (
            <p>
              No links yet. <Link to="/links/new">Make your first short link</Link>.
            </p>
          )}
        </Empty>
      ) : (
        <>
          <div className="table-wrap" role="region" aria-label="Links table" tabIndex={0}>
            <table className="links">
              <caption className="visually-hidden">
                Links {links.data.result > 0 ? `, page ${links.data.currentpage} of ${links.data.maxpage}` : ''}
                {order === 'clicks' ? ', most clicked first' : ', newest first'}
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label="Select every link of this page"
                      checked={allSelected}
                      onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))}
                    />
                  </th>
                  <th scope="col">Short URL</th>
                  <th scope="col">Destination</th>
                  <th scope="col" aria-sort={order === 'clicks' ? 'descending' : 'none'}>
                    <button type="button" className="sort" onClick={() => go({ order: 'clicks' })}>
                      Clicks
                    </button>
                  </th>
                  <th scope="col" aria-sort={order === 'date' ? 'descending' : 'none'}>
                    <button type="button" className="sort" onClick={() => go({ order: 'date' })}>
                      Created
                    </button>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((link) => (
                  <tr key={link.id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Select ${link.alias}`}
                        checked={selected.has(link.id)}
                        onChange={() => toggle(link.id)}
                      />
                    </td>
                    <td>
                      <Link to={`/links/${link.id}`} className="strong">
                        <bdi>{link.shorturl.replace(/^https?:\/\//, '')}</bdi>
                      </Link>
                      {link.title && (
                        <div className="muted small">
                          <bdi>{link.title}</bdi>
                        </div>
                      )}
                      <CopyButton text={link.shorturl} label={`Copy ${link.shorturl}`} />
                    </td>
                    <td className="url">
                      <bdi>{link.longurl}</bdi>
                    </td>
                    <td className="num">{formatNumber(link.clicks)}</td>
                    <td>{formatApiDate(link.date)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label="Pages">
            <button type="button" className="secondary" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
              Previous page
            </button>
            <span>
              Page {links.data.currentpage} of {Math.max(1, links.data.maxpage)} ({plural(links.data.result, 'link')})
            </span>
            <button type="button" className="secondary" disabled={page >= links.data.maxpage} onClick={() => go({ page: page + 1 })}>
              Next page
            </button>
          </nav>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${selected.size === 1 ? 'this link' : `${selected.size} links`}?`}
        confirm="Delete"
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate([...selected]);
        }}
      >
        <p>Their short URLs stop working at once, and their statistics are deleted with them.</p>
      </ConfirmDialog>
    </main>
  );
}
