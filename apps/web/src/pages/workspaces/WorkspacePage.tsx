import { useState } from 'react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { ErrorAlert, FormCard, Notice } from '../../components/FormCard';
import { QueryView } from '../../components/QueryView';
import { formatApiDate, plural } from '../../format';
import { inputRules } from '../../limits';
import { useDeleteWorkspace, useUpdateWorkspace, useWorkspace, type Workspace } from '../../resources/workspaces';
import { allows } from '../../roles';
import { chooseWorkspace, chosenWorkspace } from '../../workspace';
import { Invitations } from './Invitations';
import { Members } from './Members';
import { WorkspaceKeys } from './WorkspaceKeys';
import { ROLE_SAYS } from './roles';

/**
 * A team workspace: its members and their roles, invitations, workspace keys, its settings, and a
 * way to its audit log. Each part shows to the roles that may use it, as the service allows.
 */
export default function WorkspacePage() {
  const { id } = useParams({ from: '/workspaces/$id' });
  const workspace = useWorkspace(id);
  return (
    <main id="main">
      <QueryView query={workspace} loading="Loading the workspace" empty={() => null}>
        {(found) => <WorkspaceView workspace={found} />}
      </QueryView>
      {workspace.isError && (
        <p>
          <Link to="/workspaces">Back to your workspaces</Link>
        </p>
      )}
    </main>
  );
}

function WorkspaceView({ workspace }: { workspace: Workspace }) {
  const navigate = useNavigate();
  const role = workspace.role;
  return (
    <>
      <h1 tabIndex={-1}>
        <bdi>{workspace.name}</bdi>
      </h1>
      <dl className="facts">
        <dt>Your role</dt>
        <dd>{ROLE_SAYS[role]}</dd>
        <dt>Members</dt>
        <dd>{plural(workspace.members, 'member')}</dd>
        <dt>Since</dt>
        <dd>{formatApiDate(workspace.date)}</dd>
      </dl>
      <div className="actions">
        {chosenWorkspace() !== workspace.id && (
          <button
            type="button"
            onClick={() => {
              chooseWorkspace(workspace.id);
              void navigate({ to: '/links' });
            }}
          >
            Work in <bdi>{workspace.name}</bdi>
          </button>
        )}
        {allows(role, 'listAudit') && (
          <Link to="/workspaces/$id/audit" params={{ id: workspace.id }} className="button secondary">
            Audit log
          </Link>
        )}
      </div>
      <Members workspace={workspace} />
      {allows(role, 'listInvitations') && <Invitations workspace={workspace} />}
      {allows(role, 'listWorkspaceKeys') && <WorkspaceKeys workspace={workspace} />}
      {allows(role, 'updateWorkspace') && <Settings workspace={workspace} />}
      {allows(role, 'deleteWorkspace') && <DeleteWorkspace workspace={workspace} />}
    </>
  );
}

function Settings({ workspace }: { workspace: Workspace }) {
  const [name, setName] = useState(workspace.name);
  const [ssoOnly, setSsoOnly] = useState(workspace.ssoOnly);
  const save = useUpdateWorkspace();
  return (
    <FormCard
      of={{ title: 'Settings', submit: 'Save settings' }}
      save={save}
      fields={['name', 'ssoOnly']}
      onSubmit={() => save.mutate({ id: workspace.id, name, ssoOnly })}
    >
      <Field id="workspace-settings-name" label="Name" names={['name']}>
        <input required value={name} {...inputRules('WorkspaceUpdate', 'name')} onChange={(e) => setName(e.target.value)} />
      </Field>
      <label className="inline">
        <input
          type="checkbox"
          checked={ssoOnly}
          onChange={(e) => setSsoOnly(e.target.checked)}
          aria-describedby="workspace-sso-only-help"
        />{' '}
        Single sign-on only
      </label>
      <p id="workspace-sso-only-help" className="help">
        Members act here only in a dashboard session started through your OpenID provider: not after signing in with a password, nor with
        their own API key (workspace keys still work).
      </p>
      {save.isSuccess && !save.isPending && <Notice>Saved.</Notice>}
    </FormCard>
  );
}

function DeleteWorkspace({ workspace }: { workspace: Workspace }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteWorkspace();
  const navigate = useNavigate();
  return (
    <section className="card danger-zone" aria-labelledby="delete-workspace-title">
      <h2 id="delete-workspace-title">Delete the workspace</h2>
      <p className="small">
        Its links stop redirecting, and its domains, campaigns, statistics, keys and audit log are deleted, for every member.
      </p>
      <button type="button" className="danger" onClick={() => setConfirming(true)}>
        Delete <bdi>{workspace.name}</bdi>
      </button>
      <ErrorAlert error={remove.error} />
      <ConfirmDialog
        open={confirming}
        title={`Delete ${workspace.name}?`}
        confirm="Delete the workspace"
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(workspace.id, {
            onSuccess: () => {
              if (chosenWorkspace() === workspace.id) chooseWorkspace(null);
              void navigate({ to: '/workspaces' });
            },
          });
        }}
      >
        <p>
          Everything in <bdi>{workspace.name}</bdi> is deleted for all {plural(workspace.members, 'member')}. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}
