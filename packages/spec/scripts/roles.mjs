// Writes generated/roles.ts: what each operation of the document needs (x-linkyard-role and
// x-linkyard-workspace), the one table the service's workspace guard enforces and the dashboard
// reads to offer only what a role may do. `--check` fails when the file is stale.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'generated', 'roles.ts');
const doc = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8'));
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const needs = {};
for (const item of Object.values(doc.paths)) {
  for (const method of METHODS) {
    const operation = item[method];
    if (!operation) continue;
    const role = operation['x-linkyard-role'];
    if (!role) throw new Error(`${operation.operationId} has no x-linkyard-role`);
    needs[operation.operationId] = operation['x-linkyard-workspace'] === 'path' ? { role, in: 'path' } : role;
  }
}
const sorted = Object.fromEntries(
  Object.keys(needs)
    .sort()
    .map((id) => [id, needs[id]]),
);

const text = `// Generated from openapi.yaml by scripts/roles.mjs (pnpm --filter @linkyard/spec generate): do not edit.
// What each operation needs (see "Requests" in the document).

/** The roles in a workspace, from least to most: each may do what the ones before it may. */
export const ROLES = ['viewer', 'editor', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What an operation needs:
 * - a role in the workspace the request acts in (X-Linkyard-Workspace, the workspace key's, or
 *   the person's own);
 * - \`{ role, in: 'path' }\`: a role in the workspace its path names (\`/workspace/{id}/...\`);
 * - 'person': a signed-in person, in no workspace; a workspace key cannot call these;
 * - 'public': no credentials at all.
 */
export type Need = Role | { readonly role: Role; readonly in: 'path' } | 'person' | 'public';

export const NEEDS = ${JSON.stringify(sorted, null, 2)} as const satisfies Record<string, Need>;

/** Whether \`role\` may do what \`needed\` may. */
export const covers = (role: Role, needed: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(needed);
`;

if (process.argv.includes('--check')) {
  if (!existsSync(target) || readFileSync(target, 'utf8') !== text) {
    console.error('generated/roles.ts is stale: run pnpm --filter @linkyard/spec generate');
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
}
