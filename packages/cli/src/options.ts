import { InvalidArgumentError } from 'commander';

/**
 * The values of an enumeration of the API, for commander's `.choices()`. The compiler checks them
 * against the document's type both ways: no value it lacks, none of its values left out.
 */
export function every<T extends string>() {
  return <const Values extends readonly T[]>(...values: Values & ([T] extends [Values[number]] ? unknown : never)): readonly T[] => values;
}

/** A parser of a whole number from `min` to `max`, for an option's value. */
export function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (text: string): number => {
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      throw new InvalidArgumentError(
        max === Number.MAX_SAFE_INTEGER ? `a whole number from ${min} is expected.` : `a whole number from ${min} to ${max} is expected.`,
      );
    }
    return Number(text);
  };
}
