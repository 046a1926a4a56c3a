import { Inject, Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import type { Account, Role } from '../../common/account';
import { Clock } from '../../common/clock';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import type { OidcConfig, OidcRule } from '../../config/oidc';
import { SessionsService, type StartedSession } from '../sessions/sessions.service';
import { UsersService } from '../users/users.service';
import { ROLES } from '../workspaces/roles';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { SsoRepository } from './sso.repository';

/** Why a sign-in through the provider was refused: the sign-in page says it in words (`?sso=`). */
export type SsoRefusal = 'expired' | 'denied' | 'invalid' | 'unavailable' | 'no-account' | 'no-email' | 'disabled';

export class SsoRefused extends Error {
  constructor(
    readonly reason: SsoRefusal,
    detail: string,
  ) {
    super(detail);
  }
}

/** What a sign-in in progress is checked against when the provider answers (kept in the browser's cookie). */
export interface SsoTransaction {
  state: string;
  nonce: string;
  verifier: string;
}

/** The claims of the provider's answer that Linkyard reads. */
type Claims = Record<string, unknown> & { sub: string };

/** How long the provider's calls may take. */
const PROVIDER_TIMEOUT_S = 10;
const USERNAME = /^[A-Za-z0-9_.-]{3,50}$/;
const EMAIL = /^[^\s@\u0000-\u001f\u007f]+@[^\s@\u0000-\u001f\u007f]+\.[^\s@\u0000-\u001f\u007f]+$/;

/**
 * Single sign-on with an OpenID provider, through `openid-client`: the authorization code flow with
 * PKCE, a state and a nonce; the ID token's signature, issuer, audience, nonce and expiry are
 * checked by the library against the provider's discovery document and keys (no hand-written
 * crypto). The provider's person is found by subject, else by a verified e-mail address, else
 * made (OIDC_CREATE_ACCOUNTS); the claim rules set their workspaces at each sign-in.
 */
@Injectable()
export class SsoService {
  private readonly logger = new Logger('SingleSignOn');
  private readonly settings: OidcConfig | null;
  /** The provider's discovery, fetched when first needed and again after a failure. */
  private discovered: Promise<oidc.Configuration> | null = null;
  readonly callbackUrl: string;

  constructor(
    @Inject(CONFIG) config: Config,
    @Inject(SsoRepository) private readonly identities: SsoRepository,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(WorkspacesService) private readonly workspaces: WorkspacesService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.settings = config.oidc;
    this.callbackUrl = `${config.publicUrl}/l/api/session/sso/callback`;
  }

  /** The provider's name for the sign-in button; null when single sign-on is off. */
  get name(): string | null {
    return this.settings?.name ?? null;
  }

  /** Where the browser goes to sign in at the provider, and what its answer will be checked against. */
  async begin(loginHint: string | undefined): Promise<{ url: string; transaction: SsoTransaction }> {
    const provider = await this.provider();
    const transaction = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
    const url = oidc.buildAuthorizationUrl(provider, {
      redirect_uri: this.callbackUrl,
      scope: this.settings!.scopes,
      code_challenge: await oidc.calculatePKCECodeChallenge(transaction.verifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
      ...(loginHint ? { login_hint: loginHint } : {}),
    });
    return { url: url.href, transaction };
  }

  /**
   * The provider's answer (the callback's full URL) checked against the transaction, and the
   * session of the person it names. Anything refused throws SsoRefused, with the detail logged.
   */
  async complete(callback: URL, transaction: SsoTransaction | null): Promise<StartedSession> {
    if (!transaction) throw new SsoRefused('expired', 'no sign-in in progress in this browser (no or a malformed cookie)');
    const provider = await this.provider();
    let claims: Claims;
    try {
      const tokens = await oidc.authorizationCodeGrant(
        provider,
        callback,
        {
          pkceCodeVerifier: transaction.verifier,
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          idTokenExpected: true,
        },
        { redirect_uri: this.callbackUrl },
      );
      claims = { ...(tokens.claims() as Claims) };
      if (provider.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(provider, tokens.access_token, claims.sub);
        claims = { ...info, ...claims };
      }
    } catch (error) {
      throw refusalOf(error);
    }
    // The subject is kept (sso_identities.subject, 255 characters): a longer one is no answer to trust.
    if (typeof claims.sub !== 'string' || claims.sub.length > 255) throw new SsoRefused('invalid', 'the ID token has no usable subject');
    const account = await this.accountOf(provider.serverMetadata().issuer, claims);
    if (account.disabled) throw new SsoRefused('disabled', `account ${account.user.id} is disabled`);
    await this.workspaces.applyClaimRules(account.user.id, wantedWorkspaces(this.settings!.rules, claims));
    return this.sessions.startSso(account);
  }

  /** The account of the provider's person: known by subject, else by a verified address, else made. */
  private async accountOf(issuer: string, claims: Claims): Promise<Account> {
    const now = new Date(this.clock.now());
    const known = await this.identities.signedIn(issuer, claims.sub, now);
    // An address is one only in a plain shape (no control characters, spaces or second @), as accounts' are.
    const given = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    const email = given.length <= 254 && EMAIL.test(given) ? given : '';
    let userId = known;
    if (userId === null && email && claims.email_verified === true) {
      const user = await this.users.findByLogin(email);
      if (user && user.email.toLowerCase() === email) userId = user.id;
    }
    if (userId === null) {
      if (!this.settings!.createAccounts)
        throw new SsoRefused('no-account', `no account for ${issuer} subject ${claims.sub}, and none is made`);
      if (!email) throw new SsoRefused('no-email', `the provider gave no e-mail address for subject ${claims.sub}`);
      userId = await this.newAccount(claims, email);
    }
    if (known === null) await this.identities.link(issuer, claims.sub, userId, now);
    const account = await this.users.findAccountById(userId);
    if (!account) throw new SsoRefused('no-account', `account ${userId} is gone`);
    return account;
  }

  /** A new account for the provider's person: a username from their claims, free here; no password. */
  private async newAccount(claims: Claims, email: string): Promise<number> {
    const base = usernameBase(claims, email);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const suffix = attempt === 0 ? '' : attempt < 5 ? `-${attempt + 1}` : `-${Math.random().toString(36).slice(2, 8)}`;
      const username = `${base.slice(0, 50 - suffix.length)}${suffix}`;
      try {
        const { user } = await this.users.create({ username, email });
        this.logger.log(`made account ${user.id} (${username}) for a person signing in through the provider`);
        return user.id;
      } catch (error) {
        // The address is another account's (not verified, so not theirs to take): no account.
        if ((error as { status?: number }).status !== 409) throw error;
        if (await this.users.findByLogin(email))
          throw new SsoRefused('no-account', `${email} is another account's, unverified by the provider`);
      }
    }
    throw new SsoRefused('no-account', `no free username from ${base}`);
  }

  /** The provider's discovery document and keys' address, read once (again after a failure). */
  private provider(): Promise<oidc.Configuration> {
    if (!this.settings) throw new Error('single sign-on is off');
    const settings = this.settings;
    this.discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_S,
        // http:// issuers are allowed on this machine only (config/oidc.ts).
        ...(settings.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        this.discovered = null;
        throw refusalOf(error);
      });
    return this.discovered;
  }
}

/** Which workspaces the rules give the person, each with the highest role its matching rules give. */
export function wantedWorkspaces(rules: OidcRule[], claims: Record<string, unknown>): Map<number, Role> {
  const wanted = new Map<number, Role>();
  for (const rule of rules) {
    const value = claims[rule.claim];
    const matches = Array.isArray(value) ? value.some((item) => item === rule.value) : value === rule.value;
    if (!matches) continue;
    const current = wanted.get(rule.workspace);
    if (!current || ROLES.indexOf(rule.role) > ROLES.indexOf(current)) wanted.set(rule.workspace, rule.role);
  }
  return wanted;
}

/** A username from the provider's claims: their preferred one, else the address's first part, made to fit. */
export function usernameBase(claims: Record<string, unknown>, email: string): string {
  const preferred = typeof claims.preferred_username === 'string' ? claims.preferred_username : '';
  for (const candidate of [preferred, preferred.split('@')[0] ?? '', email.split('@')[0] ?? '']) {
    const cleaned = candidate
      .replace(/[^A-Za-z0-9_.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50);
    if (USERNAME.test(cleaned)) return cleaned;
  }
  return 'member';
}

/** What an error of the flow means for the person: the provider said no, did not answer, or its answer failed a check. */
function refusalOf(error: unknown): SsoRefused {
  if (error instanceof SsoRefused) return error;
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (error instanceof oidc.AuthorizationResponseError) return new SsoRefused('denied', detail);
  // openid-client wraps what went wrong (its `cause`): a network error or a timeout means the provider did not answer.
  // (Read by shape: fetch's errors come from another realm than the service's under some runners.)
  let cause = error as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown } | null;
  for (let depth = 0; cause && typeof cause === 'object' && depth < 4; cause = cause.cause as typeof cause, depth += 1) {
    const { name, message, code } = cause;
    if (
      name === 'TimeoutError' ||
      name === 'AbortError' ||
      (name === 'TypeError' && typeof message === 'string' && /fetch failed/i.test(message)) ||
      (typeof code === 'string' && NETWORK_ERRORS.has(code))
    ) {
      return new SsoRefused('unavailable', `${detail} (${String(name)}: ${String(message)})`);
    }
  }
  return new SsoRefused('invalid', detail);
}

const NETWORK_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
