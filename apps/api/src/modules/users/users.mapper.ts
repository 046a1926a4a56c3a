import { createHash } from 'node:crypto';
import type { Ok } from '../../common/contract';
import { formatDateTime, formatNullableDateTime } from '../../common/dates';
import type { PlanEntity } from './plan.entity';
import type { UserEntity } from './user.entity';

/** Without a plan (or once a paid plan has expired) an account has the spec's 30 a minute. */
export const DEFAULT_RATELIMIT = 30;
export const ADMIN_RATELIMIT = 1000;

export function gravatarUrl(email: string): string {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `https://www.gravatar.com/avatar/${hash}?d=identicon`;
}

/** A paid plan whose expiry has not passed. */
export function onPaidPlan(user: UserEntity, now = Date.now()): boolean {
  return !!user.plan && !user.plan.free && (!user.planExpires || user.planExpires.getTime() > now);
}

export function accountStatus(user: UserEntity): 'pro' | 'free' {
  return onPaidPlan(user) ? 'pro' : 'free';
}

/** The limit in force: an admin's setting for the account, else admin or plan limit. */
export function effectiveRatelimit(user: UserEntity, now = Date.now()): number {
  if (user.ratelimit) return user.ratelimit;
  if (user.admin) return ADMIN_RATELIMIT;
  const planActive = !!user.plan && (!user.planExpires || user.planExpires.getTime() > now);
  return planActive && user.plan ? user.plan.ratelimit : DEFAULT_RATELIMIT;
}

type AccountData = Ok<'getAccount'>['data'];
type AdminUser = Ok<'getUser'>['data'];
type Plan = Ok<'listPlans'>['data'][number];

export function toAccount(user: UserEntity): AccountData {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    avatar: gravatarUrl(user.email),
    status: accountStatus(user),
    expires: formatNullableDateTime(user.planExpires),
    registered: formatDateTime(user.createdAt),
  };
}

export function toAdminUser(user: UserEntity): AdminUser {
  return {
    ...toAccount(user),
    admin: user.admin,
    planid: user.planId,
    ratelimit: effectiveRatelimit(user),
  };
}

export function toPlan(plan: PlanEntity): Plan {
  return { id: plan.id, name: plan.name, free: plan.free, ratelimit: plan.ratelimit, price: plan.price };
}
