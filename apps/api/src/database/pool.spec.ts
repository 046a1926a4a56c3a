import type { DataSource } from 'typeorm';
import { DatabasePool } from './pool';

/** The pool as the service opens it: ten connections on PostgreSQL, one on the embedded database. */
const poolOf = (poolSize: number) => new DatabasePool({ options: { poolSize } } as unknown as DataSource);

describe('reads that do not depend on each other', () => {
  let events: string[];
  const read = (name: string, ms: number) => async (): Promise<string> => {
    events.push(`${name} starts`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    events.push(`${name} ends`);
    return name;
  };
  const refused = async (): Promise<string> => {
    events.push('refused');
    throw new Error('refused');
  };
  beforeEach(() => (events = []));

  it('go at once on a pool of several connections, and answer in their order', async () => {
    expect(await poolOf(10).independent([read('first', 30), read('second', 5)])).toEqual(['first', 'second']);
    expect(events).toEqual(['first starts', 'second starts', 'second ends', 'first ends']);
  });

  it('take their turn on a pool of one connection: none waits for the connection from the start', async () => {
    expect(await poolOf(1).independent([read('first', 30), read('second', 5)])).toEqual(['first', 'second']);
    expect(events).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
  });

  it('answer with the first error once every read that started has finished', async () => {
    await expect(poolOf(10).independent([refused, read('other', 20)])).rejects.toThrow('refused');
    expect(events).toEqual(['refused', 'other starts', 'other ends']);
    events = [];
    // In turn, the reads after a refused one are not sent.
    await expect(poolOf(1).independent([refused, read('other', 20)])).rejects.toThrow('refused');
    expect(events).toEqual(['refused']);
  });

  it('count a read that throws before its promise is made as refused', async () => {
    const throwsAtOnce = (): Promise<string> => {
      throw new Error('at once');
    };
    await expect(poolOf(10).independent([read('first', 10), throwsAtOnce])).rejects.toThrow('at once');
    expect(events).toEqual(['first starts', 'first ends']);
  });
});
