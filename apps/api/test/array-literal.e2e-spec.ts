import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { arrayLiteral } from '../src/database/array-literal';
import { EmbeddedPostgres } from '../src/database/embedded-postgres';

/**
 * The click batch's arrays are written by arrayLiteral, not by the driver: each list is sent to the
 * database under test (PostgreSQL with DATABASE_URL, else the embedded one) and read back.
 */
describe('array literals, as the database reads them', () => {
  let embedded: EmbeddedPostgres | null = null;
  let client: Client;

  beforeAll(async () => {
    if (process.env.DATABASE_URL) {
      client = new Client({ connectionString: process.env.DATABASE_URL });
    } else {
      const seed = process.env.LINKYARD_TEST_SEED;
      embedded = await EmbeddedPostgres.start('memory://', seed ? new Blob([readFileSync(seed)]) : undefined);
      client = new Client({ ...embedded.connection, user: embedded.connection.username });
    }
    await client.connect();
  });

  afterAll(async () => {
    await client.end();
    await embedded?.stop();
  });

  const readBack = async (type: string, values: unknown[]) => {
    const literal = arrayLiteral(values as Parameters<typeof arrayLiteral>[0]);
    const [row] = (await client.query<{ value: unknown[] }>(`SELECT $1::${type} AS value`, [literal])).rows;
    return row!.value;
  };

  it('gives back every text as it was, whatever it holds', async () => {
    const texts = [
      '',
      'NULL',
      'null',
      'plain',
      'two words',
      ' leading and trailing ',
      'a,b',
      '{braces}',
      '"quoted"',
      'back\\slash',
      '\\"',
      'tab\tand\nline\rbreaks',
      '\u0001\u001f\u007f control characters',
      'Ünïcödé 日本語 العربية',
      'emoji 🎉 and a pair 👩‍👩‍👧',
      "it's",
      'javascript:alert(1)',
      'x'.repeat(100_000),
      null,
    ];
    expect(await readBack('text[]', texts)).toEqual(texts);
  });

  it('gives back integers, flags and nulls', async () => {
    expect(await readBack('int[]', [1, -2, 0, 2_147_483_647, null])).toEqual([1, -2, 0, 2_147_483_647, null]);
    expect(await readBack('bool[]', [true, false, null])).toEqual([true, false, null]);
  });

  it('gives back times to the millisecond, whatever the session time zone', async () => {
    await client.query(`SET TIME ZONE 'America/St_Johns'`);
    const times = [new Date('2026-11-28T15:30:00.123Z'), new Date('1999-12-31T23:59:59.999Z'), null];
    expect(await readBack('timestamptz[]', times)).toEqual(times);
    await client.query('RESET TIME ZONE');
  });

  it('gives back an empty list', async () => {
    expect(await readBack('text[]', [])).toEqual([]);
  });

  it('writes undefined as NULL, as the driver did', async () => {
    expect(await readBack('text[]', ['a', undefined, 'b'])).toEqual(['a', null, 'b']);
  });

  it('refuses what it cannot write rather than sending it', () => {
    expect(() => arrayLiteral([1, Number.NaN])).toThrow(RangeError);
    expect(() => arrayLiteral([Number.POSITIVE_INFINITY])).toThrow(RangeError);
    expect(() => arrayLiteral([{ toISOString: () => 'x' } as unknown as Date])).toThrow(TypeError);
  });
});
