import fc from 'fast-check';
import {
  BODY_LIMIT,
  jsonLimits,
  LARGE_BODY_LIMIT,
  MAX_BODY_DEPTH,
  MAX_BODY_ENTRIES,
  MAX_ENTRY_VALUES,
  normalizeBody,
  readJsonBody,
} from './request-body';
import { ApiError } from './api-error';

const limits = jsonLimits(BODY_LIMIT);
const large = jsonLimits(LARGE_BODY_LIMIT);

/** The message of the 400 a body is refused with. */
async function refusal(text: string, within = limits): Promise<string> {
  try {
    await readJsonBody(text, within);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).message;
  }
  throw new Error('the body was accepted');
}

/** JSON values without NUL and lone surrogates (which the rules refuse), nested a few levels. */
const text = fc.string({ unit: 'grapheme', maxLength: 12 });
/** Keys of objects: any text but the two the rules refuse (tested apart). */
const key = text.filter((name) => name !== '__proto__' && name !== 'constructor');
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 5 }),
    fc.dictionary(key, tie('node'), { maxKeys: 5 }),
  ),
})).node;
const body = fc.dictionary(key, fc.oneof(value, fc.array(value, { maxLength: 8 })), { maxKeys: 6 });

describe('readJsonBody', () => {
  it('reads a body as JSON.parse and the request rules do, whole or in slices', async () => {
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (object, padded) => {
        // Past 128 kB the lists under the top-level object are parsed one slice of entries at a time.
        const sent = padded ? { ...object, pad: 'x'.repeat(130_000) } : object;
        const json = JSON.stringify(sent);
        expect(await readJsonBody(json, large)).toEqual(normalizeBody(JSON.parse(json)));
      }),
      { numRuns: 300 },
    );
  });

  it('reads a bulk call of a thousand links in slices, each link as it was sent', async () => {
    const urls = Array.from({ length: 1000 }, (_, index) => ({
      url: `https://example.com/${index}/${'a'.repeat(200)}`,
      custom: ` a${index} `,
      title: null,
    }));
    const read = (await readJsonBody(JSON.stringify({ urls, note: 'x' }), large)) as { urls: unknown[]; note: string };
    expect(read.urls).toHaveLength(1000);
    expect(read.urls[999]).toEqual({ url: urls[999]!.url, custom: 'a999' });
    expect(read.note).toBe('x');
  });

  it('keeps the last of repeated keys, as JSON.parse does', async () => {
    const json = `{"urls":[1,2],"urls":[3,4,5],"pad":"${'x'.repeat(140_000)}"}`;
    expect(((await readJsonBody(json, large)) as { urls: number[] }).urls).toEqual([3, 4, 5]);
  });

  it('takes an empty body for an empty object', async () => {
    expect(await readJsonBody('  ', limits)).toEqual({});
  });

  it('refuses text that is not JSON, whole or in a slice', async () => {
    const pad = 'x'.repeat(140_000);
    expect(await refusal('{"a": tru')).toBe('The request body is not valid JSON.');
    expect(await refusal(`{"pad":"${pad}","urls":[{"a":1},{"a":}]}`, large)).toBe('The request body is not valid JSON.');
    expect(await refusal(`{"pad":"${pad}","urls":[1,2,]}`, large)).toBe('The request body is not valid JSON.');
    // A list closed as an object: its slices would parse where the whole does not.
    expect(await refusal(`{"pad":"${pad}","urls":[1,2}, "b": 1}`, large)).toBe('The request body is not valid JSON.');
    expect(await refusal('{"a":"unclosed')).toBe('The request body is not valid JSON.');
  });

  it('refuses what is not an object, and forbidden keys', async () => {
    expect(await refusal('[1,2]')).toBe('The request body must be a JSON object.');
    expect(await refusal('"text"')).toBe('The request body must be a JSON object.');
    expect(await refusal('{"__proto__":{"admin":true}}')).toBe(
      'The request body contains a forbidden key (__proto__ or constructor.prototype).',
    );
    expect(await refusal(`{"pad":"${'x'.repeat(140_000)}","urls":[{"__proto__":{}}, 1]}`, large)).toBe(
      'The request body contains a forbidden key (__proto__ or constructor.prototype).',
    );
  });

  it('refuses a body nested too deeply as soon as it reads the level past the limit', async () => {
    expect(await refusal('{"a":' + '['.repeat(MAX_BODY_DEPTH))).toBe(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`);
    // Four million levels: refused at the 33rd, never parsed.
    expect(await refusal('{"a":' + '['.repeat(4_000_000) + ']'.repeat(4_000_000) + '}', large)).toBe(
      `The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`,
    );
    expect(await readJsonBody('{"a":' + '['.repeat(MAX_BODY_DEPTH - 1) + ']'.repeat(MAX_BODY_DEPTH - 1) + '}', limits)).toBeDefined();
  });

  it('refuses a list or an object with too many entries, and too many values in all or in one entry', async () => {
    expect(await refusal(`{"urls":[${'{},'.repeat(MAX_BODY_ENTRIES)}{}]}`, large)).toBe(
      `The request body holds more than ${MAX_BODY_ENTRIES.toLocaleString('en-US')} entries in one list.`,
    );
    expect(await refusal(`{${Array.from({ length: MAX_BODY_ENTRIES + 1 }, (_, index) => `"k${index}":1`).join(',')}}`)).toBe(
      `The request body holds more than ${MAX_BODY_ENTRIES.toLocaleString('en-US')} fields in one object.`,
    );
    // Empty objects by the million in lists of lists: refused by count once a limit is passed.
    const lists = `[${'{},'.repeat(1999)}{}]`;
    expect(await refusal(`{"urls":[1,[${Array.from({ length: 11 }, () => lists).join(',')}]]}`, large)).toBe(
      `The request body holds more than ${MAX_ENTRY_VALUES.toLocaleString('en-US')} values in one entry of a list.`,
    );
    expect(await refusal(`{"a":[${Array.from({ length: 100 }, () => lists).join(',')}]}`)).toBe(
      `The request body holds more than ${limits.values.toLocaleString('en-US')} values.`,
    );
  });

  it('counts a long number or string as one value', async () => {
    const many = `{"a":[${Array.from({ length: 1500 }, () => '"' + 'x\\"'.repeat(100) + '"').join(',')}],"b":${'9'.repeat(5000)}}`;
    expect(((await readJsonBody(many, limits)) as { a: string[] }).a).toHaveLength(1500);
  });
});
