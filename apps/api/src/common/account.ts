import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The account behind the API key of a request, as the auth guard attached it. */
export interface Account {
  id: number;
  admin: boolean;
  /** Requests a minute in force for this account. */
  ratelimit: number;
  /** When the key stops working, in ms since the epoch; null: never. */
  keyExpiresAt: number | null;
  /** An admin disabled the account: its key and sessions are refused (403), its links keep working. */
  disabled: boolean;
}

/** The dashboard session a request was authenticated by (modules/sessions). */
export interface ActiveSession {
  id: number;
  /** The proof its changing requests carry in X-Linkyard-Csrf. */
  csrf: string;
  /** When it ends at the latest, and when it ends unless used again (ms since the epoch). */
  expiresAt: number;
  idleExpiresAt: number;
}

/**
 * A request with the account of its key or session; `session` only when the cookie authenticated
 * it, `keyHash` (the SHA-256 of its API key) only when the key did.
 */
export type AuthenticatedRequest = FastifyRequest & { account?: Account; session?: ActiveSession; keyHash?: string };

/** Injects the acting account into a controller method. */
export const CurrentAccount = createParamDecorator((_data: unknown, context: ExecutionContext): Account => {
  const account = context.switchToHttp().getRequest<AuthenticatedRequest>().account;
  if (!account) throw new Error('CurrentAccount used on a route without authentication');
  return account;
});
