import { useEffect } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
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
  // A shared report is read by whoever holds its address: no sign-in, no menu of the account.
  const shared = useRouterState({ select: (router) => /^(\/dashboard)?\/shared\//.test(router.location.pathname) });
  // Not asked on a shared report: whoever reads it is not signed in, and nothing of an account is cleared.
  const state = useSession(!shared);
  const queryClient = useQueryClient();
  const session = state.data?.session;

  useEffect(() => {
    if (session === null && !shared) {
      // Nothing of the last account stays in memory once signed out.
      workspaceOwner(null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    }
  }, [session, shared, queryClient]);

  if (shared) {
    return (
      <>
        <ConnectionBanner />
        <header className="shared-header">
          <span className="brand">Linkyard</span>
        </header>
        <main id="main">
          <Outlet />
        </main>
      </>
    );
  }

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
