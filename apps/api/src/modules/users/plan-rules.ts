import type { UserEntity } from './user.entity';

/** Without a plan (or once a paid plan has expired) an account has the spec's 30 a minute. */
export const DEFAULT_RATELIMIT = 30;
export const ADMIN_RATELIMIT = 1000;

/** What an account's plan gives it now: the status the API shows and the rate limit in force. */
export interface Standing {
  status: 'pro' | 'free';
  ratelimit: number;
}

/**
 * Status: `pro` on a paid plan whose expiry has not passed. Limit: an admin's setting for the
 * account, else the admin limit, else the plan's while it has not expired, else the default.
 */
export function standingAt(user: UserEntity, now: number): Standing {
  const plan = user.plan && (!user.planExpires || user.planExpires.getTime() > now) ? user.plan : null;
  const ratelimit = user.ratelimit || (user.admin ? ADMIN_RATELIMIT : (plan?.ratelimit ?? DEFAULT_RATELIMIT));
  return { status: plan && !plan.free ? 'pro' : 'free', ratelimit };
}
