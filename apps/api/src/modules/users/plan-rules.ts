import { SPEC_RATE_LIMIT } from '../../config/config';
import type { AccountUser } from '../../common/account';

/**
 * The spec's 30 a minute: the free plan's limit, and an account's without a plan (or once a paid
 * plan has expired), unless DEFAULT_RATE_LIMIT says otherwise.
 */
export const DEFAULT_RATELIMIT = SPEC_RATE_LIMIT;
export const ADMIN_RATELIMIT = 1000;

/** What an account's plan gives it now: the status the API shows and the rate limit in force. */
/** What of an account its standing reads. */
export type PlanHolder = Pick<AccountUser, 'admin' | 'ratelimit' | 'planExpires' | 'plan'>;

export interface Standing {
  status: 'pro' | 'free';
  ratelimit: number;
}

/**
 * Status: `pro` on a paid plan whose expiry has not passed. Limit: an admin's setting for the
 * account, else the admin limit, else the plan's while it has not expired, else the default.
 */
export function standingAt(user: PlanHolder, now: number, defaultLimit = DEFAULT_RATELIMIT): Standing {
  const plan = user.plan && (!user.planExpires || user.planExpires.getTime() > now) ? user.plan : null;
  const ratelimit = user.ratelimit || (user.admin ? ADMIN_RATELIMIT : (plan?.ratelimit ?? defaultLimit));
  return { status: plan && !plan.free ? 'pro' : 'free', ratelimit };
}
