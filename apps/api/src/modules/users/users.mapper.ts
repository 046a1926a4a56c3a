import { hash } from 'node:crypto';
import type { AccountUser } from '../../common/account';
import type { Ok } from '../../common/contract';
import { formatDateTime, formatNullableDateTime } from '../../common/dates';
import type { PlanEntity } from './plan.entity';
import type { Standing } from './plan-rules';
import type { UserEntity } from './user.entity';

export function gravatarUrl(email: string): string {
  return `https://www.gravatar.com/avatar/${hash('sha256', email.trim().toLowerCase(), 'hex')}?d=identicon`;
}

type AccountData = Ok<'getAccount'>['data'];
type AdminUser = Ok<'getUser'>['data'];
type Plan = Ok<'listPlans'>['data'][number];

export function toAccount(user: Omit<AccountUser, 'hasPassword'>, standing: Standing): AccountData {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    avatar: gravatarUrl(user.email),
    status: standing.status,
    expires: formatNullableDateTime(user.planExpires),
    registered: formatDateTime(user.createdAt),
  };
}

export function toAdminUser(user: UserEntity, standing: Standing): AdminUser {
  return {
    ...toAccount(user, standing),
    admin: user.admin,
    planid: user.planId,
    ratelimit: standing.ratelimit,
    disabled: user.disabledAt !== null,
    disabledsince: formatNullableDateTime(user.disabledAt),
  };
}

export function toPlan(plan: PlanEntity): Plan {
  return { id: plan.id, name: plan.name, free: plan.free, ratelimit: plan.ratelimit, price: plan.price };
}
