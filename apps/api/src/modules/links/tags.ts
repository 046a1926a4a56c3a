import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/** Most tags a link carries. */
export const MAX_TAGS = 20;
/** Most characters of a tag (the column's varchar(50): characters, not UTF-16 units). */
export const TAG_LENGTH = 50;

/**
 * What a tag may not hold, as the API document's `TagName` pattern says it: control characters,
 * and the invisible format characters that would make two tags look alike or read differently
 * from what they are (a soft hyphen, zero-width spaces, the bidirectional marks, overrides and
 * isolates: `\u202E` turns the text after it around). The joiners U+200C and U+200D stay: scripts
 * and emoji need them. Nor can a tag be `.` or `..`, which URLs take as a path's segments.
 */
export const TAG_PATTERN =
  /^(?!\.{1,2}$)[^\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u2028-\u202E\u2060-\u206F\uFEFF\uFFF9-\uFFFB]+$/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A tag as it is stored and compared: trimmed, in lower case and in Unicode's composed form (NFC);
 * null when it cannot be one (empty, over 50 characters, control characters, an unpaired surrogate,
 * which PostgreSQL's UTF-8 would refuse).
 */
export function tagName(text: string): string | null {
  if (LONE_SURROGATE.test(text)) return null;
  const name = text.trim().toLowerCase().normalize('NFC');
  if (!TAG_PATTERN.test(name) || [...name].length > TAG_LENGTH) return null;
  return name;
}

export const TAG_RULE = `1 to ${TAG_LENGTH} characters without control or invisible format characters, not . or ..`;

/** The tags of a link, each in its stored form, each once, in the order given; null when one cannot be a tag. */
export function tagList(values: unknown[]): string[] | null {
  const names = new Set<string>();
  for (const value of values) {
    const name = typeof value === 'string' ? tagName(value) : null;
    if (name === null) return null;
    names.add(name);
  }
  return [...names];
}

/** A link's `tags`: a list of at most 20 tags, written in their stored form as the body is read. */
export function IsTags(validationOptions?: ValidationOptions): PropertyDecorator {
  const normalize = Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? (tagList(value) ?? value) : value));
  const check = ValidateBy(
    {
      name: 'isTags',
      constraints: [MAX_TAGS],
      validator: {
        validate: (value: unknown) => Array.isArray(value) && value.length <= MAX_TAGS && tagList(value)?.length === value.length,
        defaultMessage: () => `must be a list of at most ${MAX_TAGS} tags, each ${TAG_RULE}`,
      },
    },
    validationOptions,
  );
  return (target, property) => {
    normalize(target, property);
    check(target, property);
  };
}

/** One tag's name, written in its stored form as the body is read. */
export function IsTagName(validationOptions?: ValidationOptions): PropertyDecorator {
  const normalize = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? (tagName(value) ?? value) : value));
  const check = ValidateBy(
    {
      name: 'isTagName',
      constraints: [TAG_LENGTH],
      validator: {
        validate: (value: unknown) => typeof value === 'string' && tagName(value) === value,
        defaultMessage: () => `must be a tag, ${TAG_RULE}`,
      },
    },
    validationOptions,
  );
  return (target, property) => {
    normalize(target, property);
    check(target, property);
  };
}
