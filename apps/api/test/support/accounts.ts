import type { Account } from '../../src/common/account';

/** An enabled account of this id on the free plan, as the auth guard attaches it to a request. */
export function accountFor(id: number, ratelimit = 30): Account {
  return {
    id,
    role: 'owner',
    workspaceKey: null,
    admin: false,
    ratelimit,
    keyExpiresAt: null,
    disabled: false,
    user: {
      id,
      username: `user-${id}`,
      email: `user-${id}@example.com`,
      admin: false,
      ratelimit: null,
      planExpires: null,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      hasPassword: true,
      plan: { free: true, ratelimit },
    },
  };
}
