import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_KEY, useSession } from '../session';
import { SignIn } from '../pages/SignIn';
import { ErrorState, Loading } from '../components/states';
import { RateLimitNotice } from '../components/RateLimitNotice';
import { ConnectionBanner } from './ConnectionBanner';
import { Shell } from './Shell';
import { workspaceOwner } from '../workspace';

/** The root of every route: the sign-in form until someone is signed in, then the app's shell around the page. */
export function App() {
  const state = useSession();
  const queryClient = useQueryClient();
  const session = state.data?.session;

  useEffect(() => {
    if (session === null) {
      // Nothing of the last account stays in memory once signed out.
      workspaceOwner(null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    }
  }, [session, queryClient]);

  return (
    <>
      <ConnectionBanner />
      {state.isPending ? (
        <Loading label="Loading the dashboard" />
      ) : session ? (
        <Shell session={session} />
      ) : state.data ? (
        <SignIn ended={state.data.ended === 'expired'} />
      ) : (
        <main id="main" className="narrow">
          <h1 tabIndex={-1}>Linkyard</h1>
          <ErrorState error={state.error} retry={() => void state.refetch()} />
        </main>
      )}
      <RateLimitNotice />
    </>
  );
}
