import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Account } from '../../common/account';
import { badRequest, conflict, notFound } from '../../common/api-error';
import { generateApiKey, hashApiKey } from '../auth/api-key';
import { AuthCache } from '../auth/auth-cache';
import type { PageRequest } from '../../common/pagination';
import { PasswordHasher } from '../auth/password';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';

/** The hashing line's key for the passwords of accounts being created (they have no id yet). */
const NEW_ACCOUNTS = 0;
import { isUniqueViolation } from '../../database/errors';
import { plainColumns } from '../../common/plain-rows';
import { PlanEntity } from './plan.entity';
import { UserEntity } from './user.entity';
import { standingAt, type Standing } from './plan-rules';
import { Clock } from '../../common/clock';
import { WriteEvents } from '../../database/write-events';

export interface NewUser {
  username: string;
  email: string;
  password: string;
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
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(PlanEntity) private readonly plans: Repository<PlanEntity>,
    @Inject(AuthCache) private readonly authCache: AuthCache,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(WriteEvents) private readonly events: WriteEvents,
  ) {}

  /** What the account's plan gives it now. */
  standing(user: UserEntity): Standing {
    return standingAt(user, this.clock.now(), this.config.defaultRateLimit);
  }

  /** The free plan's limit is DEFAULT_RATE_LIMIT's (set at every start: the configuration decides). */
  async applyDefaultRateLimit(): Promise<void> {
    await this.plans.update({ free: true }, { ratelimit: this.config.defaultRateLimit });
  }

  /** The account behind a key hash, or null for an unknown key. Expiry is the caller's check. */
  async findAccountByKeyHash(keyHash: string): Promise<Account | null> {
    const user = await this.userWithPlan('api_key_hash', keyHash);
    if (!user) return null;
    return {
      id: user.id,
      admin: user.admin,
      ratelimit: this.standing(user).ratelimit,
      keyExpiresAt: user.apiKeyExpires ? user.apiKeyExpires.getTime() : null,
      disabled: user.disabledAt !== null,
    };
  }

  /** The account of a user id, as the guard attaches it (a session's account); null when deleted. */
  async findAccountById(id: number): Promise<Account | null> {
    const user = await this.userWithPlan('id', id);
    if (!user) return null;
    return {
      id: user.id,
      admin: user.admin,
      ratelimit: this.standing(user).ratelimit,
      keyExpiresAt: null,
      disabled: user.disabledAt !== null,
    };
  }

  /** The user whose username or e-mail address is `login`, without regard to case (signing in). */
  async findByLogin(login: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('user')
      .where('lower(user.username) = lower(:login) OR lower(user.email) = lower(:login)', { login })
      .orderBy('user.id', 'ASC')
      .getOne();
  }

  /**
   * A user with its plan, in one plain statement (see plain-rows): every API call with a new key
   * and every `GET /account` reads it, and TypeORM's query building and hydration cost more than
   * the query.
   */
  private async userWithPlan(column: 'id' | 'api_key_hash', value: number | string): Promise<UserEntity | null> {
    const users = plainColumns<UserEntity>(this.users.metadata);
    const plans = plainColumns<PlanEntity>(this.plans.metadata);
    const [row] = await this.users.query<Record<string, unknown>[]>(
      `SELECT ${users.select('u', 'u')}, ${plans.select('p', 'p')} FROM users u LEFT JOIN plans p ON p.id = u.plan_id WHERE u.${column} = $1`,
      [value],
    );
    const user = row ? users.read(row, 'u') : null;
    if (user) user.plan = plans.read(row!, 'p');
    return user;
  }

  async get(id: number): Promise<UserEntity> {
    const user = await this.userWithPlan('id', id);
    if (!user) throw notFound(`No user with id ${id}.`);
    return user;
  }

  async list(page: PageRequest): Promise<UserEntity[]> {
    return this.users.find({ relations: { plan: true }, order: { id: 'DESC' }, skip: page.offset, take: page.limit });
  }

  count(): Promise<number> {
    return this.users.count();
  }

  async create(input: NewUser): Promise<{ user: UserEntity; apiKey: string }> {
    await this.assertFree({ username: input.username, email: input.email });
    const planId = input.planId ?? (await this.defaultPlan()).id;
    if (input.planId !== undefined) await this.getPlan(input.planId);
    const apiKey = input.apiKey ?? generateApiKey();
    try {
      const saved = await this.users.save(
        this.users.create({
          username: input.username,
          email: input.email,
          // New accounts' passwords share one place in the hashing line, whoever makes them.
          passwordHash: await this.hasher.hash(NEW_ACCOUNTS, input.password),
          admin: input.admin ?? false,
          planId,
          planExpires: input.planExpires ?? null,
          ratelimit: input.ratelimit ?? null,
          apiKeyHash: hashApiKey(apiKey),
          apiKeyExpires: null,
        }),
      );
      return { user: await this.get(saved.id), apiKey };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('A user with this username or e-mail address already exists.');
      throw error;
    }
  }

  /** Changes e-mail and/or password of an account. */
  async updateCredentials(id: number, changes: { email?: string; password?: string }): Promise<void> {
    if (changes.email === undefined && changes.password === undefined) {
      throw badRequest('Send at least one of the fields "email" and "password".');
    }
    const patch: Partial<UserEntity> = {};
    if (changes.email !== undefined) {
      await this.assertFree({ email: changes.email }, id);
      patch.email = changes.email;
    }
    if (changes.password !== undefined) patch.passwordHash = await this.hasher.hash(id, changes.password);
    try {
      await this.users.update({ id }, patch);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Another account already uses this e-mail address.');
      throw error;
    }
  }

  /** A new key for the account; the old one stops working at once. */
  async rotateKey(id: number, expires: Date | null): Promise<string> {
    const apiKey = generateApiKey();
    const result = await this.users.update({ id }, { apiKeyHash: hashApiKey(apiKey), apiKeyExpires: expires });
    if (!result.affected) throw notFound(`No user with id ${id}.`);
    await this.authCache.invalidate(id);
    return apiKey;
  }

  /**
   * Disables the account (its key and sessions are refused from now on) or enables it again.
   * Disabling a disabled account keeps when it was disabled. The write is announced (WriteEvents,
   * `account`): the key cache of every instance drops the account's keys before this resolves.
   */
  async setDisabled(id: number, disabled: boolean): Promise<UserEntity> {
    const result = await this.users
      .createQueryBuilder()
      .update()
      .set({ disabledAt: disabled ? () => 'coalesce(disabled_at, :now)' : null })
      .where('id = :id', { id, now: new Date(this.clock.now()) })
      .execute();
    if (!result.affected) throw notFound(`No user with id ${id}.`);
    await this.events.emit(this.users.manager, { kind: 'account', account: id });
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    const result = await this.users.delete({ id });
    if (!result.affected) throw notFound(`No user with id ${id}.`);
    await this.authCache.invalidate(id);
  }

  listPlans(page: PageRequest): Promise<PlanEntity[]> {
    return this.plans.find({ order: { id: 'ASC' }, skip: page.offset, take: page.limit });
  }

  async getPlan(id: number): Promise<PlanEntity> {
    const plan = await this.plans.findOneBy({ id });
    if (!plan) throw notFound(`No plan with id ${id}.`);
    return plan;
  }

  async subscribe(userId: number, planId: number, expires: Date | null): Promise<void> {
    await this.getPlan(planId);
    const result = await this.users.update({ id: userId }, { planId, planExpires: expires });
    if (!result.affected) throw notFound(`No user with id ${userId}.`);
    await this.authCache.invalidate(userId);
  }

  /** Makes sure an enabled admin account answers to this key (ADMIN_API_KEY): the operator's way back in. */
  async ensureAdminKey(apiKey: string): Promise<void> {
    const keyHash = hashApiKey(apiKey);
    const holder = await this.users.findOneBy({ apiKeyHash: keyHash });
    if (holder) {
      if (!holder.admin || holder.apiKeyExpires || holder.disabledAt) {
        await this.users.update({ id: holder.id }, { admin: true, apiKeyExpires: null, disabledAt: null });
        await this.authCache.invalidate(holder.id);
      }
      return;
    }
    const existing = await this.users.findOne({ where: { admin: true }, order: { id: 'ASC' } });
    if (existing) {
      await this.users.update({ id: existing.id }, { apiKeyHash: keyHash, apiKeyExpires: null, disabledAt: null });
      await this.authCache.invalidate(existing.id);
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
    const admin = await this.users.findOne({ where: { admin: true }, order: { id: 'ASC' } });
    if (!admin) return { username: 'admin', apiKey: await this.createBootstrapAdmin(), created: true };
    // The operator's way back in: an admin disabled by another is enabled again.
    if (admin.disabledAt) await this.users.update({ id: admin.id }, { disabledAt: null });
    return { username: admin.username, apiKey: await this.rotateKey(admin.id, null), created: false };
  }

  /** The first admin of an empty database; returns its key. */
  async createBootstrapAdmin(apiKey?: string): Promise<string> {
    const { apiKey: key } = await this.create({
      username: 'admin',
      email: 'admin@linkyard.invalid',
      password: generateApiKey(),
      admin: true,
      apiKey,
    });
    return key;
  }

  private async defaultPlan(): Promise<PlanEntity> {
    const plan = await this.plans.findOne({ where: { free: true }, order: { id: 'ASC' } });
    if (!plan) throw new Error('No free plan exists; the migrations seed one.');
    return plan;
  }

  private async assertFree(fields: { username?: string; email?: string }, exceptId?: number): Promise<void> {
    const query = this.users.createQueryBuilder('user').select('user.id');
    const conditions: string[] = [];
    if (fields.username !== undefined) conditions.push('lower(user.username) = lower(:username)');
    if (fields.email !== undefined) conditions.push('lower(user.email) = lower(:email)');
    query.where(`(${conditions.join(' OR ')})`, fields);
    if (exceptId !== undefined) query.andWhere('user.id <> :exceptId', { exceptId });
    if (await query.getExists()) {
      throw conflict(
        fields.username !== undefined
          ? 'A user with this username or e-mail address already exists.'
          : 'Another account already uses this e-mail address.',
      );
    }
  }
}
