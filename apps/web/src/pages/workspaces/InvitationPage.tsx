import { Link, useParams } from '@tanstack/react-router';
import { ErrorAlert } from '../../components/FormCard';
import { QueryView } from '../../components/QueryView';
import { formatApiDate } from '../../format';
import { useAcceptInvitation, useInvitation } from '../../resources/workspaces';

/** An invitation link: which workspace, as what; accepting makes the signed-in person a member. */
export default function InvitationPage() {
  const { token } = useParams({ from: '/invitation/$token' });
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  return (
    <main id="main">
      <h1 tabIndex={-1}>Invitation</h1>
      <QueryView query={invitation} loading="Loading the invitation" empty={() => null}>
        {(offer) =>
          accept.data ? (
            <p role="status">
              You are now a member of <strong>{accept.data.name}</strong>, as {accept.data.role}.
            </p>
          ) : (
            <section className="card">
              <p>
                You are invited to the workspace <strong>{offer.workspace.name}</strong> as <strong>{offer.role}</strong>. The invitation
                works once, until {formatApiDate(offer.expires)}.
              </p>
              {accept.error && <ErrorAlert error={accept.error} />}
              <button type="button" className="primary" disabled={accept.isPending} onClick={() => accept.mutate(token)}>
                Join {offer.workspace.name}
              </button>{' '}
              <Link to="/links">Not now</Link>
            </section>
          )
        }
      </QueryView>
    </main>
  );
}
