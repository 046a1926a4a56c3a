import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { isEndedSession, isStatus } from './errors';
import { SESSION_KEY, type SessionState } from './query-client';

export { SESSION_KEY, endSession, startSession } from './query-client';

/** Who is signed in, asked of the service once; sign-in, sign-out and a 401 anywhere change it (query-client.ts). */
export function useSession(enabled = true) {
  return useQuery({
    enabled,
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<SessionState> => {
      try {
        const { data } = await api.GET('/session');
        return { session: data.data, ended: null };
      } catch (error) {
        // A cookie of an ended session (a tab left open, a sign-out elsewhere): the form says so.
        if (isStatus(error, 401)) return { session: null, ended: isEndedSession(error) ? 'expired' : null };
        throw error;
      }
    },
    staleTime: Infinity,
  });
}
