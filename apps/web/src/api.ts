import { createLinkyardClient, LinkyardError, type components } from '@linkyard/client';
import { rateLimitWait } from './rate-limit';

export type Schemas = components['schemas'];
export type Session = Schemas['Session'];

/** The session's proof, sent by the client on every changing request (X-Linkyard-Csrf). */
let csrf: string | null = null;

export function rememberSession(session: Session | null): void {
  csrf = session?.csrf ?? null;
}

/**
 * The one way the dashboard reaches the service: the typed client in session mode (the browser's
 * cookie, no key in the page). A 429 (a session's budget is far above what a person clicks, but a
 * busy service may still ask) is waited for as `Retry-After` says, a minute at most, and the
 * request sent again, while the page says so quietly (RateLimitNotice).
 */
export const api = createLinkyardClient({
  baseUrl: window.location.origin,
  session: { csrf: () => csrf },
  retry: { retries: 3, maxWaitSeconds: 60 },
  onRateLimitWait: (wait) => rateLimitWait(wait.seconds),
});

/** Whether a 401 says that a session ended (rather than that there was none). */
export function isEndedSession(error: unknown): boolean {
  return isStatus(error, 401) && error instanceof LinkyardError && /session has ended/.test(error.message);
}

/** What to tell the user of a failed call: the API's own message when it answered. */
export function errorMessage(error: unknown): string {
  if (error instanceof LinkyardError) return error.message;
  if (error instanceof TypeError) return 'The service could not be reached. Check the connection and try again.';
  return error instanceof Error ? error.message : String(error);
}

export function isStatus(error: unknown, status: number): boolean {
  return error instanceof LinkyardError && error.status === status;
}
