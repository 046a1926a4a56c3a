import { useState, type ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../api';
import { ConfirmDialog } from './ConfirmDialog';
import { Pager } from './Pager';
import { Empty, ErrorState, Loading } from './states';

/** What the service answers for a page of a list. */
export interface PageInfo {
  currentpage: number;
  maxpage: number;
  result: number;
}

/** A column of a list shown as a table. */
export interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
  className?: string;
}

export interface ListPageProps<T extends { id: number }, D extends PageInfo> {
  /** The page's (or its section's) heading. */
  title: string;
  /** What the table is called, when not the title ("Overlays" for the section "CTA overlays"). */
  label?: string;
  /** `h1` for a page of its own, `h2` for a section of a page (its own page then holds the `main`). */
  level?: 'h1' | 'h2';
  intro?: ReactNode;
  /** What one record is called ("pixel"), and many when not just an s more. */
  noun: string;
  many?: string;
  /** A page of the list (the resource's hook), and the records in it. */
  usePage: (page: number) => UseQueryResult<D, Error>;
  records: (data: D) => T[];
  /** The record's name, as a screen reader hears its buttons ("Edit Spring sale"). */
  name: (item: T) => string;
  /** How a loading list is announced ("Loading pixels"). */
  loading: string;
  empty: ReactNode;
  /** The form that makes a new record (`item` null) or changes one; shown above the list. */
  form?: (props: { item: T | null; onDone: () => void }) => ReactNode;
  /** The button that opens the form for a new record ("New pixel"); or `create` for a link elsewhere. */
  newLabel?: string;
  create?: ReactNode;
  /** Shown as a table of these columns, or as cards drawn by `card`. */
  columns?: Column<T>[];
  card?: (item: T) => ReactNode;
  cardsClass?: string;
  /** The delete mutation (by id) and what its confirmation says. */
  remove?: UseMutationResult<unknown, Error, number>;
  deleteTitle?: string;
  deleteText?: (item: T) => ReactNode;
  /** The confirmation's button (default "Delete"). */
  deleteLabel?: string;
  /** Said once a record was deleted (given its name). */
  deleted?: string | ((name: string) => ReactNode);
  /** More buttons of a record, after Edit and Delete. */
  actions?: (item: T) => ReactNode;
  /** Whether a record can be edited here (default: when there is a form). */
  editable?: boolean;
  editLabel?: string;
  /** Shown between the form and the list (a secret shown once, a preview). */
  children?: ReactNode;
}

/**
 * The one list page: a list the service pages, with its loading, error and empty states, the form
 * that makes and changes its records, a confirmation before a record is deleted, and the pager.
 * A page configures it with its columns (or cards) and its form, and keeps only what is its own.
 */
export function ListPage<T extends { id: number }, D extends PageInfo>(props: ListPageProps<T, D>) {
  const { title, level = 'h1', noun, name, remove } = props;
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deletedName, setDeletedName] = useState('');
  const list = props.usePage(page);
  const Heading = level;
  const editable = props.editable ?? props.form !== undefined;

  const actions = (item: T) => (
    <div className="actions">
      {editable && (
        <button
          type="button"
          className="small secondary"
          onClick={() => setEditing(item)}
          aria-label={`${props.editLabel ?? 'Edit'} ${name(item)}`}
        >
          {props.editLabel ?? 'Edit'}
        </button>
      )}
      {remove && (
        <button type="button" className="small danger" onClick={() => setDeleting(item)} aria-label={`Delete ${name(item)}`}>
          Delete
        </button>
      )}
      {props.actions?.(item)}
    </div>
  );

  const records = list.data ? props.records(list.data) : [];
  const body = list.isPending ? (
    <Loading label={props.loading} />
  ) : list.isError ? (
    <ErrorState error={list.error} retry={() => void list.refetch()} />
  ) : records.length === 0 ? (
    <Empty>{props.empty}</Empty>
  ) : (
    <>
      {props.columns ? (
        <div className="table-wrap" role="region" aria-label={`${props.label ?? title} table`} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{props.label ?? title}</caption>
            <thead>
              <tr>
                {props.columns.map((column) => (
                  <th key={column.header} scope="col">
                    {column.header}
                  </th>
                ))}
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {records.map((item) => (
                <tr key={item.id}>
                  {props.columns!.map((column) => (
                    <td key={column.header} className={column.className}>
                      {column.cell(item)}
                    </td>
                  ))}
                  <td>{actions(item)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className={props.cardsClass ?? 'cards'}>
          {records.map((item) => (
            <li key={item.id} className="card">
              {props.card?.(item)}
              {actions(item)}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} info={list.data} noun={noun} many={props.many} onPage={setPage} />
    </>
  );

  return (
    <>
      <div className="title-row">
        <Heading tabIndex={level === 'h1' ? -1 : undefined}>{title}</Heading>
        {props.newLabel && props.form && (
          <button type="button" onClick={() => setEditing('new')}>
            {props.newLabel}
          </button>
        )}
        {props.create}
      </div>
      {props.intro && <p className="muted">{props.intro}</p>}
      {editing !== null && props.form?.({ item: editing === 'new' ? null : editing, onDone: () => setEditing(null) })}
      {props.children}
      {remove?.isError && (
        <p className="error" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
      {remove?.isSuccess && props.deleted && (
        <p className="notice" role="status">
          {typeof props.deleted === 'function' ? props.deleted(deletedName) : props.deleted}
        </p>
      )}
      {body}
      {remove && (
        <ConfirmDialog
          open={deleting !== null}
          title={props.deleteTitle ?? `Delete this ${noun}?`}
          confirm={props.deleteLabel ?? 'Delete'}
          danger
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            if (deleting) {
              setDeletedName(name(deleting));
              remove.mutate(deleting.id);
            }
            setDeleting(null);
          }}
        >
          <p>{deleting && props.deleteText?.(deleting)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
