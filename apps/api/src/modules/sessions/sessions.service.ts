import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import type { Account, ActiveSession } from '../../common/account';
import { badRequest, forbidden, unauthorized } from '../../common/api-error';
import { Clock } from '../../common/clock';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { hashApiKey } from '../auth/api-key';
import { DISABLED_ACCOUNT } from '../auth/auth.guard';
import { GuessLimits } from '../auth/guess-limits';
import { hashPassword, passwordRef, PasswordHasher } from '../auth/password';
import { SessionLookup, type SessionAuthentication } from '../auth/session-lookup';
import { UsersService } from '../users/users.service';
import { DeviceCookies } from './device-cookies';
import { SESSION_IDLE_MS, SESSION_LIFETIME_MS, sessionCookie, type ServiceCookie } from './session-cookie';
import type { SessionEntity } from './session.entity';
import { SessionsRepository } from './sessions.repository';

/** A session's last use is written at most once a minute: not a write per request. */
const LAST_USE_GRANULARITY_MS = 60_000;

const WRONG_CREDENTIALS = 'The username, e-mail address or password is not right.';

/** How a sign-in proves who it is. */
export type Credentials = { login: string; password: string } | { apikey: string };

/** Where a sign-in comes from: the client's address, and its headers (a device cookie). */
export interface SignInSource {
  address: string;
  headers: IncomingHttpHeaders;
}

export interface StartedSession {
  token: string;
  account: Account;
  session: ActiveSession;
  /** A device cookie to hand out (a password sign-in), or null. */
  device: string | null;
}

/**
 * The dashboard's sessions: started with a password or an API key, found again from the cookie,
 * ended on sign-out, with the credential they were started with (a rotated key, a changed or
 * cleared password) and with the account. The token is 256 random bits handed to the browser
 * once, in an HttpOnly cookie; the database keeps only its SHA-256. The token, the password and
 * the proof are never logged, nor put in an error or a URL.
 */
@Injectable()
export class SessionsService extends SessionLookup {
  readonly cookie: ServiceCookie;
  private readonly endListeners: ((id: number) => void)[] = [];
  /** A hash to check a password against when the login has none: every answer costs one hash. */
  private decoy: Promise<string> | undefined;

  constructor(
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(GuessLimits) private readonly guesses: GuessLimits,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(DeviceCookies) private readonly devices: DeviceCookies,
    @Inject(CONFIG) config: Config,
  ) {
    super();
    this.cookie = sessionCookie(config.publicUrl);
  }

  /**
   * Signs in. Only a wrong password or key counts as a guess (GuessLimits): per address, and, for
   * passwords, per account; past a limit the answer is 429 and nothing is checked.
   */
  async start(credentials: Credentials, source: SignInSource): Promise<StartedSession> {
    const now = this.clock.now();
    let account: Account;
    let passwordRef: string | null = null;
    let device: string | null = null;
    if ('apikey' in credentials) account = await this.verifyKey(credentials.apikey, source.address);
    else ({ account, passwordRef, device } = await this.verifyPassword(credentials, source));
    const keyHash = 'apikey' in credentials ? hashApiKey(credentials.apikey) : null;
    // Ended sessions of the account go as a new one starts; the others end on their own schedule.
    await this.sessions.deleteEnded(account.user.id, new Date(now), new Date(now - SESSION_IDLE_MS));
    const token = randomBytes(32).toString('base64url');
    const saved = await this.sessions.add({
      userId: account.user.id,
      tokenHash: tokenHash(token),
      keyHash,
      passwordRef,
      sso: false,
      createdAt: new Date(now),
      lastUsedAt: new Date(now),
      // A session of a key ends with the key at the latest.
      expiresAt: new Date(Math.min(now + SESSION_LIFETIME_MS, account.keyExpiresAt ?? Infinity)),
    });
    return {
      token,
      account: { ...account, keyExpiresAt: null },
      session: this.active(saved, token),
      device: passwordRef === null ? null : await this.devices.issue(account.user.id, device, passwordRef),
    };
  }
  /**
   * A session for a person the OpenID provider vouched for (the sso module checked the provider's
   * answer): it lasts as long as a password's and ends with the account; a new sign-in at the
   * provider is the only way to another.
   */
  async startSso(account: Account): Promise<StartedSession> {
    const now = this.clock.now();
    await this.sessions.deleteEnded(account.user.id, new Date(now), new Date(now - SESSION_IDLE_MS));
    const token = randomBytes(32).toString('base64url');
    const saved = await this.sessions.add({
      userId: account.user.id,
      tokenHash: tokenHash(token),
      keyHash: null,
      passwordRef: null,
      sso: true,
      createdAt: new Date(now),
      lastUsedAt: new Date(now),
      expiresAt: new Date(now + SESSION_LIFETIME_MS),
    });
    return { token, account: { ...account, keyExpiresAt: null }, session: this.active(saved, token), device: null };
  }

  /** The account of the request's session cookie (see SessionLookup); a use keeps the session alive. */
  async accountForRequest(headers: IncomingHttpHeaders): Promise<SessionAuthentication> {
    const token = this.cookie.read(headers);
    if (token === undefined) return null;
    if (token === null) return { ended: true };
    const found = await this.sessions.byTokenHash(tokenHash(token));
    const now = this.clock.now();
    if (!found || found.expiresAt.getTime() <= now || found.lastUsedAt.getTime() + SESSION_IDLE_MS <= now) {
      if (found) await this.sessions.delete(found.id);
      return { ended: true };
    }
    const account = await this.accountOf(found);
    if (!account) {
      await this.sessions.delete(found.id);
      return { ended: true };
    }
    if (now - found.lastUsedAt.getTime() >= LAST_USE_GRANULARITY_MS) {
      found.lastUsedAt = new Date(now);
      await this.sessions.touch(found.id, found.lastUsedAt);
    }
    return { ended: false, account, session: this.active(found, token) };
  }

  /** Whether a session is still on (not ended, expired or idle too long), without counting this as a use. */
  async isLive(id: number): Promise<boolean> {
    const found = await this.sessions.byId(id);
    const now = this.clock.now();
    if (found === null || found.expiresAt.getTime() <= now || found.lastUsedAt.getTime() + SESSION_IDLE_MS <= now) return false;
    return (await this.accountOf(found)) !== null;
  }

  /**
   * The account a session acts for: null when the account is gone or disabled (its sessions end),
   * when the session was started with a key that has since been rotated (it is no longer the
   * account's) or has expired, or with a password the account no longer has.
   */
  private async accountOf(session: SessionEntity): Promise<Account | null> {
    if (session.sso) {
      const account = await this.users.findAccountById(session.userId);
      return account && !account.disabled ? account : null;
    }
    if (session.keyHash === null) {
      const account = session.passwordRef === null ? null : await this.users.findAccountByPassword(session.userId, session.passwordRef);
      return account && !account.disabled ? account : null;
    }
    const account = await this.users.findAccountByKeyHash(session.keyHash);
    if (!account || account.user.id !== session.userId || account.disabled) return null;
    if (account.keyExpiresAt !== null && account.keyExpiresAt <= this.clock.now()) return null;
    return { ...account, keyExpiresAt: null };
  }

  /** Told of each sign-out on this instance (the live click streams of that session end at once). */
  onEnd(listener: (id: number) => void): void {
    this.endListeners.push(listener);
  }

  /**
   * The session that rotated its account's key goes on as a session of the new key (and ends with
   * it at the latest), however it was started: its holder was just shown the key.
   */
  async carryToKey(id: number, apikey: string, expires: Date | null): Promise<void> {
    await this.sessions.carryToKey(id, hashApiKey(apikey), expires);
  }

  /**
   * After a password change: every session of the account ends but `keep` (the one that changed
   * it), which, when it was started with the old password, goes on with the new one.
   */
  async afterPasswordChange(userId: number, keep: number | undefined, passwordRef: string): Promise<void> {
    await this.sessions.deleteAllOf(userId, keep);
    if (keep !== undefined) await this.sessions.carryToPassword(keep, passwordRef);
  }

  /** Ends one session (sign-out). */
  async end(id: number): Promise<void> {
    await this.sessions.delete(id);
    for (const listener of this.endListeners) listener(id);
  }

  /** Ends every session of the account but `keep` (a password change: the session that made it stays). */
  async endAllOf(userId: number, keep?: number): Promise<void> {
    await this.sessions.deleteAllOf(userId, keep);
  }

  private async verifyKey(apikey: string, address: string): Promise<Account> {
    const account = await this.users.findAccountByKeyHash(hashApiKey(apikey));
    if (!account) {
      await this.guesses.wrongKey(address);
      throw unauthorized('The API key is not valid.');
    }
    if (account.keyExpiresAt !== null && account.keyExpiresAt <= this.clock.now()) {
      throw unauthorized('The API key has expired; rotate it for a new one.');
    }
    if (account.disabled) throw forbidden(DISABLED_ACCOUNT);
    return account;
  }

  /**
   * A login and password. A login no account has, or an account without a password, is checked
   * against a decoy hash under the same limits, in a share of the hashing line of its own, as an
   * account is: every answer costs one hash and one wait in the same kind of line, so neither the
   * answer nor the time it takes tells whether an account has that login.
   */
  private async verifyPassword(
    credentials: { login: string; password: string },
    source: SignInSource,
  ): Promise<{ account: Account; passwordRef: string; device: string | null }> {
    const user = await this.users.findByLogin(credentials.login);
    const subject = user ? `account:${user.id}` : `login:${credentials.login.toLowerCase()}`;
    const ref = user?.passwordHash ? passwordRef(user.passwordHash) : null;
    const device = user && ref ? await this.devices.deviceOf(source.headers, user.id, ref) : null;
    const stored = user?.passwordHash ?? (await (this.decoy ??= hashPassword(randomBytes(16).toString('base64'))));
    const matches = await this.guesses.checkPassword(
      { subject, address: source.address, device: user && device !== null ? { id: device, account: user.id } : null, signIn: true },
      () => this.hasher.verify(subject, credentials.password, stored),
    );
    if (!user?.passwordHash || !ref || !matches) throw unauthorized(WRONG_CREDENTIALS);
    const account = await this.users.findAccountById(user.id);
    if (!account) throw unauthorized(WRONG_CREDENTIALS);
    // Said only to whoever knows the password.
    if (account.disabled) throw forbidden(DISABLED_ACCOUNT);
    return { account, passwordRef: ref, device };
  }

  private active(session: SessionEntity, token: string): ActiveSession {
    return {
      id: session.id,
      csrf: csrfProof(token),
      expiresAt: session.expiresAt.getTime(),
      idleExpiresAt: Math.min(session.expiresAt.getTime(), session.lastUsedAt.getTime() + SESSION_IDLE_MS),
      keyHash: session.keyHash,
      sso: session.sso,
    };
  }
}

/** What the body of a sign-in says, or a 400 naming what is missing. */
export function credentialsOf(body: { login?: string; password?: string; apikey?: string }): Credentials {
  if (body.login !== undefined && body.password !== undefined) return { login: body.login, password: body.password };
  if (body.apikey !== undefined) return { apikey: body.apikey };
  throw badRequest('Send "login" and "password", or "apikey".');
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The session's CSRF proof: derived from its token (one way), so nothing more is stored. */
function csrfProof(token: string): string {
  return createHmac('sha256', token).update('linkyard-csrf').digest('base64url');
}
