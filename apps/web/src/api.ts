import { createLinkyardClient, type components } from '@linkyard/client';
import { rateLimitWait } from './rate-limit';
import { serviceAnswered, serviceUnreachable } from './connection';
import { sessionProof } from './query-client';
import { chosenWorkspace } from './workspace';

export type Schemas = components['schemas'];
export { errorMessage, isEndedSession, isStatus } from './errors';
export type { Session } from './query-client';

/**
 * The one way the dashboard reaches the service: the typed client in session mode (the browser's
 * cookie, no key in the page; changing requests carry the session's proof). A 429 (a session's
 * budget is far above what a person clicks, but a busy service may still ask) is waited for as
 * `Retry-After` says, a minute at most, and the request sent again, while the page says so quietly
 * (RateLimitNotice). Whether the service answers at all goes to connection.ts.
 */
export const api = createLinkyardClient({
  baseUrl: window.location.origin,
  session: { csrf: sessionProof },
  workspace: chosenWorkspace,
  retry: { retries: 3, maxWaitSeconds: 60 },
  onRateLimitWait: (wait) => rateLimitWait(wait.seconds),
  fetch: watchedFetch,
});

/** The browser's fetch, telling connection.ts whether the service answered. */
async function watchedFetch(request: Request): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    // A request the page gave up on (an abort) says nothing of the service.
    if (!(error instanceof DOMException && error.name === 'AbortError')) serviceUnreachable();
    throw error;
  }
  // A gateway's 502 or 504: the service behind it does not answer.
  if (response.status === 502 || response.status === 504) serviceUnreachable();
  else serviceAnswered();
  return response;
}
