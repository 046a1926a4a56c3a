import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { conflict, notFound } from '../../common/api-error';
import type { PageRequest } from '../../common/pagination';
import { plainColumns } from '../../common/plain-rows';
import { isUniqueViolation } from '../../database/errors';
import { Sql } from '../../database/sql';
import { WriteEvents } from '../../database/write-events';
import { prepared } from '../../database/guarded-pg';
import { PlanEntity } from './plan.entity';
import { UserEntity } from './user.entity';

const EXAMPLE_TIME = new Date('2026-01-01T00:00:00Z');

/**
 * Every statement of the accounts and their plans. A write of what authentication reads (a key, a
 * plan, the account disabled or deleted) announces it: the key caches of every instance drop the
 * account's keys before the write answers.
 */
@Injectable()
export class UsersRepository {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(PlanEntity) private readonly plans: Repository<PlanEntity>,
    @Inject(WriteEvents) private readonly events: WriteEvents,
  ) {}

  /**
   * A user with its plan, by id or key hash, in one plain statement (see plain-rows): every API call
   * with a new key and every `GET /account` reads it, and TypeORM's query building and hydration
   * cost more than the query.
   */
  @Sql((f) => ['id', f.ids.user], (f) => ['api_key_hash', f.keyHash])
  async withPlan(column: 'id' | 'api_key_hash', value: number | string): Promise<UserEntity | null> {
    const users = plainColumns<UserEntity>(this.users.metadata);
    const plans = plainColumns<PlanEntity>(this.plans.metadata);
    const [row] = await this.users.query<Record<string, unknown>[]>(
      prepared(
        `SELECT ${users.select('u', 'u')}, ${plans.select('p', 'p')} FROM users u LEFT JOIN plans p ON p.id = u.plan_id WHERE u.${column} = $1`,
      ),
      [value],
    );
    const user = row ? users.read(row, 'u') : null;
    if (user) user.plan = plans.read(row!, 'p');
    return user;
  }

  /** The user whose username or e-mail address is `login`, without regard to case (signing in). */
  @Sql(() => ['Admin'])
  byLogin(login: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('user')
      .where('lower(user.username) = lower(:login) OR lower(user.email) = lower(:login)', { login })
      .orderBy('user.id', 'ASC')
      .getOne();
  }

  @Sql((f) => [f.keyHash])
  byKeyHash(keyHash: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ apiKeyHash: keyHash });
  }

  /** The first admin account, or null. */
  @Sql(() => [])
  firstAdmin(): Promise<UserEntity | null> {
    return this.users.findOne({ where: { admin: true }, order: { id: 'ASC' } });
  }

  @Sql(() => [{ offset: 0, limit: 15 }])
  list(page: PageRequest): Promise<UserEntity[]> {
    return this.users.find({ relations: { plan: true }, order: { id: 'DESC' }, skip: page.offset, take: page.limit });
  }

  @Sql(() => [])
  count(): Promise<number> {
    return this.users.count();
  }

  /** Whether another account (not `exceptId`) has this username or e-mail address, without regard to case. */
  @Sql(() => [{ username: 'admin', email: 'admin@example.com' }], (f) => [{ email: 'taken@example.com' }, f.ids.user])
  taken(fields: { username?: string; email?: string }, exceptId?: number): Promise<boolean> {
    const query = this.users.createQueryBuilder('user').select('user.id');
    const conditions: string[] = [];
    if (fields.username !== undefined) conditions.push('lower(user.username) = lower(:username)');
    if (fields.email !== undefined) conditions.push('lower(user.email) = lower(:email)');
    query.where(`(${conditions.join(' OR ')})`, fields);
    if (exceptId !== undefined) query.andWhere('user.id <> :exceptId', { exceptId });
    return query.getExists();
  }

  /** Writes a new account; 409 when its username or e-mail address was taken meanwhile. */
  @Sql(() => [
    {
      username: 'written',
      email: 'written@example.com',
      passwordHash: 'x',
      passwordByKey: false,
      admin: false,
      planId: null,
      planExpires: null,
      ratelimit: null,
      apiKeyHash: 'f'.repeat(64),
      apiKeyExpires: null,
    },
  ])
  async add(user: Omit<UserEntity, 'id' | 'createdAt' | 'disabledAt' | 'plan'>): Promise<UserEntity> {
    let saved: UserEntity;
    try {
      saved = await this.users.save(this.users.create(user));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('A user with this username or e-mail address already exists.');
      throw error;
    }
    // A key that was refused a moment ago now names an account.
    await this.events.emit(this.users.manager, { kind: 'key', account: saved.id });
    return saved;
  }

  /**
   * Changes an account's e-mail address and/or password hash, if its credentials are still those
   * the change was checked against: the password hash it had (null: none), and for a change made
   * with the key alone, that key. False when they changed meanwhile (nothing written); 409 when
   * the address was taken meanwhile.
   */
  @Sql(
    (f) => [f.ids.user, { email: 'changed@example.com' }, { passwordHash: null, apiKeyHash: f.keyHash }],
    (f) => [f.ids.user, { passwordHash: 'y', passwordByKey: true }, { passwordHash: 'x' }],
  )
  async updateCredentials(
    id: number,
    patch: { email?: string; passwordHash?: string; passwordByKey?: boolean },
    unchanged: { passwordHash: string | null; apiKeyHash?: string },
  ): Promise<boolean> {
    const query = this.users.createQueryBuilder().update().set(patch).where('id = :id', { id });
    if (unchanged.passwordHash === null) query.andWhere('password_hash IS NULL');
    else query.andWhere('password_hash = :passwordHash', { passwordHash: unchanged.passwordHash });
    if (unchanged.apiKeyHash !== undefined) query.andWhere('api_key_hash = :apiKeyHash', { apiKeyHash: unchanged.apiKeyHash });
    let affected: number;
    try {
      affected = (await query.execute()).affected ?? 0;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Another account already uses this e-mail address.');
      throw error;
    }
    // Announced written or not (one caches' drop too many, when the credentials changed meanwhile).
    await this.events.emit(this.users.manager, { kind: 'account', account: id });
    return affected > 0;
  }

  /**
   * A new key hash (and expiry) for the account, or 404: the old key stops working at once,
   * everywhere, and a password set with it alone is cleared (with the sessions started with it).
   */
  @Sql((f) => [f.spare.user, 'e'.repeat(64), null])
  async setKey(id: number, keyHash: string, expires: Date | null): Promise<void> {
    const result = await this.users.update(
      { id },
      {
        apiKeyHash: keyHash,
        apiKeyExpires: expires,
        passwordHash: () => 'CASE WHEN password_by_key THEN NULL ELSE password_hash END',
        passwordByKey: false,
      },
    );
    if (!result.affected) throw notFound(`No user with id ${id}.`);
    await this.events.emit(this.users.manager, { kind: 'key', account: id });
  }

  /** Disables the account (keeping when it was first disabled) or enables it, or 404. */
  @Sql((f) => [f.spare.user, true, EXAMPLE_TIME], (f) => [f.spare.user, false, EXAMPLE_TIME])
  async setDisabled(id: number, disabled: boolean, now: Date): Promise<void> {
    const result = await this.users
      .createQueryBuilder()
      .update()
      .set({ disabledAt: disabled ? () => 'coalesce(disabled_at, :now)' : null })
      .where('id = :id', { id, now })
      .execute();
    if (!result.affected) throw notFound(`No user with id ${id}.`);
    await this.events.emit(this.users.manager, { kind: 'account', account: id });
  }

  /** Makes the account an enabled admin whose key never expires (ADMIN_API_KEY gives it its key with setKey). */
  @Sql((f) => [f.spare.user])
  async makeAdmin(id: number): Promise<void> {
    await this.users.update({ id }, { admin: true, apiKeyExpires: null, disabledAt: null });
    await this.events.emit(this.users.manager, { kind: 'account', account: id });
  }

  /** Puts the account on a plan until `expires`, or 404. */
  @Sql((f) => [f.spare.user, 1, null])
  async subscribe(userId: number, planId: number, expires: Date | null): Promise<void> {
    const result = await this.users.update({ id: userId }, { planId, planExpires: expires });
    if (!result.affected) throw notFound(`No user with id ${userId}.`);
    await this.events.emit(this.users.manager, { kind: 'account', account: userId });
  }

  /** Deletes the account with everything it owns (it cascades), or 404. */
  @Sql((f) => [f.spare.user])
  async delete(id: number): Promise<void> {
    const result = await this.users.delete({ id });
    if (!result.affected) throw notFound(`No user with id ${id}.`);
    await this.events.emit(this.users.manager, { kind: 'account', account: id });
  }

  @Sql(() => [{ offset: 0, limit: 15 }])
  listPlans(page: PageRequest): Promise<PlanEntity[]> {
    return this.plans.find({ order: { id: 'ASC' }, skip: page.offset, take: page.limit });
  }

  @Sql(() => [1])
  plan(id: number): Promise<PlanEntity | null> {
    return this.plans.findOneBy({ id });
  }

  /** The free plan new accounts get. */
  @Sql(() => [])
  freePlan(): Promise<PlanEntity | null> {
    return this.plans.findOne({ where: { free: true }, order: { id: 'ASC' } });
  }

  /** The free plan's limit (DEFAULT_RATE_LIMIT, set at every start). */
  @Sql(() => [30])
  async setFreeRateLimit(ratelimit: number): Promise<void> {
    await this.plans.update({ free: true }, { ratelimit });
  }
}
