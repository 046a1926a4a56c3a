import { ValidateBy, type ValidationOptions } from 'class-validator';
import { parseDateTime } from './dates';

/** A `YYYY-MM-DD HH:MM:SS` (UTC) date-time that is a real date, and in the future when asked. */
export function IsDateTime(options: { future?: boolean } = {}, validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isDateTime',
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string') return false;
          const date = parseDateTime(value);
          return date !== null && (!options.future || date.getTime() > Date.now());
        },
        defaultMessage: () =>
          `must be a date-time in the form YYYY-MM-DD HH:MM:SS (UTC)${options.future ? ' in the future' : ''}`,
      },
    },
    validationOptions,
  );
}

/** An absolute http or https URL with a host, at most `maxLength` characters; `""` when allowed. */
export function IsHttpUrl(options: { allowEmpty?: boolean; maxLength?: number } = {}, validationOptions?: ValidationOptions): PropertyDecorator {
  const maxLength = options.maxLength ?? 2000;
  return ValidateBy(
    {
      name: 'isHttpUrl',
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string') return false;
          if (value === '') return options.allowEmpty === true;
          return value.length <= maxLength && isHttpUrl(value);
        },
        defaultMessage: () =>
          `must be an http or https URL of at most ${maxLength} characters${options.allowEmpty ? ', or "" to clear it' : ''}`,
      },
    },
    validationOptions,
  );
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** `#RRGGBB`. */
export const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
/** Digits with an optional leading `+`. */
export const PHONE = /^\+?[0-9]{3,20}$/;
