import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { getMetadataStorage, type ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { documentSchemas, flatSchema, type Schema } from '../../test/support/openapi-schemas';
import { openApiDocument } from './openapi-document';

/**
 * The request rules are written in openapi.yaml; the DTO classes say them again to
 * class-validator. This test reads class-validator's metadata for the body of every operation
 * (found through the controllers: a handler is named after its operationId) and compares it with
 * the operation's request schema: the fields, which are required, their types, lengths, ranges,
 * item counts, enums and patterns. Any difference fails, so a limit changed in one place only
 * cannot pass CI. Rules the schema cannot say (cross-field, ownership) live in the services.
 */

const document = openApiDocument as { paths: Record<string, Record<string, { operationId?: string; requestBody?: { content: Record<string, { schema: Schema }> } }>> };
const resolve = flatSchema;

/** The DTO class taking the body of each handler, by the handler's name (= operationId). */
function bodyClasses(): Map<string, Function> {
  const found = new Map<string, Function>();
  const modules = join(__dirname, '..', 'modules');
  for (const folder of readdirSync(modules)) {
    for (const file of readdirSync(join(modules, folder)).filter((name) => name.endsWith('.controller.ts'))) {
      const exported = require(join(modules, folder, file)) as Record<string, unknown>;
      for (const controller of Object.values(exported).filter((value): value is Function => typeof value === 'function')) {
        for (const method of Object.getOwnPropertyNames(controller.prototype)) {
          const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, { index: number }>;
          const body = Object.entries(args).find(([key]) => Number(key.split(':')[0]) === RouteParamtypes.BODY);
          if (!body) continue;
          const types = Reflect.getMetadata('design:paramtypes', controller.prototype, method) as Function[];
          found.set(method, types[body[1].index]!);
        }
      }
    }
  }
  return found;
}

const rulesOf = (target: Function): ValidationMetadata[] => getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);

const named = (rules: ValidationMetadata[], name: string) => rules.filter((rule) => rule.name === name || (rule.type as string) === name);

/** What the schema of one field says, in the terms of class-validator's rules. */
function differences(field: string, schema: Schema, allRules: ValidationMetadata[], required: boolean): string[] {
  const problems: string[] = [];
  // Rules marked `each` check the items of an array: they are compared with `items`.
  const rules = allRules.filter((rule) => !rule.each);
  const itemRules = allRules.filter((rule) => rule.each).map((rule) => Object.assign(Object.create(Object.getPrototypeOf(rule) as object) as ValidationMetadata, rule, { each: false }));
  if (itemRules.length > 0) {
    if (!schema.items) problems.push(`${field}: item rules in the DTO, no items in the schema`);
    else problems.push(...differences(`${field}[]`, resolve(schema.items), itemRules, true).filter((problem) => !problem.endsWith('required by the schema, optional in the DTO')));
  }
  const say = (what: string) => problems.push(`${field}: ${what}`);
  const optional = named(rules, 'isOptional').length > 0;
  if (required === optional) say(required ? 'required by the schema, optional in the DTO' : 'optional in the schema, required by the DTO');
  const constraint = (name: string, index = 0): unknown => named(rules, name)[0]?.constraints?.[index];
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  const stringRules = ['isString', 'matches', 'isLength', 'maxLength', 'minLength', 'isHttpUrl', 'isAppUrl', 'isEmailAddress', 'isDateTime'];
  if (type === 'integer' && !named(rules, 'isInt').length) say('an integer in the schema, not checked as one');
  if (type !== 'integer' && named(rules, 'isInt').length) say(`checked as an integer, ${type ?? 'untyped'} in the schema`);
  if (type === 'boolean' && !named(rules, 'isBoolean').length) say('a boolean in the schema, not checked as one');
  if (type === 'array' && !named(rules, 'isArray').length) say('an array in the schema, not checked as one');
  if (type === 'string' && !stringRules.some((name) => named(rules, name).length) && !schema.enum) say('a string in the schema, not checked as one');
  if (type !== 'string' && type !== undefined && stringRules.some((name) => named(rules, name).length)) say(`checked as a string, ${type} in the schema`);
  // A rule that reads its pattern and lengths from the document's own schema is that schema.
  if (named(rules, 'isEmailAddress').length) {
    if (schema.pattern !== documentSchemas.Email?.pattern) say('checked as an e-mail address, not the Email schema in the document');
    return problems;
  }
  if (type === 'string') {
    const max = constraint('maxLength') ?? constraint('isLength', 1) ?? constraint('isHttpUrl') ?? constraint('isAppUrl');
    const min = constraint('minLength') ?? constraint('isLength', 0);
    if (schema.maxLength !== max) say(`maxLength ${schema.maxLength ?? 'none'} in the schema, ${max ?? 'none'} in the DTO`);
    if ((schema.minLength ?? 0) !== (min ?? 0)) say(`minLength ${schema.minLength ?? 'none'} in the schema, ${min ?? 'none'} in the DTO`);
    const pattern = named(rules, 'matches')[0]?.constraints?.[0] as RegExp | undefined;
    if (pattern && schema.pattern !== pattern.source && !schema.enum) say(`pattern ${schema.pattern ?? 'none'} in the schema, ${pattern.source} in the DTO`);
  }
  if (type === 'integer' || type === 'number') {
    if (schema.minimum !== constraint('min')) say(`minimum ${schema.minimum ?? 'none'} in the schema, ${String(constraint('min') ?? 'none')} in the DTO`);
    if (schema.maximum !== constraint('max')) say(`maximum ${schema.maximum ?? 'none'} in the schema, ${String(constraint('max') ?? 'none')} in the DTO`);
  }
  if (type === 'array' && schema.maxItems !== constraint('arrayMaxSize')) say(`maxItems ${schema.maxItems ?? 'none'} in the schema, ${String(constraint('arrayMaxSize') ?? 'none')} in the DTO`);
  const allowed = (constraint('isIn') as unknown[] | undefined) ?? undefined;
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (values && allowed && JSON.stringify([...values].map(String).sort()) !== JSON.stringify([...allowed].map(String).sort())) say(`enum ${JSON.stringify(values)} in the schema, ${JSON.stringify(allowed)} in the DTO`);
  if (values && !allowed && !named(rules, 'matches').length && type !== 'boolean') say(`enum ${JSON.stringify(values)} in the schema, not checked in the DTO`);
  return problems;
}

const operations = Object.values(document.paths).flatMap((item) => Object.values(item)).filter((operation) => operation.operationId);
const classes = bodyClasses();

describe('the DTOs say what openapi.yaml says', () => {
  it('every operation with a JSON body has a DTO, and every DTO an operation', () => {
    const withBody = operations.filter((operation) => operation.requestBody?.content['application/json']).map((operation) => operation.operationId!);
    expect([...classes.keys()].sort()).toEqual(withBody.sort());
  });

  it.each([...classes.entries()].map(([operationId, dto]) => [operationId, dto.name, dto] as const))('%s (%s)', (operationId, _name, dto) => {
    const operation = operations.find((entry) => entry.operationId === operationId)!;
    const schema = resolve(operation.requestBody!.content['application/json']!.schema);
    const rules = rulesOf(dto).filter((rule) => (rule.type as ValidationTypes | string) !== 'whitelistValidation');
    const fields = new Set(rules.map((rule) => rule.propertyName));
    const documented = new Set(Object.keys(schema.properties ?? {}));
    const problems = [
      ...[...documented].filter((name) => !fields.has(name)).map((name) => `${name}: in the schema, not in the DTO`),
      ...[...fields].filter((name) => !documented.has(name)).map((name) => `${name}: in the DTO, not in the schema`),
      ...[...documented]
        .filter((name) => fields.has(name))
        .flatMap((name) => differences(name, resolve(schema.properties![name]!), rules.filter((rule) => rule.propertyName === name), (schema.required ?? []).includes(name))),
    ];
    expect(problems).toEqual([]);
  });
});
