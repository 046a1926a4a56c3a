import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/** Control characters (C0, DEL, C1), but the line feed a paragraph may hold. */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/u;
/**
 * The characters that embed, override or isolate the direction of text (U+202A to U+202E,
 * U+2066 to U+2069): they let text display as something else than it is (`gnp.exe` shown as
 * `exe.png`). The marks U+200E and U+200F, which right-to-left writing needs, are allowed.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;

/** True when the text may be shown on a page as it is: see PlainText. */
export function isPlainText(value: string, multiline: boolean): boolean {
  return !CONTROL.test(value) && !BIDI_CONTROL.test(value) && (multiline || !value.includes('\n'));
}

/**
 * Text a bio page shows as written: no control characters (a paragraph may hold line breaks,
 * `\r\n` read as `\n`) and no direction overrides. HTML is not refused, it is text: pages escape it.
 */
export function PlainText(options: { multiline?: boolean } = {}, validationOptions?: ValidationOptions): PropertyDecorator {
  const multiline = options.multiline === true;
  const normalize = Transform(({ value }: { value: unknown }) =>
    multiline && typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value,
  );
  const check = ValidateBy(
    {
      name: 'isPlainText',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isPlainText(value, multiline),
        defaultMessage: () =>
          `must be plain text, without control characters${multiline ? ' (line breaks are allowed)' : ' or line breaks'} ` +
          'and without characters that override the direction of text (U+202A to U+202E, U+2066 to U+2069)',
      },
    },
    validationOptions,
  );
  return (target, property) => {
    normalize(target, property);
    check(target, property);
  };
}
