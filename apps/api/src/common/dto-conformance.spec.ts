import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { Type } from '@nestjs/common';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { getMetadataStorage, type ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { documentSchemas, flatSchema, type Schema } from '../../test/support/openapi-schemas';
import { EACH_OF_TYPE } from './each-of-type';
import { openApiDocument } from './openapi-document';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- class-transformer keeps its `@Type` metadata in a module it exports no types for
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as { defaultMetadataStorage: MetadataStorage };

/**
 * The request rules are written in openapi.yaml; the DTO classes say them again to
 * class-validator. This test reads class-validator's metadata for the body of every operation
 * (found through the controllers: a handler is named after its operationId) and compares it with
 * the operation's request schema: the fields, which are required, their types, lengths, ranges,
 * item counts, enums and patterns, down into nested objects and the items of arrays of objects
 * (`@ValidateNested` with class-transformer's `@Type`). Any difference fails, so a limit changed
 * in one place only cannot pass CI. Rules the schema cannot say (cross-field, ownership) live in the services.
 */

const document = openApiDocument as {
  paths: Record<string, Record<string, { operationId?: string; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
};
const resolve = flatSchema;

/** The DTO class taking the body of each handler, by the handler's name (= operationId). */
function bodyClasses(): Map<string, Type> {
  const found = new Map<string, Type>();
  const modules = join(__dirname, '..', 'modules');
  for (const folder of readdirSync(modules)) {
    for (const file of readdirSync(join(modules, folder)).filter((name) => name.endsWith('.controller.ts'))) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- controllers found at run time, loaded in order
      const exported = require(join(modules, folder, file)) as Record<string, unknown>;
      for (const controller of Object.values(exported).filter((value): value is Type => typeof value === 'function')) {
        for (const method of Object.getOwnPropertyNames(controller.prototype)) {
          const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, { index: number }>;
          const body = Object.entries(args).find(([key]) => Number(key.split(':')[0]) === Number(RouteParamtypes.BODY));
          if (!body) continue;
          const types = Reflect.getMetadata('design:paramtypes', controller.prototype, method) as Type[];
          found.set(method, types[body[1].index]!);
        }
      }
    }
  }
  return found;
}

const rulesOf = (target: Type): ValidationMetadata[] =>
  getMetadataStorage()
    .getTargetValidationMetadatas(target, '', true, false)
    .filter((rule) => (rule.type as ValidationTypes | string) !== 'whitelistValidation');

/** The class a nested field is turned into (class-transformer's `@Type`), or undefined. */
const nestedClass = (target: Type, field: string): Type | undefined =>
  defaultMetadataStorage.findTypeMetadata(target, field)?.typeFunction() as Type | undefined;

/** Every difference between a DTO class and the object schema it stands for. */
function classDifferences(path: string, dto: Type, schema: Schema): string[] {
  const rules = rulesOf(dto);
  const fields = new Set(rules.map((rule) => rule.propertyName));
  const documented = new Set(Object.keys(schema.properties ?? {}));
  return [
    ...[...documented].filter((name) => !fields.has(name)).map((name) => `${path}${name}: in the schema, not in the DTO`),
    ...[...fields].filter((name) => !documented.has(name)).map((name) => `${path}${name}: in the DTO, not in the schema`),
    ...[...documented]
      .filter((name) => fields.has(name))
      .flatMap((name) => {
        const field = resolve(schema.properties![name]!);
        const own = rules.filter((rule) => rule.propertyName === name);
        const problems = differences(`${path}${name}`, field, own, (schema.required ?? []).includes(name));
        const byType = named(own, EACH_OF_TYPE)[0]?.constraints?.[0] as Record<string, Type> | undefined;
        if (byType) return [...problems, ...typedItemDifferences(`${path}${name}`, byType, field)];
        if (named(own, 'nestedValidation').length === 0) return problems;
        const nested = nestedClass(dto, name);
        const objectSchema = field.items ? resolve(field.items) : field;
        if (!nested) return [...problems, `${path}${name}: validated as nested, with no @Type class`];
        return [...problems, ...classDifferences(`${path}${name}${field.items ? '[]' : ''}.`, nested, objectSchema)];
      }),
  ];
}

/**
 * A list whose items are told apart by `type` (EachOfType): the schema's items are a `oneOf` whose
 * parts each hold `type` as a `const`, and each part is compared with the class of its type.
 */
function typedItemDifferences(path: string, classes: Record<string, Type>, field: Schema): string[] {
  const parts = (field.items ? resolve(field.items) : field).oneOf?.map(resolve) ?? [];
  const typeOf = (part: Schema) => resolve(part.properties?.type ?? {}).const as string | undefined;
  const documented = new Set(parts.map(typeOf));
  return [
    ...(parts.length === 0 ? [`${path}: items of several types in the DTO, no oneOf of items in the schema`] : []),
    ...Object.keys(classes)
      .filter((type) => !documented.has(type))
      .map((type) => `${path}[type=${type}]: in the DTO, not in the schema`),
    ...parts.flatMap((part) => {
      const type = typeOf(part);
      const dto = type === undefined ? undefined : classes[type];
      if (!dto) return [`${path}[type=${type ?? '?'}]: in the schema, not in the DTO`];
      return classDifferences(`${path}[type=${type}].`, dto, part);
    }),
  ];
}

const named = (rules: ValidationMetadata[], name: string) => rules.filter((rule) => rule.name === name || rule.type === name);

/** What the schema of one field says, in the terms of class-validator's rules. */
function differences(field: string, schema: Schema, allRules: ValidationMetadata[], required: boolean): string[] {
  const problems: string[] = [];
  // Rules marked `each` check the items of an array: they are compared with `items`.
  const rules = allRules.filter((rule) => !rule.each);
  const itemRules = allRules
    .filter((rule) => rule.each)
    .map((rule) => Object.assign(Object.create(Object.getPrototypeOf(rule) as object) as ValidationMetadata, rule, { each: false }));
  if (itemRules.length > 0) {
    if (!schema.items) problems.push(`${field}: item rules in the DTO, no items in the schema`);
    else
      problems.push(
        ...differences(`${field}[]`, resolve(schema.items), itemRules, true).filter(
          (problem) => !problem.endsWith('required by the schema, optional in the DTO'),
        ),
      );
  }
  const say = (what: string) => problems.push(`${field}: ${what}`);
  const shown = (value: unknown) => (value === undefined ? 'none' : JSON.stringify(value));
  const optional = named(rules, 'isOptional').length > 0;
  if (required === optional) say(required ? 'required by the schema, optional in the DTO' : 'optional in the schema, required by the DTO');
  const constraint = (name: string, index = 0): unknown => named(rules, name)[0]?.constraints?.[index];
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  const stringRules = [
    'isString',
    'matches',
    'isLength',
    'maxLength',
    'minLength',
    'isHttpUrl',
    'isAppUrl',
    'isEmailAddress',
    'isDateTime',
  ];
  if (type === 'integer' && !named(rules, 'isInt').length) say('an integer in the schema, not checked as one');
  if (type !== 'integer' && named(rules, 'isInt').length) say(`checked as an integer, ${type ?? 'untyped'} in the schema`);
  if (type === 'boolean' && !named(rules, 'isBoolean').length) say('a boolean in the schema, not checked as one');
  if (type === 'array' && !named(rules, 'isArray').length) say('an array in the schema, not checked as one');
  if (type === 'string' && !stringRules.some((name) => named(rules, name).length) && !schema.enum)
    say('a string in the schema, not checked as one');
  if (type !== 'string' && type !== undefined && stringRules.some((name) => named(rules, name).length))
    say(`checked as a string, ${type} in the schema`);
  // A rule that reads its pattern and lengths from the document's own schema is that schema.
  if (named(rules, 'isEmailAddress').length) {
    if (schema.pattern !== documentSchemas.Email?.pattern) say('checked as an e-mail address, not the Email schema in the document');
    return problems;
  }
  if (type === 'string') {
    const max = constraint('maxLength') ?? constraint('isLength', 1) ?? constraint('isHttpUrl') ?? constraint('isAppUrl');
    const min = constraint('minLength') ?? constraint('isLength', 0);
    if (schema.maxLength !== max) say(`maxLength ${shown(schema.maxLength)} in the schema, ${shown(max)} in the DTO`);
    if ((schema.minLength ?? 0) !== (min ?? 0)) say(`minLength ${shown(schema.minLength)} in the schema, ${shown(min)} in the DTO`);
    const pattern = named(rules, 'matches')[0]?.constraints?.[0] as RegExp | undefined;
    if (pattern && (schema.pattern === undefined || new RegExp(schema.pattern).source !== pattern.source) && !schema.enum)
      say(`pattern ${shown(schema.pattern)} in the schema, ${pattern.source} in the DTO`);
    // isHttpUrl checks what the HttpUrl schema's pattern says, and more (see common/urls).
    const httpUrl = named(rules, 'isHttpUrl').length > 0 && schema.pattern === documentSchemas.HttpUrl?.pattern;
    if (!pattern && schema.pattern && !httpUrl && !named(rules, 'isDateTime').length)
      say(`pattern ${schema.pattern} in the schema, none in the DTO`);
  }
  if (type === 'integer' || type === 'number') {
    if (schema.minimum !== constraint('min')) say(`minimum ${shown(schema.minimum)} in the schema, ${shown(constraint('min'))} in the DTO`);
    if (schema.maximum !== constraint('max')) say(`maximum ${shown(schema.maximum)} in the schema, ${shown(constraint('max'))} in the DTO`);
  }
  if (type === 'array' && schema.maxItems !== constraint('arrayMaxSize'))
    say(`maxItems ${shown(schema.maxItems)} in the schema, ${shown(constraint('arrayMaxSize'))} in the DTO`);
  const allowed = (constraint('isIn') as unknown[] | undefined) ?? undefined;
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (values && allowed && JSON.stringify([...values].map(String).sort()) !== JSON.stringify([...allowed].map(String).sort()))
    say(`enum ${JSON.stringify(values)} in the schema, ${JSON.stringify(allowed)} in the DTO`);
  if (values && !allowed && !named(rules, 'matches').length && type !== 'boolean')
    say(`enum ${JSON.stringify(values)} in the schema, not checked in the DTO`);
  return problems;
}

const operations = Object.values(document.paths)
  .flatMap((item) => Object.values(item))
  .filter((operation) => operation.operationId);
const classes = bodyClasses();

describe('the DTOs say what openapi.yaml says', () => {
  it('every operation with a JSON body has a DTO, and every DTO an operation', () => {
    const withBody = operations
      .filter((operation) => operation.requestBody?.content['application/json'])
      .map((operation) => operation.operationId!);
    expect([...classes.keys()].sort()).toEqual(withBody.sort());
  });

  it.each([...classes.entries()].map(([operationId, dto]) => [operationId, dto.name, dto] as const))(
    '%s (%s)',
    (operationId, _name, dto) => {
      const operation = operations.find((entry) => entry.operationId === operationId)!;
      const schema = resolve(operation.requestBody!.content['application/json']!.schema);
      expect(classDifferences('', dto, schema)).toEqual([]);
    },
  );
});
