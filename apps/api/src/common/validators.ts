import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationOptions } from 'class-validator';
import { parseDateTime } from './dates';
import { openApiDocument } from './openapi-document';
import { normalizeUrl, type UrlKind } from './urls';

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
        defaultMessage: () => `must be a date-time in the form YYYY-MM-DD HH:MM:SS (UTC)${options.future ? ' in the future' : ''}`,
      },
    },
    validationOptions,
  );
}

/**
 * A URL of the given kind (see `normalizeUrl`), stored in its normal form: the value is normalized
 * as the body is read, then checked. At most `maxLength` characters once normalized (non-ASCII
 * text takes three characters a byte once percent-encoded); no spaces; `""` when allowed.
 */
function urlRule(
  kind: UrlKind,
  options: { allowEmpty?: boolean; maxLength?: number },
  validationOptions?: ValidationOptions,
): PropertyDecorator {
  const maxLength = options.maxLength ?? 2000;
  const what =
    kind === 'http'
      ? 'an http or https URL'
      : 'an absolute URI such as myapp://open or https://apps.apple.com/... (not javascript:, data:, vbscript:, file: or blob:)';
  const normalize = Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value !== '' && !/\s/.test(value) ? (normalizeUrl(value, kind) ?? value) : value,
  );
  const check = ValidateBy(
    {
      name: kind === 'http' ? 'isHttpUrl' : 'isAppUrl',
      // Read by the DTO conformance test, which compares it with the schema's maxLength.
      constraints: [maxLength],
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string') return false;
          if (value === '') return options.allowEmpty === true;
          return value.length <= maxLength && !/\s/.test(value) && normalizeUrl(value, kind) === value;
        },
        defaultMessage: () =>
          `must be ${what} of at most ${maxLength} characters once encoded${options.allowEmpty ? ', or "" to clear it' : ''}`,
      },
    },
    validationOptions,
  );
  return (target, property) => {
    normalize(target, property);
    check(target, property);
  };
}

/** An http or https URL with a host, stored in normal form. */
export function IsHttpUrl(
  options: { allowEmpty?: boolean; maxLength?: number } = {},
  validationOptions?: ValidationOptions,
): PropertyDecorator {
  return urlRule('http', options, validationOptions);
}

/** An app link (any scheme safe to navigate to), stored in normal form. */
export function IsAppUrl(
  options: { allowEmpty?: boolean; maxLength?: number } = {},
  validationOptions?: ValidationOptions,
): PropertyDecorator {
  return urlRule('app', options, validationOptions);
}

/** The normal form of an http(s) URL of at most `maxLength` characters, or null. */
export function httpUrl(value: string, maxLength = 2000): string | null {
  if (/\s/.test(value)) return null;
  const normal = normalizeUrl(value, 'http');
  return normal !== null && normal.length <= maxLength ? normal : null;
}

/** `#RRGGBB`. */
export const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
/** Digits with an optional leading `+`. */
export const PHONE = /^\+?[0-9]{3,20}$/;

/**
 * The document's e-mail rule (the `pattern` and lengths of its `Email` schema), so what the service
 * accepts is exactly what the document says, and what it serves back matches the document.
 */
const EMAIL_SCHEMA =
  (openApiDocument.components as { schemas: Record<string, { pattern?: string; minLength?: number; maxLength?: number }> }).schemas.Email ??
  (() => {
    throw new Error('The OpenAPI document has no Email schema.');
  })();
const EMAIL = new RegExp(EMAIL_SCHEMA.pattern ?? '^$');

export function isEmailAddress(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= (EMAIL_SCHEMA.minLength ?? 0) &&
    value.length <= (EMAIL_SCHEMA.maxLength ?? Infinity) &&
    EMAIL.test(value)
  );
}

/** An e-mail address, by the document's rule: its pattern and its lengths (no MaxLength beside it). */
export function IsEmailAddress(validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isEmailAddress', validator: { validate: isEmailAddress, defaultMessage: () => 'must be an e-mail address' } },
    validationOptions,
  );
}
