import { openApiDocument } from '../../src/common/openapi-document';

/** A JSON Schema of the OpenAPI document, as far as the tests read it. */
export interface Schema {
  $ref?: string;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: Schema;
}

export const documentSchemas = (openApiDocument.components as { schemas: Record<string, Schema> }).schemas;

/**
 * A schema with its `$ref`s followed and its `allOf` parts merged: the properties and the required
 * fields of every part, and for any other keyword the first value met (the schema's own first).
 */
export function flatSchema(schema: Schema): Schema {
  if (schema.$ref) {
    const { $ref, ...rest } = schema;
    return flatSchema({ ...rest, allOf: [documentSchemas[$ref.split('/').pop()!]!, ...(rest.allOf ?? [])] });
  }
  if (!schema.allOf) return schema;
  const { allOf, ...own } = schema;
  const merged: Schema = { ...own };
  for (const part of allOf.map(flatSchema)) {
    for (const [key, value] of Object.entries(part) as [keyof Schema, unknown][]) {
      if (key === 'properties') merged.properties = { ...(value as Record<string, Schema>), ...merged.properties };
      else if (key === 'required') merged.required = [...new Set([...(merged.required ?? []), ...(value as string[])])];
      else if (merged[key] === undefined) (merged as Record<string, unknown>)[key] = value;
    }
  }
  return merged;
}
