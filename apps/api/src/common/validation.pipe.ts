import { ValidationPipe, type ArgumentMetadata, type ValidationError, type ValidationPipeOptions, type Type } from '@nestjs/common';
import { getMetadataStorage, IS_OPTIONAL } from 'class-validator';
import { ApiError, badRequest } from './api-error';

const EMPTY_MEANS_ABSENT = Symbol('linkyard:empty-means-absent');

/**
 * On the body of a create operation, an optional field sent as `""` counts as absent: clients
 * send `"custom": ""` and `"domain": ""` for the fields a user left empty. Not inherited by the
 * update bodies derived from the class, where `""` may mean "remove".
 */
export function EmptyMeansAbsent(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(EMPTY_MEANS_ABSENT, true, target);
  };
}

const optionalByClass = new WeakMap<Type, Set<string>>();

/** The optional fields of a body class (those marked `@IsOptional()`), for `EmptyMeansAbsent`; read once per class. */
function optionalFields(metatype: Type): Set<string> {
  let fields = optionalByClass.get(metatype);
  if (!fields) {
    const rules = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
    fields = new Set(rules.filter((rule) => rule.name === IS_OPTIONAL).map((rule) => rule.propertyName));
    optionalByClass.set(metatype, fields);
  }
  return fields;
}

function withoutEmptyOptionals(value: unknown, metatype: Type | undefined): unknown {
  if (!metatype || !Reflect.getOwnMetadata(EMPTY_MEANS_ABSENT, metatype)) return value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const optional = optionalFields(metatype);
  return Object.fromEntries(Object.entries(value).filter(([key, entry]) => !(entry === '' && optional.has(key))));
}

/** Path parameters and queries are read by their own pipes and helpers, never coerced here. */
class BodyValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    return metadata.type === 'body' ? super.transform(withoutEmptyOptionals(value, metadata.metatype), metadata) : Promise.resolve(value);
  }
}

/** Type rules first: "must be an array" says more than "must contain no more than 50 elements". */
const FIRST = ['isDefined', 'isArray', 'isObject', 'isString', 'isInt', 'isBoolean', 'isIn', 'nestedValidation'];

function rank(constraint: string): number {
  const index = FIRST.indexOf(constraint);
  return index === -1 ? FIRST.length : index;
}

function firstProblem(errors: ValidationError[], path = ''): ApiError | null {
  for (const error of errors) {
    const field = path ? `${path}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    const names = Object.keys(constraints).sort((a, b) => rank(a) - rank(b));
    if (names.length > 0) return badRequest(`Invalid field "${field}": ${constraints[names[0]!]}.`, field);
    const nested = firstProblem(error.children ?? [], field);
    if (nested) return nested;
  }
  return null;
}

const PIPE_OPTIONS: ValidationPipeOptions = {
  whitelist: true,
  transform: true,
  transformOptions: { enableImplicitConversion: false },
  validationError: { target: false, value: false },
  exceptionFactory: (errors) => firstProblem(errors) ?? badRequest('The request body is invalid.'),
};

/**
 * One validation pipe for every body: unknown fields are dropped, values are not coerced
 * (a number sent as a string is refused), and the 400 names the first field at fault.
 */
export function createValidationPipe(): ValidationPipe {
  return new BodyValidationPipe(PIPE_OPTIONS);
}

const itemPipe = new BodyValidationPipe(PIPE_OPTIONS);

/**
 * Checks one item of a bulk body by the rules of its class, as if it were a body of its own:
 * the item as the class holds it, or the ApiError (with its field) the body would have had.
 */
export async function checkItem<T>(metatype: Type<T>, value: unknown): Promise<T | ApiError> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return badRequest('Invalid item: must be a JSON object.');
  try {
    return (await itemPipe.transform(value, { type: 'body', metatype })) as T;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}
