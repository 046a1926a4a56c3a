import { LinkyardError } from '@linkyard/client';

/** What to tell the user of a failed call: the API's own message when it answered. */
export function errorMessage(error: unknown): string {
  if (error instanceof LinkyardError) return error.message;
  if (error instanceof TypeError) return 'The service could not be reached. Check the connection and try again.';
  return error instanceof Error ? error.message : String(error);
}

export function isStatus(error: unknown, status: number): boolean {
  return error instanceof LinkyardError && error.status === status;
}

/** Whether a 401 says that a session ended (rather than that there was none). */
export function isEndedSession(error: unknown): boolean {
  return isStatus(error, 401) && error instanceof LinkyardError && /session has ended/.test(error.message);
}
