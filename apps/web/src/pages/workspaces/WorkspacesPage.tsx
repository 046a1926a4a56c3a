import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Field } from '../../components/Field';
import { FormCard } from '../../components/FormCard';
import { QueryView } from '../../components/QueryView';
import { formatApiDate, plural } from '../../format';
import { inputRules } from '../../limits';
import { useCreateWorkspace, useWorkspaces, type Workspace } from '../../resources/workspaces';
import { chooseWorkspace, useChosenWorkspace } from '../../workspace';
import { ROLE_SAYS } from './roles';

/** The person's workspaces: theirs, and the teams they are a member of; a new team workspace. */
export default function WorkspacesPage() {
  const workspaces = useWorkspaces();
  const chosen = useChosenWorkspace();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const open = (workspace: Workspace) => {
    chooseWorkspace(workspace.id);
    void navigate({ to: '/links' });
  };
  return (
    <main id="main">
      <h1 tabIndex={-1}>Workspaces</h1>
      <p className="intro">
        A workspace holds links, domains, campaigns and the rest. Yours is your own; a team workspace is shared by its members, each with a
        role. The menu&apos;s workspace switcher chooses where you work.
      </p>
      {adding ? (
        <NewWorkspace onDone={() => setAdding(false)} />
      ) : (
        <button type="button" onClick={() => setAdding(true)}>
          New team workspace
        </button>
      )}
      <QueryView query={workspaces} loading="Loading your workspaces" empty={() => null}>
        {(list) => (
          <ul className="cards" aria-label="Your workspaces">
            {list.map((workspace) => {
              const current = (chosen ?? list.find((w) => w.personal)?.id) === workspace.id;
              return (
                <li key={workspace.id} className="card">
                  <h2>
                    <bdi>{workspace.name}</bdi>
                    {workspace.personal && <span className="badge">Yours</span>}
                    {current && <span className="badge ok">Current</span>}
                  </h2>
                  <p className="small">{ROLE_SAYS[workspace.role]}</p>
                  <p className="small muted">
                    {plural(workspace.members, 'member')}, since {formatApiDate(workspace.date)}
                    {workspace.ssoOnly && ', single sign-on only'}
                  </p>
                  <div className="actions">
                    {!current && (
                      <button type="button" className="small" onClick={() => open(workspace)}>
                        Work in <bdi>{workspace.name}</bdi>
                      </button>
                    )}
                    {!workspace.personal && (
                      <Link to="/workspaces/$id" params={{ id: workspace.id }} className="button small secondary">
                        Members and settings<span className="visually-hidden"> of {workspace.name}</span>
                      </Link>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
    </main>
  );
}

function NewWorkspace({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const create = useCreateWorkspace();
  const navigate = useNavigate();
  return (
    <FormCard
      of={{ title: 'New team workspace', submit: 'Create workspace' }}
      save={create}
      fields={['name']}
      onCancel={onDone}
      onSubmit={() =>
        create.mutate(name, {
          onSuccess: (made) => {
            onDone();
            void navigate({ to: '/workspaces/$id', params: { id: made.id } });
          },
        })
      }
    >
      <Field id="workspace-name" label="Name" help="Your team's or your client's name. You are its owner; invite the others next.">
        <input required value={name} {...inputRules('WorkspaceAdd', 'name')} onChange={(e) => setName(e.target.value)} />
      </Field>
    </FormCard>
  );
}
