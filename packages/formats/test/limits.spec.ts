import { ImportFormatError, readImport } from '../src';

/** A file of more records than the caller takes is refused while it is read, whatever its source. */
describe('the record limit', () => {
  const files: [Parameters<typeof readImport>[0], string][] = [
    ['yourls', `keyword,url\n${'a,https://example.com/\n'.repeat(11)}`],
    ['kutt', JSON.stringify(Array.from({ length: 11 }, () => ({ target: 'https://example.com/', address: 'abc' })))],
    ['linkyard', `${'{"longurl":"https://example.com/"}\n'.repeat(11)}`],
    ['dub', `Short link,Destination URL\n${'https://dub.sh/a,https://example.com/\n'.repeat(11)}`],
    ['dub', JSON.stringify(Array.from({ length: 11 }, () => ({ domain: 'dub.sh', key: 'a', url: 'https://example.com/' })))],
    [
      'yourls',
      JSON.stringify({
        links: Object.fromEntries(Array.from({ length: 11 }, (_, index) => [`link_${index}`, { url: 'https://example.com/' }])),
      }),
    ],
  ];

  it.each(files)('refuses a %s file of 11 records with a limit of 10, and reads it without one', (source, text) => {
    expect(() => readImport(source, text, { maxRecords: 10 })).toThrow(
      new ImportFormatError('the file holds more than 10 links, the most one import takes'),
    );
    expect(readImport(source, text)).toHaveLength(11);
    expect(readImport(source, text, { maxRecords: 11 })).toHaveLength(11);
  });

  it('does not hold millions of tiny records before refusing them', () => {
    const text = `keyword,url\n${'a\n'.repeat(4_000_000)}`;
    const before = process.memoryUsage().heapUsed;
    expect(() => readImport('yourls', text, { maxRecords: 10_000 })).toThrow(ImportFormatError);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(100 * 1024 * 1024);
  });
});
