import type { IncomingHttpHeaders } from 'node:http';
import type { Account, ActiveSession } from '../../common/account';

/** What a session cookie of a request stands for. */
export type SessionAuthentication =
  /** No session cookie: the request is authenticated by its key, or not at all. */
  | null
  /** A cookie naming no live session (unknown, ended, expired). */
  | { ended: true }
  | { ended: false; account: Account; session: ActiveSession };

/**
 * Where the auth guard finds the account behind a session cookie (the dashboard). The sessions
 * module provides it, so the auth module depends on no module above it.
 */
export abstract class SessionLookup {
  abstract accountForRequest(headers: IncomingHttpHeaders): Promise<SessionAuthentication>;
}
