import { useState } from 'react';
import { Field } from '../../components/Field';
import { ErrorAlert, FormCard } from '../../components/FormCard';
import { PagedTable } from '../../components/PagedTable';
import { ShownOnce } from '../../components/ShownOnce';
import { formatApiDate } from '../../format';
import { useInvitations, useInvite, useRevokeInvitation, type Role, type Workspace } from '../../resources/workspaces';
import { roleName, rolesGivenBy } from './roles';

/** Invitations: an address and a role make a single-use link (e-mailed when the service can); revocable until used. */
export function Invitations({ workspace }: { workspace: Workspace }) {
  const [page, setPage] = useState(1);
  const invitations = useInvitations(workspace.id, page);
  const revoke = useRevokeInvitation();
  return (
    <section className="card" aria-labelledby="invitations-title">
      <h2 id="invitations-title">Invitations</h2>
      <Invite workspace={workspace} />
      <PagedTable
        query={invitations}
        records={(data) => data.invitations}
        loading="Loading the invitations"
        empty={<p>No invitations waiting.</p>}
        label="Invitations waiting"
        headers={['E-mail address', 'Role', 'Works until', '']}
        noun="invitation"
        page={page}
        onPage={setPage}
        row={(invitation) => (
          <tr key={invitation.id}>
            <td>
              <bdi>{invitation.email}</bdi>
            </td>
            <td>{roleName(invitation.role)}</td>
            <td>{invitation.expired ? <span className="badge">Expired</span> : formatApiDate(invitation.expires)}</td>
            <td>
              <button
                type="button"
                className="small danger"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate({ id: workspace.id, invitationid: invitation.id })}
              >
                Revoke<span className="visually-hidden"> the invitation of {invitation.email}</span>
              </button>
            </td>
          </tr>
        )}
      />
      <ErrorAlert error={revoke.error} />
    </section>
  );
}

function Invite({ workspace }: { workspace: Workspace }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const invite = useInvite();
  const made = invite.data;
  return (
    <>
      <FormCard
        level="h3"
        of={{ title: 'Invite someone', submit: 'Invite' }}
        save={invite}
        fields={['email', 'role']}
        onSubmit={() => invite.mutate({ id: workspace.id, email, role }, { onSuccess: () => setEmail('') })}
      >
        <Field id="invite-email" label="E-mail address">
          <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field id="invite-role" label="Role">
          <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {rolesGivenBy(workspace.role).map((each) => (
              <option key={each} value={each}>
                {roleName(each)}
              </option>
            ))}
          </select>
        </Field>
      </FormCard>
      {made && (
        <ShownOnce id="invitation-link" label="Invitation link" value={made.link} copy="Copy the invitation link">
          {made.emailed ? 'Sent to ' : 'Send this link to '}
          <bdi>{made.email}</bdi>
          {made.emailed ? ' by e-mail. The link, should it not arrive:' : ' (the service sends no e-mail):'} it works once, until{' '}
          {formatApiDate(made.expires)}, and is shown only now.
        </ShownOnce>
      )}
    </>
  );
}
