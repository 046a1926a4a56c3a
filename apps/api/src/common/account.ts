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
}

export type AuthenticatedRequest = FastifyRequest & { account?: Account };

/** Injects the acting account into a controller method. */
export const CurrentAccount = createParamDecorator((_data: unknown, context: ExecutionContext): Account => {
  const account = context.switchToHttp().getRequest<AuthenticatedRequest>().account;
  if (!account) throw new Error('CurrentAccount used on a route without authentication');
  return account;
});
