import { statementText } from './guarded-pg';

describe('statementText', () => {
  it('builds a text once for its key and answers the same string after', () => {
    const texts = new Map<string, string>();
    let built = 0;
    const build = (key: string) => () => `SELECT ${key} -- ${++built}`;
    const first = statementText(texts, 'a', build('a'));
    expect(statementText(texts, 'a', build('a'))).toBe(first);
    expect(statementText(texts, 'b', build('b'))).toBe('SELECT b -- 2');
    expect(built).toBe(2);
  });

  it('keeps a bounded number of texts: past the bound a text is built each time, never kept', () => {
    const texts = new Map<number, string>();
    for (let key = 0; key < 200; key += 1) statementText(texts, key, () => `SELECT ${key}`);
    expect(texts.size).toBeLessThan(200);
    let built = 0;
    expect(statementText(texts, 500, () => `SELECT ${++built}`)).toBe('SELECT 1');
    expect(statementText(texts, 500, () => `SELECT ${++built}`)).toBe('SELECT 2');
    expect(texts.has(500)).toBe(false);
  });
});
