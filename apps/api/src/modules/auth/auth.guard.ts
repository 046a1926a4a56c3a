import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthenticatedRequest } from '../../common/account';
import { Clock } from '../../common/clock';
import { forbidden, unauthorized } from '../../common/api-error';
import { hashApiKey } from './api-key';
import { AccountLookup } from './account-lookup';
import { AuthCache } from './auth-cache';
import { IS_ADMIN_ONLY, IS_PUBLIC } from '../../common/public.decorator';
import { BODY_LIMIT, JsonText, jsonLimits, readJsonBody, RefusedBody } from '../../common/request-body';
import { GuessLimits } from './guess-limits';
import { SessionLookup } from './session-lookup';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Reads `Authorization: Bearer <key>`, finds the account by the key's SHA-256 and attaches it to
 * the request. Runs before the rate limit, which counts per account.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(AccountLookup) private readonly accounts: AccountLookup,
    @Inject(AuthCache) private readonly cache: AuthCache,
    @Inject(GuessLimits) private readonly guesses: GuessLimits,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SessionLookup) private readonly sessions: SessionLookup,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    await this.authenticate(context.switchToHttp().getRequest<AuthenticatedRequest>());
    return true;
  }

  /**
   * Attaches the account of the request's key, from its headers alone, or throws 401 (429 past the
   * address's limit on wrong keys). Also called before a body is read (see app.ts), so that a
   * caller without a key never costs the reading of one; a request authenticated there is not
   * looked up again. Only a wrong key is a guess (GuessLimits): no credentials, a malformed header,
   * an expired key or an ended session's cookie is a plain 401 that counts toward nothing.
   */
  async authenticate(request: AuthenticatedRequest): Promise<void> {
    if (request.account) return;
    const header = request.headers.authorization;
    // The dashboard: without Authorization, a session cookie stands for the account (modules/sessions).
    if (!header) {
      const found = await this.sessions.accountForRequest(request.headers);
      if (found?.ended) throw unauthorized(SESSION_ENDED);
      if (!found) throw unauthorized('Missing API key: send the header Authorization: Bearer <API key>.');
      request.account = found.account;
      request.session = found.session;
      return;
    }
    const match = BEARER.exec(header);
    if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <API key>".');

    const keyHash = hashApiKey(match[1]);
    let account = this.cache.get(keyHash);
    if (!account) {
      account = (await this.accounts.findAccountByKeyHash(keyHash)) ?? undefined;
      if (!account) {
        await this.guesses.wrongKey(request.ip);
        throw unauthorized('The API key is not valid.');
      }
      this.cache.set(keyHash, account);
    }
    if (account.keyExpiresAt !== null && account.keyExpiresAt <= this.clock.now()) {
      throw unauthorized('The API key has expired; rotate it for a new one.');
    }
    request.account = account;
    request.keyHash = keyHash;
  }
}

/** The answer to a request whose session cookie names no live session. */
export const SESSION_ENDED = 'The session has ended: sign in again.';

/** The answer to every API call of a disabled account's key. */
export const DISABLED_ACCOUNT = 'This account is disabled: an admin of this service can enable it again.';

/** 403 for a disabled account's key (counted first, so the 403 carries the rate-limit headers). */
export function refuseDisabled(request: AuthenticatedRequest): void {
  if (request.account?.disabled) throw forbidden(DISABLED_ACCOUNT);
}

/**
 * 403 for a disabled account's key on every route, and for non-admin keys on admin routes. Runs
 * after the rate limit, so the 403 carries its headers.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(@Inject(Reflector) private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    refuseDisabled(request);
    if (!this.reflector.getAllAndOverride<boolean>(IS_ADMIN_ONLY, [context.getHandler(), context.getClass()])) return true;
    if (!request.account?.admin) throw forbidden('This endpoint is for admin keys only.');
    return true;
  }
}

/**
 * Reads the body once the caller is known and counted: raises the refusal of a body that could not
 * be read (RefusedBody), and parses JSON text within the limits of its operation (readJsonBody), so
 * that no request costs parsing before its key and its rate limit have been checked.
 */
@Injectable()
export class BodyGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const body: unknown = request.body;
    if (body instanceof RefusedBody) throw body.error;
    if (body instanceof JsonText) request.body = await readJsonBody(body.text, jsonLimits(request.routeOptions.bodyLimit ?? BODY_LIMIT));
    return true;
  }
}
