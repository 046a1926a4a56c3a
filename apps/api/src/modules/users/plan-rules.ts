import type { UserEntity } from './user.entity';

/** Without a plan (or once a paid plan has expired) an account has the spec's 30 a minute. */
export const DEFAULT_RATELIMIT = 30;
export const ADMIN_RATELIMIT = 1000;

/** What an account's plan gives it now: the status the API shows and the rate limit in force. */
export interface Standing {
  status: 'pro' | 'free';
  ratelimit: number;
}

/** A paid plan whose expiry has not passed. */
function onPaidPlan(user: UserEntity, now: number): boolean {
  return !!user.plan && !user.plan.free && (!user.planExpires || user.planExpires.getTime() > now);
}

/** The limit in force: an admin's setting for the account, else the admin or plan limit. */
function effectiveRatelimit(user: UserEntity, now: number): number {
  if (user.ratelimit) return user.ratelimit;
  if (user.admin) return ADMIN_RATELIMIT;
  const planActive = !!user.plan && (!user.planExpires || user.planExpires.getTime() > now);
  return planActive && user.plan ? user.plan.ratelimit : DEFAULT_RATELIMIT;
}

export function standingAt(user: UserEntity, now: number): Standing {
  return { status: onPaidPlan(user, now) ? 'pro' : 'free', ratelimit: effectiveRatelimit(user, now) };
}
