import { createLinkyardClient, LinkyardError, type components } from '@linkyard/client';

export type Schemas = components['schemas'];
export type Session = Schemas['Session'];

/** The session's proof, sent by the client on every changing request (X-Linkyard-Csrf). */
let csrf: string | null = null;

export function rememberSession(session: Session | null): void {
  csrf = session?.csrf ?? null;
}

/**
 * The one way the dashboard reaches the service: the typed client in session mode (the browser's
 * cookie, no key in the page). A 429 is waited for a few seconds at most, then shown.
 */
export const api = createLinkyardClient({
  baseUrl: window.location.origin,
  session: { csrf: () => csrf },
  retry: { retries: 1, maxWaitSeconds: 5 },
});

/** What to tell the user of a failed call: the API's own message when it answered. */
export function errorMessage(error: unknown): string {
  if (error instanceof LinkyardError) return error.message;
  if (error instanceof TypeError) return 'The service could not be reached. Check the connection and try again.';
  return error instanceof Error ? error.message : String(error);
}

export function isStatus(error: unknown, status: number): boolean {
  return error instanceof LinkyardError && error.status === status;
}
