/** The OpenAPI document of packages/spec, as built to JSON: the contract, read at run time. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const openApiDocument: Record<string, unknown> = require('@linkyard/spec/openapi.json');
