import { ApiError } from '../../common/api-error';
import { Clock } from '../../common/clock';
import type { Config } from '../../config/config';
import { hashApiKey } from '../auth/api-key';
import { GuessLimits } from '../auth/guess-limits';
import type { PasswordHasher } from '../auth/password';
import { MemoryFixedWindowStorage } from '../../infrastructure/fixed-window.storage';
import { Metrics } from '../../infrastructure/metrics';
import type { PlanEntity } from './plan.entity';
import type { UserEntity } from './user.entity';
import type { UsersRepository } from './users.repository';
import type { WorkspacesRepository } from '../workspaces/workspaces.repository';
import { UsersService } from './users.service';

/**
 * The accounts' rules, against an in-memory stand-in of their repository (its statements run on a
 * real database in test/repositories.e2e-spec.ts, the whole path in test/admin.e2e-spec.ts and
 * test/account.e2e-spec.ts): who may take a name, which plan a new account gets, how the operator
 * gets back in.
 */

const FREE: PlanEntity = { id: 1, name: 'Free', free: true, ratelimit: 30, price: 0, createdAt: new Date(0) };
/** A clock that stands still until the test moves it. */
class StillClock extends Clock {
  constructor(private time: number) {
    super();
  }
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

const PRO: PlanEntity = { id: 2, name: 'Pro', free: false, ratelimit: 600, price: 9, createdAt: new Date(0) };

class MemoryUsers {
  readonly rows: UserEntity[] = [];
  readonly plans = [FREE, PRO];
  private next = 1;
  private find = (id: number) => this.rows.find((row) => row.id === id);
  private must = (id: number) => {
    const row = this.find(id);
    if (!row) throw new ApiError(404, `No user with id ${id}.`);
    return row;
  };
  withPlan = (column: 'id' | 'api_key_hash', value: number | string) => {
    const row = this.rows.find((candidate) => (column === 'id' ? candidate.id === value : candidate.apiKeyHash === value));
    return Promise.resolve(row ? { ...row, plan: this.plans.find((plan) => plan.id === row.planId) ?? null } : null);
  };
  byKeyHash = (keyHash: string) => Promise.resolve(this.rows.find((row) => row.apiKeyHash === keyHash) ?? null);
  firstAdmin = () => Promise.resolve(this.rows.filter((row) => row.admin).sort((a, b) => a.id - b.id)[0] ?? null);
  count = () => Promise.resolve(this.rows.length);
  taken = (fields: { username?: string; email?: string }, exceptId?: number) =>
    Promise.resolve(
      this.rows.some(
        (row) =>
          row.id !== exceptId &&
          ((fields.username !== undefined && row.username.toLowerCase() === fields.username.toLowerCase()) ||
            (fields.email !== undefined && row.email.toLowerCase() === fields.email.toLowerCase())),
      ),
    );
  add = (user: Omit<UserEntity, 'id' | 'createdAt' | 'disabledAt' | 'plan'>) => {
    const row = { ...user, id: this.next++, createdAt: new Date(0), disabledAt: null } as UserEntity;
    this.rows.push(row);
    return Promise.resolve(row);
  };
  updateCredentials = (id: number, patch: Partial<UserEntity>, unchanged: { passwordHash: string | null; apiKeyHash?: string }) => {
    const row = this.must(id);
    const same =
      row.passwordHash === unchanged.passwordHash && (unchanged.apiKeyHash === undefined || row.apiKeyHash === unchanged.apiKeyHash);
    if (same) Object.assign(row, patch);
    return Promise.resolve(same);
  };
  setKey = (id: number, apiKeyHash: string, apiKeyExpires: Date | null) =>
    Promise.resolve(void Object.assign(this.must(id), { apiKeyHash, apiKeyExpires }));
  setDisabled = (id: number, disabled: boolean, now: Date) => {
    const row = this.must(id);
    row.disabledAt = disabled ? (row.disabledAt ?? now) : null;
    return Promise.resolve();
  };
  makeAdmin = (id: number) => Promise.resolve(void Object.assign(this.must(id), { admin: true, apiKeyExpires: null, disabledAt: null }));
  plan = (id: number) => Promise.resolve(this.plans.find((plan) => plan.id === id) ?? null);
  freePlan = () => Promise.resolve(FREE);
}

/** No workspace keys: these tests are about accounts' own keys. */
const noWorkspaceKeys = { keyByHash: () => Promise.resolve(null) } as unknown as WorkspacesRepository;

function service() {
  const users = new MemoryUsers();
  const clock = new StillClock(Date.UTC(2026, 0, 1));
  const hasher = {
    hash: (_account: number, password: string) => Promise.resolve(`hashed:${password}`),
    verify: (_share: string, password: string, stored: string) => Promise.resolve(stored === `hashed:${password}`),
  } as unknown as PasswordHasher;
  const config = { defaultRateLimit: 30 } as Config;
  const guesses = new GuessLimits(new MemoryFixedWindowStorage(clock), new Metrics());
  return {
    users,
    clock,
    usersService: new UsersService(users as unknown as UsersRepository, noWorkspaceKeys, clock, hasher, guesses, config),
  };
}

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
};

describe('UsersService', () => {
  it('gives a new account the free plan, a key of its own and its password hashed', async () => {
    const { usersService, users } = service();
    const { user, apiKey } = await usersService.create({ username: 'ada', email: 'ada@example.com', password: 'a-long-password' });
    expect(user).toMatchObject({ username: 'ada', planId: FREE.id, admin: false });
    expect(users.rows[0]).toMatchObject({ passwordHash: 'hashed:a-long-password', apiKeyHash: hashApiKey(apiKey) });
    expect(await usersService.findAccountByKeyHash(hashApiKey(apiKey))).toMatchObject({ id: user.id, ratelimit: 30, disabled: false });
  });

  it('refuses a username or an e-mail address another account has, whatever their case, and an unknown plan', async () => {
    const { usersService } = service();
    await usersService.create({ username: 'ada', email: 'ada@example.com', password: 'a-long-password' });
    const taken = { status: 409, message: 'A user with this username or e-mail address already exists.' };
    expect(await refusal(usersService.create({ username: 'ADA', email: 'other@example.com', password: 'a-long-password' }))).toEqual(taken);
    expect(await refusal(usersService.create({ username: 'bob', email: 'Ada@Example.com', password: 'a-long-password' }))).toEqual(taken);
    expect(await refusal(usersService.create({ username: 'bob', email: 'bob@example.com', password: 'x'.repeat(8), planId: 9 }))).toEqual({
      status: 404,
      message: 'No plan with id 9.',
    });
  });

  it("changes an account's e-mail address or password with its current password, never to another account's address", async () => {
    const { usersService, users } = service();
    const ada = (await usersService.create({ username: 'ada', email: 'ada@example.com', password: 'a-long-password' })).user;
    await usersService.create({ username: 'bob', email: 'bob@example.com', password: 'a-long-password' });
    const from = { address: '192.0.2.1', keyHash: 'k'.repeat(64) };
    expect((await refusal(usersService.updateCredentials(ada.id, {}, from)))?.status).toBe(400);
    expect(await refusal(usersService.updateCredentials(ada.id, { password: 'another-password' }, from))).toMatchObject({
      status: 400,
      message: expect.stringContaining('"currentpassword"'),
    });
    expect(
      (await refusal(usersService.updateCredentials(ada.id, { password: 'x'.repeat(8) }, { ...from, currentPassword: 'wrong' })))?.status,
    ).toBe(403);
    const proven = { ...from, currentPassword: 'a-long-password' };
    // Another account's address is not taken, and nothing says so.
    expect(await usersService.updateCredentials(ada.id, { email: 'BOB@example.com' }, proven)).toEqual({ passwordRef: null });
    expect(users.rows[0]!.email).toBe('ada@example.com');
    // Its own address, in another case, is its own.
    await usersService.updateCredentials(ada.id, { email: 'ADA@example.com', password: 'another-password' }, proven);
    expect(users.rows[0]).toMatchObject({ email: 'ADA@example.com', passwordHash: 'hashed:another-password', passwordByKey: false });
  });

  it('lets an account without a password set one with its key alone, marked as set so', async () => {
    const { usersService, users } = service();
    await usersService.createBootstrapAdmin();
    expect(users.rows[0]!.passwordHash).toBeNull();
    const admin = users.rows[0]!;
    const { passwordRef } = await usersService.updateCredentials(
      admin.id,
      { password: 'a first password' },
      { address: '192.0.2.1', keyHash: admin.apiKeyHash },
    );
    expect(passwordRef).toMatch(/^[0-9a-f]{64}$/);
    expect(admin).toMatchObject({ passwordHash: 'hashed:a first password', passwordByKey: true });
    // Changed with it as the current one, it is still the key's: it proves no more than the key.
    await usersService.updateCredentials(
      admin.id,
      { password: 'a second password' },
      { address: '192.0.2.1', keyHash: null, currentPassword: 'a first password' },
    );
    expect(admin).toMatchObject({ passwordHash: 'hashed:a second password', passwordByKey: true });
  });

  it('writes nothing when the key the change was made with was replaced meanwhile (401)', async () => {
    const { usersService, users } = service();
    await usersService.createBootstrapAdmin();
    const admin = users.rows[0]!;
    const oldKey = admin.apiKeyHash;
    await usersService.rotateKey(admin.id, null);
    expect(
      await refusal(usersService.updateCredentials(admin.id, { password: 'set too late' }, { address: '192.0.2.1', keyHash: oldKey })),
    ).toMatchObject({
      status: 401,
    });
    expect(admin.passwordHash).toBeNull();
  });

  it('gives a paid plan its limit until it expires, then the default', async () => {
    const { usersService, users, clock } = service();
    const { user, apiKey } = await usersService.create({ username: 'ada', email: 'ada@example.com', password: 'a-long-password' });
    users.rows[0]!.planId = PRO.id;
    users.rows[0]!.planExpires = new Date(clock.now() + 60_000);
    expect(usersService.standing(await usersService.get(user.id))).toEqual({ status: 'pro', ratelimit: 600 });
    clock.advance(60_000);
    expect(await usersService.findAccountByKeyHash(hashApiKey(apiKey))).toMatchObject({ ratelimit: 30 });
    expect(usersService.standing(await usersService.get(user.id))).toEqual({ status: 'free', ratelimit: 30 });
  });

  it('lets ADMIN_API_KEY in: it makes the holder of the key an enabled admin, else gives the first admin that key, else makes one', async () => {
    const { usersService, users } = service();
    await usersService.ensureAdminKey('lyk_operator-key-one-0123456789abcdef');
    expect(users.rows).toMatchObject([{ username: 'admin', admin: true, apiKeyHash: hashApiKey('lyk_operator-key-one-0123456789abcdef') }]);
    // The first admin, disabled by another admin, takes the new key and is enabled again.
    await usersService.setDisabled(users.rows[0]!.id, true);
    await usersService.ensureAdminKey('lyk_operator-key-two-0123456789abcdef');
    expect(users.rows).toHaveLength(1);
    expect(users.rows[0]).toMatchObject({ apiKeyHash: hashApiKey('lyk_operator-key-two-0123456789abcdef'), disabledAt: null });
    // A user who holds the key becomes an admin.
    const { apiKey } = await usersService.create({ username: 'bob', email: 'bob@example.com', password: 'a-long-password' });
    await usersService.ensureAdminKey(apiKey);
    expect(users.rows[1]).toMatchObject({ username: 'bob', admin: true });
  });

  it('keeps when an account was first disabled, and a reset of the admin key enables the admin again', async () => {
    const { usersService, users, clock } = service();
    await usersService.createBootstrapAdmin();
    const admin = users.rows[0]!;
    const first = new Date(clock.now());
    await usersService.setDisabled(admin.id, true);
    clock.advance(3_600_000);
    await usersService.setDisabled(admin.id, true);
    expect(admin.disabledAt).toEqual(first);
    const { apiKey, created } = await usersService.resetAdminKey();
    expect(created).toBe(false);
    expect(await usersService.findAccountByKeyHash(hashApiKey(apiKey))).toMatchObject({ id: admin.id, admin: true, disabled: false });
  });
});
