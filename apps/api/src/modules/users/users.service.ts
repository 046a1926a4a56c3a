import { Inject, Injectable } from '@nestjs/common';
import type { Account } from '../../common/account';
import { ApiError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../common/api-error';
import { generateApiKey, hashApiKey } from '../auth/api-key';
import type { PageRequest } from '../../common/pagination';
import { GuessLimits } from '../auth/guess-limits';
import { passwordRef, PasswordHasher } from '../auth/password';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';

import type { PlanEntity } from './plan.entity';
import type { UserEntity } from './user.entity';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';
import { UsersRepository } from './users.repository';
import { standingAt, type PlanHolder, type Standing } from './plan-rules';
import { Clock } from '../../common/clock';

/** The hashing line's key for the passwords of accounts being created (they have no id yet). */
const NEW_ACCOUNTS = 0;
const WRONG_CURRENT_PASSWORD = '"currentpassword" is not the account\'s current password.';
const CREDENTIALS_CHANGED = "The account's key or password was replaced while this change was made: nothing was changed. Sign in again.";

export interface NewUser {
  username: string;
  email: string;
  /** Absent: the account has no password yet (it signs in with its key and may set one). */
  password?: string;
  admin?: boolean;
  planId?: number;
  planExpires?: Date | null;
  ratelimit?: number;
  /** Use this key instead of generating one (the ADMIN_API_KEY bootstrap). */
  apiKey?: string;
}

/** Accounts, their keys and plans. Every change that affects authentication drops cached keys. */
@Injectable()
export class UsersService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(WorkspacesRepository) private readonly workspaces: WorkspacesRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(GuessLimits) private readonly guesses: GuessLimits,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** What the account's plan gives it now. */
  standing(user: PlanHolder): Standing {
    return standingAt(user, this.clock.now(), this.config.defaultRateLimit);
  }

  /** The free plan's limit is DEFAULT_RATE_LIMIT's (set at every start: the configuration decides). */
  async applyDefaultRateLimit(): Promise<void> {
    await this.users.setFreeRateLimit(this.config.defaultRateLimit);
  }

  /** The account behind a key hash, or null for an unknown key. Expiry is the caller's check. */
  async findAccountByKeyHash(keyHash: string): Promise<Account | null> {
    const user = await this.users.withPlan('api_key_hash', keyHash);
    if (user) return this.accountOf(user, user.apiKeyExpires ? user.apiKeyExpires.getTime() : null);
    // A workspace key: its maker, in that workspace only, never as the service's admin.
    const key = await this.workspaces.keyByHash(keyHash);
    const maker = key && (await this.users.withPlan('id', key.madeBy));
    if (!key || !maker) return null;
    return { ...this.accountOf(maker, null), admin: false, workspaceKey: { id: key.id, workspace: key.workspaceId, scope: key.scope } };
  }

  /** The account of a user id, as the guard attaches it (a session's account); null when deleted. */
  async findAccountById(id: number): Promise<Account | null> {
    const user = await this.users.withPlan('id', id);
    return user && this.accountOf(user, null);
  }

  /** The account of a user id while its password is the one `ref` was made of (passwordRef); else null. */
  async findAccountByPassword(id: number, ref: string): Promise<Account | null> {
    const user = await this.users.withPlan('id', id);
    return user?.passwordHash && passwordRef(user.passwordHash) === ref ? this.accountOf(user, null) : null;
  }

  /** The account as requests carry it, with the fields of its row its own record shows (no secrets). */
  private accountOf(user: UserEntity, keyExpiresAt: number | null): Account {
    const { id, username, email, admin, ratelimit, planExpires, createdAt, plan } = user;
    return {
      id,
      role: 'owner',
      workspaceKey: null,
      admin,
      ratelimit: this.standing(user).ratelimit,
      keyExpiresAt,
      disabled: user.disabledAt !== null,
      user: {
        id,
        username,
        email,
        admin,
        ratelimit,
        planExpires,
        createdAt,
        hasPassword: user.passwordHash !== null,
        plan: plan && { free: plan.free, ratelimit: plan.ratelimit },
      },
    };
  }

  /** The user whose username or e-mail address is `login`, without regard to case (signing in). */
  findByLogin(login: string): Promise<UserEntity | null> {
    return this.users.byLogin(login);
  }

  async get(id: number): Promise<UserEntity> {
    const user = await this.users.withPlan('id', id);
    if (!user) throw notFound(`No user with id ${id}.`);
    return user;
  }

  list(page: PageRequest): Promise<UserEntity[]> {
    return this.users.list(page);
  }

  count(): Promise<number> {
    return this.users.count();
  }

  async create(input: NewUser): Promise<{ user: UserEntity; apiKey: string }> {
    await this.assertFree({ username: input.username, email: input.email });
    const planId = input.planId ?? (await this.defaultPlan()).id;
    if (input.planId !== undefined) await this.getPlan(input.planId);
    const apiKey = input.apiKey ?? generateApiKey();
    const saved = await this.users.add({
      username: input.username,
      email: input.email,
      // New accounts' passwords share one place in the hashing line, whoever makes them.
      passwordHash: input.password === undefined ? null : await this.hasher.hash(NEW_ACCOUNTS, input.password),
      passwordByKey: false,
      admin: input.admin ?? false,
      planId,
      planExpires: input.planExpires ?? null,
      ratelimit: input.ratelimit ?? null,
      apiKeyHash: hashApiKey(apiKey),
      apiKeyExpires: null,
    });
    return { user: await this.get(saved.id), apiKey };
  }

  /**
   * Changes e-mail and/or password of an account. An account with a password must prove it
   * (`currentPassword`, checked as a guess: GuessLimits); one without may set its first password
   * with its key alone (`keyHash`: the key the request was authenticated by, or its session was
   * started with), and that password, and every password changed from it, is marked as the key's:
   * the key's next replacement clears it. The change is written only if the credentials it was
   * checked against are still the account's (a rotation meanwhile: 401, nothing written). An
   * e-mail address another account uses is not taken, and the answer does not say so: the call
   * tells no one which addresses have accounts. Returns the new password's reference for the
   * session that set it (null when the password did not change).
   */
  async updateCredentials(
    id: number,
    changes: { email?: string; password?: string },
    proof: { currentPassword?: string; address: string; keyHash: string | null },
  ): Promise<{ passwordRef: string | null }> {
    if (changes.email === undefined && changes.password === undefined) {
      throw badRequest('Send at least one of the fields "email" and "password".');
    }
    const user = await this.get(id);
    const stored = user.passwordHash;
    if (stored !== null) {
      if (proof.currentPassword === undefined) {
        throw badRequest('Send "currentpassword", the account\'s current password, to change its e-mail address or password.');
      }
      // Guesses made by whoever holds the account's key or a session: spaced on their own, so a
      // stranger guessing at the sign-in never holds up the account's own changes.
      const right = await this.guesses.checkPassword({ subject: `change:${id}`, address: proof.address, signIn: false }, () =>
        this.hasher.verify(`account:${id}`, proof.currentPassword!, stored),
      );
      if (!right) throw forbidden(WRONG_CURRENT_PASSWORD);
    } else if (proof.keyHash === null) {
      // A session of a password the account no longer has (it ends at its next request).
      throw unauthorized(CREDENTIALS_CHANGED);
    }
    const patch: { email?: string; passwordHash?: string; passwordByKey?: boolean } = {};
    if (changes.email !== undefined && !(await this.users.taken({ email: changes.email }, id))) patch.email = changes.email;
    if (changes.password !== undefined) {
      patch.passwordHash = await this.hasher.hash(id, changes.password);
      // Proven with the current password, a password stays as lasting as that one was.
      patch.passwordByKey = stored === null || user.passwordByKey;
    }
    if (patch.email === undefined && patch.passwordHash === undefined) return { passwordRef: null };
    const unchanged = stored === null ? { passwordHash: null, apiKeyHash: proof.keyHash! } : { passwordHash: stored };
    let written: boolean;
    try {
      written = await this.users.updateCredentials(id, patch, unchanged);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
      // The address was taken meanwhile: left out, as when it was taken before.
      delete patch.email;
      written = patch.passwordHash === undefined || (await this.users.updateCredentials(id, patch, unchanged));
    }
    if (!written) throw stored === null ? unauthorized(CREDENTIALS_CHANGED) : forbidden(WRONG_CURRENT_PASSWORD);
    return { passwordRef: patch.passwordHash === undefined ? null : passwordRef(patch.passwordHash) };
  }

  /** A new key for the account; the old one stops working at once. */
  async rotateKey(id: number, expires: Date | null): Promise<string> {
    const apiKey = generateApiKey();
    await this.users.setKey(id, hashApiKey(apiKey), expires);
    return apiKey;
  }

  /**
   * Disables the account (its key and sessions are refused from now on) or enables it again.
   * Disabling a disabled account keeps when it was disabled. The write is announced (WriteEvents,
   * `account`): the key cache of every instance drops the account's keys before this resolves.
   */
  async setDisabled(id: number, disabled: boolean): Promise<UserEntity> {
    await this.users.setDisabled(id, disabled, new Date(this.clock.now()));
    return this.get(id);
  }

  delete(id: number): Promise<void> {
    return this.users.delete(id);
  }

  listPlans(page: PageRequest): Promise<PlanEntity[]> {
    return this.users.listPlans(page);
  }

  async getPlan(id: number): Promise<PlanEntity> {
    const plan = await this.users.plan(id);
    if (!plan) throw notFound(`No plan with id ${id}.`);
    return plan;
  }

  async subscribe(userId: number, planId: number, expires: Date | null): Promise<void> {
    await this.getPlan(planId);
    await this.users.subscribe(userId, planId, expires);
  }

  /** Makes sure an enabled admin account answers to this key (ADMIN_API_KEY): the operator's way back in. */
  async ensureAdminKey(apiKey: string): Promise<void> {
    const keyHash = hashApiKey(apiKey);
    const holder = await this.users.byKeyHash(keyHash);
    if (holder) {
      if (!holder.admin || holder.apiKeyExpires || holder.disabledAt) await this.users.makeAdmin(holder.id);
      return;
    }
    const existing = await this.users.firstAdmin();
    if (existing) {
      // A new key, replaced as a rotation replaces one (what the old key alone gave goes).
      await this.users.setKey(existing.id, keyHash, null);
      await this.users.makeAdmin(existing.id);
      return;
    }
    await this.createBootstrapAdmin(apiKey);
  }

  /**
   * A new key for the first admin account (the one made at the first start), or, when there is no
   * admin, a new admin: for an operator who lost the key (`pnpm admin:key`). The old key stops
   * working at once.
   */
  async resetAdminKey(): Promise<{ username: string; apiKey: string; created: boolean }> {
    const admin = await this.users.firstAdmin();
    if (!admin) return { username: 'admin', apiKey: await this.createBootstrapAdmin(), created: true };
    // The operator's way back in: an admin disabled by another is enabled again.
    if (admin.disabledAt) await this.users.setDisabled(admin.id, false, new Date(this.clock.now()));
    return { username: admin.username, apiKey: await this.rotateKey(admin.id, null), created: false };
  }

  /** The first admin of an empty database; returns its key. */
  async createBootstrapAdmin(apiKey?: string): Promise<string> {
    // No password: the admin signs in with the key and sets one (docs/api-guide.md).
    const { apiKey: key } = await this.create({ username: 'admin', email: 'admin@linkyard.invalid', admin: true, apiKey });
    return key;
  }

  private async defaultPlan(): Promise<PlanEntity> {
    const plan = await this.users.freePlan();
    if (!plan) throw new Error('No free plan exists; the migrations seed one.');
    return plan;
  }

  private async assertFree(fields: { username?: string; email?: string }, exceptId?: number): Promise<void> {
    if (await this.users.taken(fields, exceptId)) {
      throw conflict(
        fields.username !== undefined
          ? 'A user with this username or e-mail address already exists.'
          : 'Another account already uses this e-mail address.',
      );
    }
  }
}
