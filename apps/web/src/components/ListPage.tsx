import { useState, type ComponentType, type ReactNode } from 'react';
import type { ListSource, PageInfo } from '../resources/hooks';
import { ConfirmDialog } from './ConfirmDialog';
import { useCan } from '../current-workspace';
import { Pager } from './Pager';
import { Empty, ErrorState, Loading } from './states';
import { ErrorAlert, Notice } from './FormCard';

/** What deleting a record says: before (the confirmation, and its button), and after. */
export interface Removal<T> {
  text: (item: T) => ReactNode;
  label?: string;
  done?: string | ((name: string) => ReactNode);
}

/** A column of a list shown as a table. */
export interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
  className?: string;
}

export interface ListPageProps<T extends { id: number }, D extends PageInfo> {
  /** The resource's list (resources/<resource>.ts): its pages, records, names and removal. */
  source: ListSource<T, D>;
  /** The page's (or its section's) heading. */
  title: string;
  /** What the table is called, when not the title ("Overlays" for the section "CTA overlays"). */
  label?: string;
  /** `h1` for a page of its own, `h2` for a section of a page (its own page then holds the `main`). */
  level?: 'h1' | 'h2';
  intro?: ReactNode;
  /** What an empty list says (default: "No channels yet."). */
  empty?: ReactNode;
  /** The form that makes a new record (`item` null) or changes one; shown above the list. */
  form?: ComponentType<{ item: T | null; onDone: () => void }>;
  /** Whether the form makes new records (a "New channel" button), unless `create` links elsewhere. */
  adds?: boolean;
  create?: ReactNode;
  /** Shown as a table of these columns, or as cards drawn by `card`. */
  columns?: Column<T>[];
  card?: (item: T) => ReactNode;
  cardsClass?: string;
  /** What deleting a record says. */
  removal?: Removal<T>;
  /** Extra buttons of a record, after Edit and Delete (those that change it are wrapped in `Can`). */
  extra?: (item: T) => ReactNode;
  /** Whether the form changes a record (an "Edit" button, or this word), false when it only makes new ones. */
  edits?: string | false;
  /** Shown between the form and the list (a secret shown once, a preview). */
  children?: ReactNode;
}

/**
 * The one list page: a list the service pages, with its loading, error and empty states, the form
 * that makes and changes its records, a confirmation before a record is deleted, and the pager.
 * A page configures it with its columns (or cards) and its form, and keeps only what is its own.
 */
export function ListPage<T extends { id: number }, D extends PageInfo>(props: ListPageProps<T, D>) {
  const { source, title, level = 'h1' } = props;
  const { noun, many, name } = source;
  // What the person's role may do here: the rest is not offered.
  const canAdd = useCan(source.writes.add);
  const canUpdate = useCan(source.writes.update);
  const canRemove = useCan(source.writes.remove);
  const remove = source.useRemove();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deletedName, setDeletedName] = useState('');
  const list = source.usePage(page);
  const Heading = level;
  const Form = props.form;
  const editable = props.form !== undefined && props.edits !== false && canUpdate;
  const editWord = typeof props.edits === 'string' ? props.edits : 'Edit';
  const removal = props.removal;

  const actions = (item: T) => (
    <div className="actions">
      {editable && (
        <button type="button" className="small secondary" onClick={() => setEditing(item)} aria-label={`${editWord} ${name(item)}`}>
          {editWord}
        </button>
      )}
      {canRemove && (
        <button type="button" className="small danger" onClick={() => setDeleting(item)} aria-label={`Delete ${name(item)}`}>
          Delete
        </button>
      )}
      {props.extra?.(item)}
    </div>
  );

  const records = list.data ? source.records(list.data) : [];
  const body = list.isPending ? (
    <Loading label={`Loading ${many}`} />
  ) : list.isError ? (
    <ErrorState error={list.error} retry={() => void list.refetch()} />
  ) : records.length === 0 ? (
    <Empty>{props.empty ?? <p>No {many} yet.</p>}</Empty>
  ) : (
    <>
      {props.columns ? (
        <div
          className="table-wrap"
          role="region"
          aria-label={`${props.label ?? title} table`}
          tabIndex={0}
          aria-busy={list.isPlaceholderData}
        >
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
      <Pager page={page} info={list.data} noun={noun} many={many} onPage={setPage} />
    </>
  );

  return (
    <>
      <div className="title-row">
        <Heading tabIndex={level === 'h1' ? -1 : undefined}>{title}</Heading>
        {Form && !props.create && props.adds !== false && canAdd && (
          <button type="button" onClick={() => setEditing('new')}>
            {`New ${noun}`}
          </button>
        )}
        {canAdd && props.create}
      </div>
      {props.intro && <p className="muted">{props.intro}</p>}
      {editing !== null && Form && <Form item={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      {props.children}
      <ErrorAlert error={remove.error} />
      {remove.isSuccess && removal?.done && (
        <Notice>{typeof removal.done === 'function' ? removal.done(deletedName) : removal.done}</Notice>
      )}
      {body}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete this ${noun}?`}
        confirm={removal?.label ?? 'Delete'}
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
        <p>{deleting && removal?.text(deleting)}</p>
      </ConfirmDialog>
    </>
  );
}
