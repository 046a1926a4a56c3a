import { useState } from 'react';
import { Field } from '../../components/Field';
import { ErrorAlert, FormCard } from '../../components/FormCard';
import { PagedTable } from '../../components/PagedTable';
import { ShownOnce } from '../../components/ShownOnce';
import { formatApiDate } from '../../format';
import { inputRules } from '../../limits';
import { useAddWorkspaceKey, useDeleteWorkspaceKey, useWorkspaceKeys, type Workspace, type WorkspaceKey } from '../../resources/workspaces';

const SCOPE_SAYS: Record<WorkspaceKey['scope'], string> = {
  full: 'Full: acts with your role',
  read: 'Read only: reads and exports, as a viewer',
};

/** Workspace keys: API keys of this workspace for scripts and services, made by admins, secret shown once. */
export function WorkspaceKeys({ workspace }: { workspace: Workspace }) {
  const [page, setPage] = useState(1);
  const keys = useWorkspaceKeys(workspace.id, page);
  const remove = useDeleteWorkspaceKey();
  return (
    <section className="card" aria-labelledby="keys-title">
      <h2 id="keys-title">Workspace keys</h2>
      <p className="small">
        For scripts and services: a key acts in this workspace only. It stops working when deleted, or when the member who made it leaves.
      </p>
      <NewKey workspace={workspace} />
      <PagedTable
        query={keys}
        records={(data) => data.keys}
        loading="Loading the keys"
        empty={<p>No workspace keys yet.</p>}
        label="Workspace keys"
        headers={['Name', 'Scope', 'Made by', 'Made', '']}
        noun="key"
        page={page}
        onPage={setPage}
        row={(key) => (
          <tr key={key.id}>
            <td>
              <bdi>{key.name}</bdi>
            </td>
            <td>{key.scope === 'read' ? 'Read only' : 'Full'}</td>
            <td>
              <bdi>{key.madeBy.username}</bdi>
            </td>
            <td>{formatApiDate(key.date)}</td>
            <td>
              <button
                type="button"
                className="small danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ id: workspace.id, keyid: key.id })}
              >
                Delete<span className="visually-hidden"> the key {key.name}</span>
              </button>
            </td>
          </tr>
        )}
      />
      <ErrorAlert error={remove.error} />
    </section>
  );
}

function NewKey({ workspace }: { workspace: Workspace }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<WorkspaceKey['scope']>('read');
  const add = useAddWorkspaceKey();
  const made = add.data;
  return (
    <>
      <FormCard
        level="h3"
        of={{ title: 'New workspace key', submit: 'Make the key' }}
        save={add}
        fields={['name', 'scope']}
        onSubmit={() => add.mutate({ id: workspace.id, name, scope }, { onSuccess: () => setName('') })}
      >
        <Field id="key-name" label="Name" help="What uses it: “Reporting script”, “CRM sync”.">
          <input required value={name} {...inputRules('WorkspaceKeyAdd', 'name')} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field id="key-scope" label="Scope">
          <select value={scope} onChange={(e) => setScope(e.target.value as WorkspaceKey['scope'])}>
            {(['read', 'full'] as const).map((each) => (
              <option key={each} value={each}>
                {SCOPE_SAYS[each]}
              </option>
            ))}
          </select>
        </Field>
      </FormCard>
      {made && (
        <ShownOnce id="workspace-key-secret" label="API key" value={made.apikey} copy="Copy the key">
          The key <bdi>{made.name}</bdi>: keep it now, it is shown this once.
        </ShownOnce>
      )}
    </>
  );
}
