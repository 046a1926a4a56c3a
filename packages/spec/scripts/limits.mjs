// Writes generated/limits.ts: the rules of every field of the document's object schemas (lengths,
// patterns, ranges, item counts, allowed values), so that forms take their limits from the
// document the service checks against, never from literals. `--check` fails when the file is stale.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'generated', 'limits.ts');
const doc = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8'));
const schemas = doc.components.schemas;
const RULES = ['minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'minItems', 'maxItems'];

const resolve = (schema) => {
  let current = schema;
  while (current && current.$ref) current = schemas[current.$ref.split('/').pop()];
  return current ?? {};
};

/** The rules of one field: its own, over those of what it refers to, over its first alternative's. */
function fieldRules(schema) {
  const own = schema ?? {};
  const referred = own.$ref ? fieldRules(resolve(own)) : {};
  const alternatives = own.oneOf ?? own.anyOf;
  const first = alternatives
    ? alternatives.map((alternative) => resolve(alternative)).find((alternative) => alternative.const === undefined)
    : null;
  const rules = { ...(first ? fieldRules(first) : {}), ...referred };
  for (const rule of RULES) if (own[rule] !== undefined) rules[rule] = own[rule];
  if (Array.isArray(own.enum)) rules.enum = own.enum;
  if (own.items) {
    const items = fieldRules(own.items);
    if (Object.keys(items).length > 0) rules.items = items;
  }
  return rules;
}

/** An object schema's fields with their rules (allOf merged, later parts winning). */
function fields(schema, seen = new Set()) {
  const resolved = resolve(schema);
  if (seen.has(resolved)) return {};
  seen.add(resolved);
  const result = {};
  for (const part of resolved.allOf ?? []) Object.assign(result, fields(part, seen));
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    const rules = fieldRules(property);
    if (Object.keys(rules).length > 0) result[name] = { ...(result[name] ?? {}), ...rules };
  }
  return result;
}

const limits = {};
for (const name of Object.keys(schemas).sort()) {
  const found = fields(schemas[name]);
  if (Object.keys(found).length > 0) limits[name] = found;
}

const text = `// Generated from openapi.yaml by scripts/limits.mjs (pnpm --filter @linkyard/spec generate): do not edit.
// The rules of each field of the document's object schemas, as the service checks them.

/** A field's rules: lengths, pattern (a JavaScript regular expression's source), range, item counts, allowed values. */
export interface FieldLimits {
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly enum?: readonly (string | number | boolean | null)[];
  readonly items?: FieldLimits;
}

export const LIMITS = ${JSON.stringify(limits, null, 2)} as const satisfies Record<string, Record<string, FieldLimits>>;
`;

if (process.argv.includes('--check')) {
  if (!existsSync(target) || readFileSync(target, 'utf8') !== text) {
    console.error('generated/limits.ts is stale: run pnpm --filter @linkyard/spec generate');
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
}
