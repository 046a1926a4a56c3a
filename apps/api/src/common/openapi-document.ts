import { readFileSync } from 'node:fs';

/** The OpenAPI document of packages/spec, as built to JSON: the contract, read at run time. */
export const openApiDocument = JSON.parse(readFileSync(require.resolve('@linkyard/spec/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
  components: {
    parameters: Record<string, { schema: Record<string, unknown> }>;
    schemas: Record<string, Record<string, unknown>>;
  };
} & Record<string, unknown>;

/** The schema of a shared parameter (`components.parameters`), for rules read from the document. */
export function parameterSchema(name: string): Record<string, unknown> {
  const parameter = openApiDocument.components.parameters[name];
  if (!parameter) throw new Error(`openapi.yaml has no parameter ${name}`);
  return parameter.schema;
}

/** A number the document gives (a minimum, a maximum, a default); it must be there. */
export function documentNumber(schema: Record<string, unknown>, key: string): number {
  const value = schema[key];
  if (typeof value !== 'number') throw new Error(`openapi.yaml: ${key} is not a number in ${JSON.stringify(schema)}`);
  return value;
}
