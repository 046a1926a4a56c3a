import { useQuery } from '@tanstack/react-query';
import { api, isEndedSession, isStatus, type Session } from './api';

/** The query that holds who is signed in; every page that signs in or out updates it. */
export const SESSION_KEY = ['session'] as const;

/**
 * How the last session ended: `expired` when the service stopped taking it (idle, too old, ended
 * elsewhere), so the sign-in form says why; `user` when the user signed out.
 */
let lastEnd: 'expired' | 'user' | null = null;
export function markSignedOut(): void {
  lastEnd = 'user';
}
export function markSignedIn(): void {
  lastEnd = null;
}
export function markSessionExpired(): void {
  if (lastEnd !== 'user') lastEnd = 'expired';
}
/** Whether the service ended the last session (rather than the user signing out). */
export function sessionExpired(): boolean {
  return lastEnd === 'expired';
}

/** Who is signed in: null when nobody is (the session cookie is missing or ended). */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<Session | null> => {
      try {
        const { data } = await api.GET('/session');
        return data.data;
      } catch (error) {
        // A cookie of an ended session (a tab left open, a sign-out elsewhere): the form says so.
        if (isEndedSession(error)) markSessionExpired();
        if (isStatus(error, 401)) return null;
        throw error;
      }
    },
    staleTime: Infinity,
  });
}
