import { readFileSync } from 'node:fs';
/** The OpenAPI document of packages/spec, as built to JSON: the contract, read at run time. */
export const openApiDocument = JSON.parse(readFileSync(require.resolve('@linkyard/spec/openapi.json'), 'utf8')) as Record<string, unknown>;
