import type { Type } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import { ValidateBy, ValidateNested, type ValidationArguments } from 'class-validator';

/** The name of the rule EachOfType adds; its first constraint is the classes by type. */
export const EACH_OF_TYPE = 'eachOfType';

/**
 * The items of this list are objects of several shapes, told apart by their `type` (a `oneOf` of
 * the document whose parts each hold `type` as a `const`): each item is checked by the class of
 * its type. An item that is not an object of a known type is refused, naming its place and the
 * types. The classes are the rule's constraint, so derived bodies (PartialType) keep them and the
 * DTO conformance test compares each with its part of the document.
 */
export function EachOfType(classes: Record<string, Type>): PropertyDecorator {
  const types = Object.keys(classes);
  const known = (item: unknown): boolean =>
    item !== null &&
    typeof item === 'object' &&
    !Array.isArray(item) &&
    typeof (item as { type?: unknown }).type === 'string' &&
    Object.hasOwn(classes, (item as { type: string }).type);
  const toInstances = Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
    const value = obj[key];
    if (!Array.isArray(value)) return value;
    return value.map((item: unknown): unknown =>
      known(item) ? (plainToInstance(classes[(item as { type: string }).type]!, item) as unknown) : item,
    );
  });
  const check = ValidateBy({
    name: EACH_OF_TYPE,
    constraints: [classes],
    validator: {
      validate: (value: unknown) => !Array.isArray(value) || value.every(known),
      defaultMessage: (args?: ValidationArguments) => {
        const index = Array.isArray(args?.value) ? (args.value as unknown[]).findIndex((item) => !known(item)) : -1;
        return `item ${index} must be an object whose "type" is one of ${types.join(', ')}`;
      },
    },
  });
  const nested = ValidateNested({ each: true });
  return (target, property) => {
    toInstances(target, property);
    check(target, property);
    nested(target, property);
  };
}
