import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** What a member may do in a workspace, from most to least (modules/workspaces/roles.ts). */
export type Role = 'owner' | 'admin' | 'editor' | 'viewer';

/** A workspace key: the workspace it acts in, and whether it may change anything there. */
export interface WorkspaceKey {
  id: number;
  workspace: number;
  scope: 'full' | 'read';
}

/**
 * Who a request acts as, and in which workspace. The auth guard attaches the person (their key,
 * their session, or a workspace key they made); the workspace guard then sets `id` and `role` to
 * the workspace the request acts in.
 */
export interface Account {
  /**
   * The workspace the request acts in: every record is read and written in it. It is the person's
   * own workspace (which has the person's account id) unless the request names another in
   * X-Linkyard-Workspace or comes with a workspace key. The person is `user`.
   */
  id: number;
  /** The person's role in that workspace (a read-only workspace key: viewer at most). */
  role: Role;
  /** The workspace key the request came with; null for a person's own key or session. */
  workspaceKey: WorkspaceKey | null;
  /** The person is an admin of this service (never through a workspace key). */
  admin: boolean;
  /** Requests a minute in force for this account. */
  ratelimit: number;
  /** When the key stops working, in ms since the epoch; null: never. */
  keyExpiresAt: number | null;
  /** An admin disabled the account: its key and sessions are refused (403), its links keep working. */
  disabled: boolean;
  /**
   * The account's own row as the lookup that found it read it (with its plan; no password or key
   * hash): `GET /account` answers from it rather than reading it again. The key cache holds it no
   * longer than the account itself: every write of the account drops both, on every instance,
   * before the write answers (AuthCache).
   */
  user: AccountUser;
}

/** The fields of an account's row that its own record shows and its standing (plan-rules) reads. */
export interface AccountUser {
  id: number;
  username: string;
  email: string;
  admin: boolean;
  /** Requests a minute set for this account by an admin; null: the plan's. */
  ratelimit: number | null;
  planExpires: Date | null;
  createdAt: Date;
  /** Whether the account has a password (not the password: no secret is here). */
  hasPassword: boolean;
  plan?: { free: boolean; ratelimit: number } | null;
}

/** The dashboard session a request was authenticated by (modules/sessions). */
export interface ActiveSession {
  id: number;
  /** The proof its changing requests carry in X-Linkyard-Csrf. */
  csrf: string;
  /** When it ends at the latest, and when it ends unless used again (ms since the epoch). */
  expiresAt: number;
  idleExpiresAt: number;
  /** The SHA-256 of the API key it was started with (and lasts with); null: started with a password or through the provider. */
  keyHash: string | null;
  /** Started through the OpenID provider (single sign-on). */
  sso: boolean;
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
