import type { operations } from '@linkyard/spec';
import type { Role } from '../../common/account';
import { openApiDocument } from '../../common/openapi-document';

export type { Role };
export type OperationId = keyof operations;

/** The roles from least to most: each may do what the ones before it may. */
export const ROLES: readonly Role[] = ['viewer', 'editor', 'admin', 'owner'];

/** Whether `role` may do what `needed` may. */
export const covers = (role: Role, needed: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(needed);

/**
 * What an operation needs:
 * - a role in the workspace the request acts in (X-Linkyard-Workspace, the workspace key's, or
 *   the person's own);
 * - `{ role, in: 'path' }`: a role in the workspace its path names (`/workspace/{id}/...`);
 * - 'person': a signed-in person, in no workspace (their own account, sessions, invitations, and
 *   the service admin's operations, which AdminGuard checks). A workspace key cannot call these.
 * - 'public': no credentials at all.
 */
export type Need = Role | { role: Role; in: 'path' } | 'person' | 'public';

const ROLE_NAMES = new Set<string>([...ROLES, 'person', 'public']);

/**
 * What each operation needs, as the OpenAPI document says (`x-linkyard-role`, and
 * `x-linkyard-workspace: path`): the one table the workspace guard reads, and the dashboard reads
 * too (@linkyard/spec/roles). The document's lint fails when an operation names none, this fails
 * at load when one names no known role, and the service refuses to start when a route has no
 * entry (workspace.guard.ts).
 */
export const NEEDS: Readonly<Record<OperationId, Need>> = readNeeds();

function readNeeds(): Record<OperationId, Need> {
  const needs: Record<string, Need> = {};
  for (const item of Object.values(openApiDocument.paths)) {
    for (const operation of Object.values(item) as {
      operationId?: string;
      'x-linkyard-role'?: string;
      'x-linkyard-workspace'?: string;
    }[]) {
      if (typeof operation !== 'object' || !operation?.operationId) continue;
      const role = operation['x-linkyard-role'];
      if (!role || !ROLE_NAMES.has(role)) throw new Error(`openapi.yaml: ${operation.operationId} names no role (x-linkyard-role)`);
      needs[operation.operationId] =
        operation['x-linkyard-workspace'] === 'path' ? { role: role as Role, in: 'path' as const } : (role as Need);
    }
  }
  return needs;
}

/**
 * Routes that are no operation of the document, and need credentials but no workspace: the
 * answer to a path no operation serves (404, or 405 with Allow) comes after the key is checked.
 */
export const BEYOND_THE_DOCUMENT: Readonly<Record<string, 'any'>> = { unmatched: 'any' };

/** Changing operations that change nothing stored (previews): left out of the audit log. */
export const UNRECORDED: ReadonlySet<OperationId> = new Set<OperationId>(['previewQr', 'previewNewBioPage', 'previewBioPage']);
