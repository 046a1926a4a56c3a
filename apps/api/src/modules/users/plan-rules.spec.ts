import type { PlanEntity } from './plan.entity';
import { ADMIN_RATELIMIT, DEFAULT_RATELIMIT, standingAt } from './plan-rules';
import type { UserEntity } from './user.entity';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const pro = { id: 2, name: 'Pro', free: false, ratelimit: 600, price: 9 } as PlanEntity;
const free = { id: 1, name: 'Free', free: true, ratelimit: 60, price: 0 } as PlanEntity;
const user = (fields: Partial<UserEntity>): UserEntity =>
  ({ admin: false, ratelimit: null, plan: null, planExpires: null, ...fields }) as UserEntity;

describe('standingAt', () => {
  it('gives an account without a plan the free status and the default limit', () => {
    expect(standingAt(user({}), NOW)).toEqual({ status: 'free', ratelimit: DEFAULT_RATELIMIT });
  });

  it('gives a paid plan its status and limit until it expires, then the defaults', () => {
    const subscriber = user({ plan: pro, planExpires: new Date(NOW + 1000) });
    expect(standingAt(subscriber, NOW)).toEqual({ status: 'pro', ratelimit: 600 });
    expect(standingAt(subscriber, NOW + 1000)).toEqual({ status: 'free', ratelimit: DEFAULT_RATELIMIT });
  });

  it('keeps a free plan free, with its own limit', () => {
    expect(standingAt(user({ plan: free }), NOW)).toEqual({ status: 'free', ratelimit: 60 });
  });

  it('lets an admin setting for the account win over the plan, and admins have their own limit', () => {
    expect(standingAt(user({ plan: pro, ratelimit: 5 }), NOW).ratelimit).toBe(5);
    expect(standingAt(user({ admin: true }), NOW).ratelimit).toBe(ADMIN_RATELIMIT);
  });
});
