import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { components } from '@linkyard/client';
import { isStatus } from './errors';
import { onServiceBack } from './connection';
import { chosenWorkspace, onWorkspaceChange } from './workspace';

export type Session = components['schemas']['Session'];

/** The query that holds who is signed in (resource `session`). */
export const SESSION_KEY = ['session'] as const;

/**
 * Who is signed in (null: nobody), and how the last session ended: `expired` when the service
 * stopped taking it (idle, too old, ended elsewhere), so the sign-in form says why; `user` when
 * the person signed out.
 */
export interface SessionState {
  session: Session | null;
  ended: 'expired' | 'user' | null;
}

/**
 * Server state lives in TanStack Query: each page asks for what it shows, answers are cached and
 * shared between pages, and a write marks stale what it changed (resources/registry.ts). A 401
 * anywhere means the session ended (idle, expired, signed out elsewhere): the app goes back to the
 * sign-in form, saying so.
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (isStatus(error, 401) && query.queryKey[0] !== SESSION_KEY[0]) endSession('expired');
      else checkMembership(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error) => {
      if (isStatus(error, 401)) endSession('expired');
      else checkMembership(error);
    },
  }),
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 2 && !isStatus(error, 401) && !isStatus(error, 404) && !isStatus(error, 400),
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});

/** The session ends: the person signed out (`user`), or the service ended it (`expired`, unless the person just signed out). */
export function endSession(reason: 'expired' | 'user'): void {
  queryClient.setQueryData<SessionState>(SESSION_KEY, (old) => ({
    session: null,
    ended: reason === 'expired' && old?.ended === 'user' ? 'user' : reason,
  }));
}

/** A session began (a sign-in). */
export function startSession(session: Session): void {
  queryClient.setQueryData<SessionState>(SESSION_KEY, { session, ended: null });
}

/** The proof the session's changing requests carry (X-Linkyard-Csrf), from the session the page holds. */
export function sessionProof(): string | null {
  return queryClient.getQueryData<SessionState>(SESSION_KEY)?.session?.csrf ?? null;
}

/** The person's workspaces and their role in each (resources/workspaces.ts). */
export const WORKSPACES_KEY = ['workspaces', 'mine'] as const;

/**
 * A 403 or 404 in a team workspace may mean the person was removed or given another role: their
 * workspaces are read again, and the switcher (WorkspaceSwitcher) takes them back to their own
 * when the workspace is no longer theirs; the pages then offer what the new role may do.
 */
function checkMembership(error: unknown): void {
  if (chosenWorkspace() !== null && (isStatus(error, 403) || isStatus(error, 404))) {
    void queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY });
  }
}

// Another workspace: nothing of the last one stays on screen or in memory (who is signed in, and
// their workspaces, stay).
onWorkspaceChange(() => {
  void queryClient.resetQueries({ predicate: (query) => !keeps(query.queryKey) });
});
const keeps = (key: readonly unknown[]) => key[0] === SESSION_KEY[0] || (key[0] === WORKSPACES_KEY[0] && key[1] === WORKSPACES_KEY[1]);

// Back from an outage: every page's data is fetched afresh.
onServiceBack(() => void queryClient.invalidateQueries());
