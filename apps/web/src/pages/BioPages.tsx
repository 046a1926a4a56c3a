import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../api';
import { Link, navigate, useLocation } from '../router';
import { formatApiDate, formatNumber } from '../format';
import { CopyButton } from '../components/CopyButton';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Pager } from '../components/Pager';
import { Empty, ErrorState, Loading } from '../components/states';
import './bio.css';

const PAGE_SIZE = 25;

/** A page of the account's bio pages, as the service pages them (only the page shown travels). */
export default function BioPagesPage() {
  const { query } = useLocation();
  const page = Math.max(1, Number(query.get('page')) || 1);
  const [deleting, setDeleting] = useState<{ id: number; name: string; link: string } | null>(null);
  const queryClient = useQueryClient();

  const pages = useQuery({
    queryKey: ['bio-pages', page],
    queryFn: async () => (await api.GET('/bio', { params: { query: { page, limit: PAGE_SIZE } } })).data.data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const remove = useMutation({
    mutationFn: async (target: { id: number; name: string }) => {
      await api.DELETE('/bio/{id}/delete', { params: { path: { id: target.id } } });
      return target.name;
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['bio-pages'] }),
    onSuccess: (_name, target) => queryClient.removeQueries({ queryKey: ['bio-page', target.id] }),
  });
  const go = (next: number) => navigate(next > 1 ? `/bio?page=${next}` : '/bio');
  const rows = pages.data?.bio ?? [];

  return (
    <main id="main">
      <div className="title-row">
        <h1 tabIndex={-1}>Bio pages</h1>
        <Link to="/bio/new" className="button">
          New bio page
        </Link>
      </div>
      <p className="muted">
        A page of buttons, text, pictures and players at an address of its own, for the link in a social profile. Its visits and the clicks
        of its buttons are counted like a link&apos;s.
      </p>
      {remove.isError && (
        <p className="error" role="alert">
          <bdi>{errorMessage(remove.error)}</bdi>
        </p>
      )}
      {remove.isSuccess && (
        <p role="status" className="notice">
          The page <bdi>{remove.data}</bdi> was deleted.
        </p>
      )}
      {pages.isPending ? (
        <Loading label="Loading the bio pages" />
      ) : pages.isError ? (
        <ErrorState error={pages.error} retry={() => void pages.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>
          {page > 1 ? (
            <p>
              This page of the list is empty. <Link to="/bio">Back to the first page</Link>
            </p>
          ) : (
            <p>
              No bio pages yet. <Link to="/bio/new">Make your first one</Link>.
            </p>
          )}
        </Empty>
      ) : (
        <>
          <div className="table-wrap" role="region" aria-label="Bio pages table" tabIndex={0}>
            <table className="bio-pages">
              <caption className="visually-hidden">
                Bio pages, newest first, page {pages.data.currentpage} of {Math.max(1, pages.data.maxpage)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Page</th>
                  <th scope="col">Address</th>
                  <th scope="col" className="num">
                    Visits
                  </th>
                  <th scope="col">Created</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>
                      <Link to={`/bio/${row.id}`} className="strong">
                        <bdi>{row.name}</bdi>
                      </Link>
                      {!row.public && <span className="badge">Private</span>}
                    </td>
                    <td className="url">
                      <a href={row.link} target="_blank" rel="noreferrer noopener">
                        <bdi>{row.link.replace(/^https?:\/\//, '')}</bdi>
                      </a>
                      <CopyButton text={row.link} label={`Copy ${row.link}`} />
                    </td>
                    <td className="num">{formatNumber(row.visits)}</td>
                    <td>{formatApiDate(row.date)}</td>
                    <td>
                      <div className="row-actions">
                        <Link to={`/bio/${row.id}/edit`} className="button secondary small" aria-label={`Edit ${row.name}`}>
                          Edit
                        </Link>
                        <button
                          type="button"
                          className="danger small"
                          aria-label={`Delete ${row.name}`}
                          disabled={remove.isPending}
                          onClick={() => setDeleting({ id: row.id, name: row.name, link: row.link })}
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
          <Pager page={page} info={pages.data} noun="page" onPage={go} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this bio page?"
        confirm="Delete the page"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
          setDeleting(null);
        }}
      >
        <p>
          <bdi>{deleting?.link}</bdi> answers “not found” at once. Its blocks, pictures and statistics (visits and clicks) are deleted with
          it, it leaves its channels, and its alias is free again for a link or another page. This cannot be undone.
        </p>
      </ConfirmDialog>
    </main>
  );
}
