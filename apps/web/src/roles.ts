import { covers, NEEDS, type Role } from '@linkyard/spec/roles';

export type { Role };
export type Operation = keyof typeof NEEDS;

/**
 * Whether a role may call an operation, by the table the service enforces (`x-linkyard-role` of
 * the OpenAPI document): the dashboard offers only what the person's role may do.
 */
export function allows(role: Role | null, operation: Operation): boolean {
  const need: (typeof NEEDS)[Operation] = NEEDS[operation];
  if (need === 'person' || need === 'public') return true;
  if (role === null) return false;
  return covers(role, typeof need === 'string' ? need : need.role);
}
