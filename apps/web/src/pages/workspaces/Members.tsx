import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorAlert, Notice } from '../../components/FormCard';
import { PagedTable } from '../../components/PagedTable';
import { formatApiDate } from '../../format';
import { useMembers, useRemoveMember, useUpdateMember, type Member, type Workspace } from '../../resources/workspaces';
import { allows } from '../../roles';
import { useSession } from '../../session';
import { chooseWorkspace, chosenWorkspace } from '../../workspace';
import { roleName, rolesGivenBy } from './roles';

/** The members and their roles: an admin changes a role or removes a member; anyone may leave. */
export function Members({ workspace }: { workspace: Workspace }) {
  const [page, setPage] = useState(1);
  const members = useMembers(workspace.id, page);
  const me = useSession().data?.session?.account.id;
  const change = useUpdateMember();
  const remove = useRemoveMember();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<Member | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  const admin = allows(workspace.role, 'updateMember');
  const leaving = removing?.id === me;

  const confirmRemoval = () => {
    const member = removing!;
    setRemoving(null);
    remove.mutate(
      { id: workspace.id, userid: member.id },
      {
        onSuccess: () => {
          if (member.id !== me) return setRemoved(member.username);
          if (chosenWorkspace() === workspace.id) chooseWorkspace(null);
          void navigate({ to: '/workspaces' });
        },
      },
    );
  };

  return (
    <section className="card" aria-labelledby="members-title">
      <h2 id="members-title">Members</h2>
      <PagedTable
        query={members}
        records={(data) => data.members}
        loading="Loading the members"
        label="Members"
        headers={['Member', 'E-mail address', 'Role', 'Since', '']}
        noun="member"
        page={page}
        onPage={setPage}
        row={(member) => (
          <tr key={member.id}>
            <td>
              <bdi>{member.username}</bdi>
              {member.id === me && <span className="badge">You</span>}
            </td>
            <td>
              <bdi>{member.email}</bdi>
            </td>
            <td>
              {admin && (member.role !== 'owner' || workspace.role === 'owner') ? (
                <select
                  aria-label={`Role of ${member.username}`}
                  value={member.role}
                  disabled={change.isPending}
                  onChange={(e) => change.mutate({ id: workspace.id, userid: member.id, role: e.target.value as Member['role'] })}
                >
                  {rolesGivenBy(workspace.role).map((role) => (
                    <option key={role} value={role}>
                      {roleName(role)}
                    </option>
                  ))}
                </select>
              ) : (
                roleName(member.role)
              )}
            </td>
            <td>{formatApiDate(member.date)}</td>
            <td>
              {(member.id === me || (admin && (member.role !== 'owner' || workspace.role === 'owner'))) && (
                <button type="button" className="small danger" onClick={() => setRemoving(member)}>
                  {member.id === me ? 'Leave' : 'Remove'}
                  <span className="visually-hidden"> {member.username}</span>
                </button>
              )}
            </td>
          </tr>
        )}
      />
      <ErrorAlert error={change.error ?? remove.error} />
      {change.isSuccess && !change.isPending && <Notice>Role changed: it applies from the member&apos;s next request.</Notice>}
      {removed && (
        <Notice>
          <bdi>{removed}</bdi> is no longer a member: their next request here is refused.
        </Notice>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={leaving ? `Leave ${workspace.name}?` : `Remove ${removing?.username ?? ''}?`}
        confirm={leaving ? 'Leave the workspace' : 'Remove the member'}
        danger
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemoval}
      >
        <p>
          {leaving
            ? 'You lose access to its links and the rest at once; an admin can invite you again.'
            : 'They lose access at once, on every page they have open, and the workspace keys they made stop working. What they made stays.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
