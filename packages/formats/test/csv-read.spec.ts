import { readCsv } from '../src/csv-read';
import { ImportFormatError } from '../src/errors';

const cellsOf = (text: string): string[][] => readCsv(text, 'test').map((row) => row.cells);

describe('readCsv', () => {
  it('reads quoted cells with doubled quotes, commas and line ends', () => {
    expect(cellsOf('a,"b ""c"", d"\r\n"x\r\ny",z\r\n')).toEqual([
      ['a', 'b "c", d'],
      ['x\r\ny', 'z'],
    ]);
  });

  it('numbers each record by the line it starts on, whatever the line ends', () => {
    const rows = readCsv('h1,h2\n"two\r\nlines",x\r\n\r\nnext,"a\rb"\rlast,1', 'test');
    expect(rows.map((row) => [row.line, row.cells])).toEqual([
      [1, ['h1', 'h2']],
      [2, ['two\r\nlines', 'x']],
      [5, ['next', 'a\rb']],
      [7, ['last', '1']],
    ]);
  });

  it('keeps empty cells, a trailing empty cell, and records of any length', () => {
    expect(cellsOf('a,,c,\n1\n')).toEqual([['a', '', 'c', ''], ['1']]);
  });

  it('tells quoted cells from bare ones', () => {
    expect(readCsv('NULL,"NULL"\n', 'test')[0]?.quoted).toEqual([false, true]);
  });

  it('keeps a stray quote inside a bare cell, and text after a closing quote', () => {
    expect(cellsOf('5" screen,"a"b\n')).toEqual([['5" screen', 'ab']]);
  });

  it('uses semicolons or tabs when the first line has no comma', () => {
    expect(cellsOf('a;b\n"1,5";2\n')).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
    expect(cellsOf('a\tb\n1\t2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('refuses a quoted cell that never closes, naming the line it opened on', () => {
    expect(() => readCsv('a,b\n1,2\n3,"open\n4,5\n', 'Test CSV')).toThrow(ImportFormatError);
    expect(() => readCsv('a,b\n1,2\n3,"open\n4,5\n', 'Test CSV')).toThrow(
      'not a readable Test CSV file: the quoted cell that starts on line 3 is never closed',
    );
  });
});
