import fc, { type Arbitrary } from 'fast-check';

/**
 * Values for a JSON Schema of the OpenAPI document, as fast-check arbitraries: `valid` follows the
 * schema (types, enums, lengths, ranges, patterns, required fields) with hostile content wherever
 * the schema leaves room (text from every Unicode plane, controls, markup, script URLs); `hostile`
 * breaks it (wrong types, huge and deeply nested values, unsafe URLs). The subset of JSON Schema
 * the document uses is covered; anything else falls back to the schema's examples.
 */

type Schema = Record<string, unknown>;

/** Markup and URLs that must never reach a page or a header as they are. */
export const CANARY = 'x-canary';
const MARKUP = [
  `<${CANARY}>`,
  `"><${CANARY} y="`,
  `'><${CANARY} y='`,
  `</script><${CANARY}>`,
  `</title><${CANARY}>`,
  `--><${CANARY}>`,
  `\u2028<${CANARY}>`,
];
const UNSAFE_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://example.com/1',
];
const PLANES = [
  'ascii',
  '日本語テキスト',
  'العربية‏',
  '\u202egnp.exe',
  '😀🏳️‍🌈👨‍👩‍👧',
  '\u{1D54F}\u{20000}\u{E0041}',
  'é\u0301ñ',
  'a\u0001b\u001fc\u007fd',
  '\u00a0\u2003\ufeff',
  'Zalgơ̴̡̗̼̾͊',
  '\uD800',
];

/** Text with something hostile in it, between `min` and `max` characters where possible. */
export function hostileText(min = 0, max = 200): Arbitrary<string> {
  const pieces = fc.oneof(
    fc.constantFrom(...MARKUP, ...PLANES, ...UNSAFE_URLS, '%00', '%0d%0aSet-Cookie: a=b', '\r\nX-Injected: 1', "'; DROP TABLE links;--"),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
  );
  return fc
    .array(pieces, { minLength: 1, maxLength: 6 })
    .map((parts) => parts.join(''))
    .map((text) => text.replace(/\u0000/g, ''))
    .map((text) => {
      let result = [...text].slice(0, max).join('');
      while ([...result.trim()].length < min) result += 'x';
      return result;
    });
}

const HOSTS = ['example.com', 'bücher.example', 'ü.example', 'xn--bcher-kva.example', 'a.b.c.example.org', 'EXAMPLE.COM', '例え.テスト'];

/** A URL that parses, with hostile characters in its host, path, query and fragment. */
export function hostileHttpUrl(): Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('https://', 'http://', 'HTTPS://'),
      fc.constantFrom(...HOSTS),
      fc.constantFrom('', ':8443'),
      fc.array(fc.constantFrom('日本', '€', 'café', '%E2%82%AC', '"', "'", '<x>', '\u0001', '~', '%zz', 'a b'.replace(' ', '')), {
        maxLength: 3,
      }),
      fc.constantFrom('', '?q=日本&a=<b>', '?x="\'', '#frag€'),
    )
    .map(([scheme, host, port, path, tail]) => `${scheme}${host}${port}/${path.join('/')}${tail}`);
}

export function hostileAppUrl(): Arbitrary<string> {
  return fc.oneof(
    hostileHttpUrl(),
    fc
      .tuple(fc.constantFrom('shopapp://', 'intent://', 'myapp:', 'fb://'), fc.constantFrom('open', '日本', 'a\u0001b', 'x y', '"<>'))
      .map(([a, b]) => a + b),
  );
}

export interface Document {
  components: { schemas: Record<string, Schema>; parameters: Record<string, Schema> };
}

export class SchemaArbitraries {
  /**
   * fast-check's arbitrary of a pattern, by pattern: making one tokenizes its sample strings
   * against each character class, which cost more than half of the seeded fuzz run's CPU when it
   * was made again for every value. An arbitrary holds no state: the values drawn are the same.
   */
  private readonly matching = new Map<string, Arbitrary<string>>();

  constructor(private readonly document: Document) {}

  resolve<T = Schema>(schema: T | { $ref: string }): T {
    let current = schema as Schema;
    for (let guard = 0; typeof current.$ref === 'string' && guard < 20; guard += 1) {
      const parts = current.$ref.replace(/^#\//, '').split('/');
      let target: unknown = this.document;
      for (const part of parts) target = (target as Record<string, unknown>)[part];
      current = { ...(target as Schema), ...Object.fromEntries(Object.entries(current).filter(([key]) => key !== '$ref')) };
    }
    return current as T;
  }

  /** Values the schema accepts, with hostile content where it allows any. */
  valid(input: Schema, depth = 0): Arbitrary<unknown> {
    const schema = this.resolve(input);
    const examples = (schema.examples as unknown[] | undefined) ?? [];
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    for (const key of ['oneOf', 'anyOf'] as const) {
      const options = schema[key] as Schema[] | undefined;
      if (options) return fc.oneof(...options.map((option) => this.valid(option, depth + 1)));
    }
    if (Array.isArray(schema.allOf)) {
      const parts = (schema.allOf as Schema[]).map((part) => this.resolve(part));
      const merged: Schema = { type: 'object', properties: {}, required: [] };
      for (const part of parts) {
        Object.assign(merged.properties as Schema, part.properties ?? {});
        (merged.required as string[]).push(...((part.required as string[] | undefined) ?? []));
      }
      return this.valid(merged, depth + 1);
    }
    const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : (schema.type as string | undefined);
    switch (type) {
      case 'string':
        return this.string(schema, examples);
      case 'integer': {
        const min = (schema.minimum as number | undefined) ?? -1000;
        const max = (schema.maximum as number | undefined) ?? 1_000_000;
        return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
      }
      case 'number':
        return fc.double({
          min: (schema.minimum as number | undefined) ?? -1e6,
          max: (schema.maximum as number | undefined) ?? 1e6,
          noNaN: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        if (depth > 6) return fc.constant([]);
        return fc.array(this.valid((schema.items as Schema | undefined) ?? {}, depth + 1), {
          minLength: (schema.minItems as number | undefined) ?? 0,
          maxLength: Math.min((schema.maxItems as number | undefined) ?? 4, 4),
        });
      }
      case 'object':
      case undefined: {
        const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
        if (Object.keys(properties).length === 0) return examples.length ? fc.constantFrom(...examples) : fc.constant({});
        // Required fields, and a few optional ones: a body that sets every field at once nearly
        // always breaks one cross-field rule, and never reaches what each field does.
        const required = ((schema.required as string[] | undefined) ?? []).filter((name) => name in properties);
        const optional = Object.keys(properties).filter((name) => !required.includes(name));
        return fc
          .subarray(optional, { maxLength: Math.min(3, optional.length) })
          .chain((chosen) =>
            fc.record(Object.fromEntries([...required, ...chosen].map((name) => [name, this.valid(properties[name]!, depth + 1)]))),
          );
      }
      default:
        return examples.length ? fc.constantFrom(...examples) : fc.constant(null);
    }
  }

  /** Values the schema refuses, or that push its limits. */
  hostile(input: Schema): Arbitrary<unknown> {
    const schema = this.resolve(input);
    const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
    return fc.oneof(
      fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31) - 1, 1e308, '', ' ', [], {}, [[]], { $gt: '' }, nested(40)),
      hostileText(0, 40),
      fc.constantFrom(...UNSAFE_URLS),
      fc.constantFrom('x'.repeat(100_000), '日'.repeat(3000), `https://example.com/${'a'.repeat(5000)}`),
      schema.type === 'object' || schema.properties ? this.brokenObject(schema) : fc.constant('not an object'),
    );
  }

  /** An object of the schema with one field broken. */
  private brokenObject(schema: Schema): Arbitrary<unknown> {
    const names = Object.keys((schema.properties as Record<string, Schema> | undefined) ?? {});
    if (names.length === 0) return fc.constant({ unknown: 1 });
    return fc
      .tuple(
        this.valid(schema),
        fc.constantFrom(...names),
        fc.oneof(fc.constantFrom(null, 42, true, [], {}, 'x'.repeat(20_000)), fc.constantFrom(...UNSAFE_URLS), hostileText()),
      )
      .map(([value, name, broken]) => ({ ...(value as object), [name]: broken }));
  }

  private string(schema: Schema, examples: unknown[]): Arbitrary<string> {
    const min = (schema.minLength as number | undefined) ?? 0;
    const max = Math.min((schema.maxLength as number | undefined) ?? 200, 300);
    const pattern = schema.pattern as string | undefined;
    const format = schema.format as string | undefined;
    const fromExamples = examples.filter((example): example is string => typeof example === 'string');
    if (pattern) {
      let regex: RegExp | null = null;
      try {
        regex = new RegExp(pattern);
      } catch {
        regex = null;
      }
      // URL patterns: URLs with hostile parts, then the pattern decides.
      if (/https?|\[Hh\]\[Tt\]/.test(pattern) || /\[A-Za-z\]\[A-Za-z0-9\+\.-\]\*:/.test(pattern)) {
        const urls = /\?!/.test(pattern) ? hostileAppUrl() : hostileHttpUrl();
        return regex ? urls.filter((url) => regex.test(url) && url.length <= ((schema.maxLength as number | undefined) ?? 2000)) : urls;
      }
      if (regex && !/\(\?[!=<]/.test(pattern)) {
        let matching = this.matching.get(pattern);
        if (!matching) this.matching.set(pattern, (matching = fc.stringMatching(regex)));
        return matching.filter((text) => text.length >= min && text.length <= ((schema.maxLength as number | undefined) ?? 10_000));
      }
      return fromExamples.length ? fc.constantFrom(...fromExamples) : fc.constant('x'.repeat(Math.max(min, 1)));
    }
    if (format === 'uri')
      return schema.minLength === 1 && !fromExamples.some((e) => /^https?:/.test(e)) ? hostileAppUrl() : hostileHttpUrl();
    if (format === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom('ünïcode@exämple.com', 'a"b@example.com'));
    if (fromExamples.length) return fc.oneof(fc.constantFrom(...fromExamples), hostileText(min, max));
    return hostileText(min, max);
  }
}
