import { api } from '../api';
import { endSession, sessionProof } from '../query-client';
import { useRecord, useWrite } from './hooks';

export const useAccount = () => useRecord('account', 'mine', async () => (await api.GET('/account')).data.data);

/**
 * A new e-mail address or password (the current password when the account has one); answers the
 * address in force after it: another account's address is not taken, and the answer does not say so.
 */
export const useUpdateAccount = () =>
  useWrite('account', async (body: { email?: string; password?: string; currentpassword?: string }) => {
    await api.PUT('/account/update', { body });
    return (await api.GET('/account')).data.data.email;
  });

/** A new API key, shown this once; the old one stops working at once. */
export const useRotateKey = () => useWrite('account', async () => (await api.POST('/account/apikey/rotate', { body: {} })).data.apikey);

/** Signing out (the header's button and the account page's): the sign-in form then says nothing of an ended session. */
export function useSignOut(then: () => void) {
  return useWrite(
    'session',
    async () => {
      // The proof is read before the session leaves the page: the sign-out itself must carry it.
      const proof = sessionProof();
      // At once: the requests still on their way get 401s that must not read as an ended session.
      endSession('user');
      await api.DELETE('/session', { headers: proof ? { 'X-Linkyard-Csrf': proof } : {} });
    },
    { onSuccess: then },
  );
}
