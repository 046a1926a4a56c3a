import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { NEEDS } from '@linkyard/spec/roles';
import { DataTable } from '../../components/DataTable';
import { ExportControls } from '../../components/ExportControls';
import { Field } from '../../components/Field';
import { Pager } from '../../components/Pager';
import { QueryView } from '../../components/QueryView';
import { addDays, formatApiDate } from '../../format';
import { downloadAudit, useAllMembers, useAudit, type AuditEntry, type AuditFilters } from '../../resources/workspaces';

/** The audit page's address: its filters (a person, an operation, a first and a last day) and page. */
export interface AuditSearch {
  user?: number;
  operation?: string;
  from?: string;
  to?: string;
  page?: number;
}

const VIA: Record<AuditEntry['via'], string> = {
  key: 'own API key',
  session: 'dashboard',
  sso: 'dashboard, single sign-on',
  'workspace-key': 'workspace key',
};
/** The operations one may filter by: every operation of the API, by its id. */
const OPERATIONS = Object.keys(NEEDS).sort();

/** The filters as the API takes them: the last day is taken whole (the API's `to` is the instant after). */
function apiFilters(search: AuditSearch): AuditFilters {
  return {
    ...(search.user !== undefined ? { user: search.user } : {}),
    ...(search.operation ? { operation: search.operation } : {}),
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: addDays(search.to, 1) } : {}),
  };
}

/** Who changed what, when and from where in a workspace: filtered, paged, exported; admins only. */
export default function AuditPage() {
  const { id } = useParams({ from: '/workspaces/$id/audit' });
  const search = useSearch({ from: '/workspaces/$id/audit' });
  const navigate = useNavigate({ from: '/workspaces/$id/audit' });
  const filters = apiFilters(search);
  const page = search.page ?? 1;
  const audit = useAudit(id, filters, page);
  const setSearch = (next: AuditSearch) => void navigate({ search: next });

  return (
    <main id="main">
      <h1 tabIndex={-1}>Audit log</h1>
      <p>
        <Link to="/workspaces/$id" params={{ id }}>
          Back to the workspace
        </Link>
      </p>
      <p className="intro">
        Every change in the workspace: who made it and how they were signed in, what it changed, when, and from which address.
      </p>
      <AuditFiltersForm id={id} search={search} onSearch={(next) => setSearch({ ...next, page: undefined })} />
      <QueryView
        query={audit}
        loading="Loading the audit log"
        empty={(data) =>
          data.entries.length === 0 ? <p>No changes {Object.keys(filters).length ? 'match these filters' : 'yet'}.</p> : null
        }
      >
        {(data) => (
          <>
            <DataTable label="Audit log" busy={audit.isPlaceholderData} headers={['When (UTC)', 'Who', 'What', 'Result', 'From']}>
              {data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatApiDate(entry.date)}</td>
                  <td>
                    <bdi>{entry.user.username}</bdi>
                    <span className="small muted"> ({VIA[entry.via]})</span>
                  </td>
                  <td>
                    <code>{entry.operation}</code>
                    {entry.record && (
                      <span className="small muted">
                        {' '}
                        #<bdi>{entry.record}</bdi>
                      </span>
                    )}
                  </td>
                  <td>{entry.status}</td>
                  <td>
                    <bdi>{entry.address ?? '—'}</bdi>
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pager page={page} info={data} noun="change" onPage={(next) => setSearch({ ...search, page: next })} />
          </>
        )}
      </QueryView>
      <section className="card" aria-labelledby="audit-export-title">
        <h2 id="audit-export-title">Export</h2>
        <p className="small">Every entry these filters keep, newest first.</p>
        <ExportControls id="audit-export-format" label="Export the audit log" download={(format) => downloadAudit(id, filters, format)} />
      </section>
    </main>
  );
}

function AuditFiltersForm({ id, search, onSearch }: { id: number; search: AuditSearch; onSearch: (search: AuditSearch) => void }) {
  const members = useAllMembers(id);
  const [user, setUser] = useState(search.user === undefined ? '' : String(search.user));
  const [operation, setOperation] = useState(search.operation ?? '');
  const [from, setFrom] = useState(search.from ?? '');
  const [to, setTo] = useState(search.to ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({
      user: user ? Number(user) : undefined,
      operation: operation.trim() || undefined,
      from: from || undefined,
      to: to || undefined,
    });
  };
  return (
    <form className="card filters" aria-label="Filter the audit log" onSubmit={submit}>
      <Field id="audit-user" label="Person">
        <select value={user} onChange={(e) => setUser(e.target.value)}>
          <option value="">Everyone</option>
          {members.data?.map((member) => (
            <option key={member.id} value={member.id}>
              {member.username}
            </option>
          ))}
        </select>
      </Field>
      <Field id="audit-operation" label="Operation" help="An operation of the API, such as addUrl.">
        <input list="audit-operations" value={operation} pattern="[A-Za-z]{1,64}" onChange={(e) => setOperation(e.target.value)} />
      </Field>
      <datalist id="audit-operations">
        {OPERATIONS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Field id="audit-from" label="From (UTC)">
        <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      </Field>
      <Field id="audit-to" label="Until (UTC, that day included)">
        <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </Field>
      <div className="actions">
        <button type="submit">Filter</button>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setUser('');
            setOperation('');
            setFrom('');
            setTo('');
            onSearch({});
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
