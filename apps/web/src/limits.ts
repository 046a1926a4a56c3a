import { LIMITS, type FieldLimits } from '@linkyard/spec/limits';

/** The rules of the request fields, from the API document (packages/spec/generated/limits.ts): never literals in a form. */
type Schema = keyof typeof LIMITS;
type FieldOf<S extends Schema> = keyof (typeof LIMITS)[S] & string;

/** The rules of a field of one of the document's schemas. */
export function limitsOf<S extends Schema>(schema: S, field: FieldOf<S>): FieldLimits {
  return (LIMITS[schema] as Record<string, FieldLimits>)[field] ?? {};
}

/** The attributes an input takes from a field's rules: the browser then checks what the service checks. */
export function inputRules<S extends Schema>(
  schema: S,
  field: FieldOf<S>,
): { minLength?: number; maxLength?: number; pattern?: string; min?: number; max?: number } {
  const limits = limitsOf(schema, field);
  return {
    ...(limits.minLength !== undefined ? { minLength: limits.minLength } : {}),
    ...(limits.maxLength !== undefined ? { maxLength: limits.maxLength } : {}),
    ...(limits.pattern !== undefined && isWholePattern(limits.pattern) ? { pattern: htmlPattern(limits.pattern) } : {}),
    ...(limits.minimum !== undefined ? { min: limits.minimum } : {}),
    ...(limits.maximum !== undefined ? { max: limits.maximum } : {}),
  };
}

/** "1 to 100 characters", "Up to 500 characters", "At least 8 characters" (or '' without a length rule). */
export function lengthHelp<S extends Schema>(schema: S, field: FieldOf<S>): string {
  const { minLength, maxLength } = limitsOf(schema, field);
  const n = (value: number) => value.toLocaleString('en');
  if (minLength && maxLength) return `${n(minLength)} to ${n(maxLength)} characters`;
  if (maxLength) return `Up to ${n(maxLength)} characters`;
  if (minLength) return `At least ${n(minLength)} characters`;
  return '';
}

/** The highest number a field takes ("at most 50"). */
export function most<S extends Schema>(schema: S, field: FieldOf<S>): number | undefined {
  const limits = limitsOf(schema, field);
  return limits.maxItems ?? limits.maximum ?? limits.maxLength;
}

/** Whether a pattern describes the whole value (`^…$`): an input's `pattern` always does. */
function isWholePattern(pattern: string): boolean {
  return pattern.startsWith('^') && pattern.endsWith('$') && !pattern.endsWith('\\$');
}

/**
 * The document's pattern (`^[A-Za-z0-9_-]{3,50}$`, a JavaScript regular expression) as an input's
 * `pattern`, which the browser anchors itself and reads with the `v` flag: there a `-` at either
 * end of a class, and `(`, `)`, `{`, `}`, `/`, `|` in a class, must be escaped.
 */
export function htmlPattern(pattern: string): string {
  const body = pattern.slice(pattern.startsWith('^') ? 1 : 0, pattern.endsWith('$') ? -1 : undefined);
  let out = '';
  let inClass = false;
  let classStart = 0;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!;
    if (char === '\\') {
      out += char + (body[index + 1] ?? '');
      index += 1;
      continue;
    }
    if (!inClass && char === '[') {
      inClass = true;
      out += char;
      if (body[index + 1] === '^') {
        out += '^';
        index += 1;
      }
      classStart = index + 1;
      continue;
    }
    if (inClass && char === ']') {
      inClass = false;
      out += char;
      continue;
    }
    if (inClass && (char === '-' ? index === classStart || body[index + 1] === ']' : '(){}/|'.includes(char))) {
      out += `\\${char}`;
      continue;
    }
    out += char;
  }
  return out;
}
