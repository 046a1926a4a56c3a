import type { operations } from '@linkyard/spec';

/**
 * Shapes taken from the generated OpenAPI types, so a controller or DTO that drifts from
 * packages/spec/openapi.yaml fails to compile.
 */
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** The success body (200) of an operation, by operationId. */
export type Ok<Op extends keyof operations> = operations[Op]['responses'] extends { 200: infer Success } ? JsonOf<Success> : never;

/** The JSON request body of an operation, by operationId. */
export type RequestBody<Op extends keyof operations> = operations[Op] extends { requestBody?: infer Body }
  ? JsonOf<NonNullable<Body>>
  : never;
