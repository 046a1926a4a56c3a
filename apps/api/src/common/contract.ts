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

type ParametersOf<Op extends keyof operations, In extends 'query' | 'path'> = operations[Op]['parameters'] extends { [K in In]?: infer P }
  ? NonNullable<P>
  : never;

/**
 * The query string of an operation as it arrives: the document's parameter names, each a string
 * (or several, when repeated) until the pagination and list helpers read it.
 */
export type QueryParams<Op extends keyof operations> = { [Name in keyof ParametersOf<Op, 'query'>]?: string | string[] };

/** The path parameters of an operation, typed as the document says (ids are integers once parsed). */
export type PathParams<Op extends keyof operations> = ParametersOf<Op, 'path'>;

/** The path parameters of an operation as they arrive, before any parsing: strings. */
export type RawPathParams<Op extends keyof operations> = { [Name in keyof PathParams<Op>]: string };
