import { IMPORT_SOURCES, ImportFormatError, detectImportSource, readImport, type ImportRecord, type ImportSource } from '../src';
import { fixture } from './support';

const FIXTURES: Record<ImportSource, string[]> = {
  bitly: ['bitly-api.json', 'bitly.csv'],
  dub: ['dub-api.json', 'dub.csv'],
  kutt: ['kutt-api.json', 'kutt-list.json'],
  shlink: ['shlink.csv', 'shlink-api.json'],
  yourls: ['yourls-api.json', 'yourls.csv'],
  linkyard: ['linkyard.csv', 'linkyard.ndjson', 'linkyard-before-tags.csv', 'linkyard-before-tags.ndjson'],
};

/** Reads a file the way the service will: records, or an ImportFormatError, and nothing else. */
function readOrFormatError(source: ImportSource, text: string): ImportRecord[] | ImportFormatError {
  try {
    return readImport(source, text);
  } catch (error) {
    if (error instanceof ImportFormatError) return error;
    throw new Error(`readImport('${source}') threw ${String(error)} instead of an ImportFormatError`);
  }
}

/** A small deterministic generator (mulberry32), so a failing case can be run again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const deep = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

describe('hostile files', () => {
  it.each(IMPORT_SOURCES)('%s: an empty or blank file is an ImportFormatError saying so', (source) => {
    expect(() => readImport(source, '')).toThrow(/the file is empty/);
    expect(() => readImport(source, '\uFEFF \r\n\t\n')).toThrow(/the file is empty/);
  });

  it.each(IMPORT_SOURCES)('%s: binary garbage is an ImportFormatError', (source) => {
    const garbage = '\u0000\u0001\u0002PK\u0003\u0004\u00ff\ufffd\u0007 \u0000,\u0000\n\u0089PNG\r\n\u001a\n';
    expect(readOrFormatError(source, garbage)).toBeInstanceOf(ImportFormatError);
  });

  it.each(['bitly', 'dub', 'kutt', 'shlink', 'yourls'] as const)(
    '%s: JSON nested 5,000 deep is refused or read, never a crash',
    (source) => {
      expect(readOrFormatError(source, deep(5000))).toBeDefined();
      const wrapped = readOrFormatError(source, `{"links": ${deep(5000)}, "data": ${deep(5000)}, "shortUrls": {"data": ${deep(5000)}}}`);
      if (!(wrapped instanceof ImportFormatError)) {
        expect(wrapped.every((record) => 'error' in record)).toBe(true);
      }
    },
  );

  it('linkyard: an NDJSON field nested 5,000 deep makes that record an error', () => {
    const good = '{"longurl":"https://example.com/ok","alias":"ok"}';
    const records = readImport('linkyard', `${good}\n{"longurl":"https://example.com/deep","geotarget":${deep(5000)}}\n${good}\n`);
    expect(records.map((record) => ('error' in record ? `error ${record.line}` : `link ${record.line}`))).toEqual([
      'link 1',
      'error 2',
      'link 3',
    ]);
  });

  it('a 100 kB title with NUL and control characters is read whole', () => {
    const title = `${'é'.repeat(50_000)}\u0000\u0001\u001f${'x'.repeat(50_000)}`;
    const csv = `"keyword","url","title","timestamp","ip","clicks"\n"big","https://example.com/big","${title}","2024-01-01 00:00:00","192.0.2.1","1"\n`;
    const [record] = readImport('yourls', csv);
    expect(record !== undefined && 'link' in record ? record.link.title : undefined).toBe(title);
  });

  it('a javascript: URL is passed on as it is: the service, not the reader, judges URLs', () => {
    const records = readImport('bitly', JSON.stringify({ links: [{ long_url: 'javascript:alert(1)', link: 'https://bit.ly/x' }] }));
    expect(records).toEqual([{ line: 1, link: { longurl: 'javascript:alert(1)', alias: 'x', domain: 'bit.ly' } }]);
  });

  it('a short link that is not a web address makes the record an error instead of importing it under a new alias', () => {
    const records = readImport('bitly', JSON.stringify({ links: [{ long_url: 'https://example.com', link: 'javascript:alert(1)' }] }));
    expect(records).toEqual([{ line: 1, error: 'link is not a short URL' }]);
  });

  it('trims blanks around values and treats blank values as absent', () => {
    const records = readImport(
      'kutt',
      JSON.stringify([{ target: '  https://example.com/t \n', address: '   ', description: '\t', domain: ' s.example.org ' }]),
    );
    expect(records).toEqual([{ line: 1, link: { longurl: 'https://example.com/t', domain: 's.example.org' } }]);
  });

  it.each(Object.entries(FIXTURES).flatMap(([source, names]) => names.map((name) => [source as ImportSource, name] as const)))(
    '%s %s: a byte-order mark changes nothing',
    (source, name) => {
      expect(readImport(source, `\uFEFF${fixture(name)}`)).toEqual(readImport(source, fixture(name)));
    },
  );

  it.each(['bitly.csv', 'dub.csv', 'shlink.csv', 'yourls.csv', 'linkyard.csv'])(
    '%s: CRLF and LF line ends give the same records on the same lines',
    (name) => {
      const source = detectImportSource(fixture(name));
      if (source === null) throw new Error(`${name} not detected`);
      const summary = (text: string): string[] =>
        readImport(source, text).map((record) => `${record.line} ${'link' in record ? record.link.longurl : 'error'}`);
      const lf = fixture(name).replace(/\r\n/g, '\n');
      expect(summary(lf.replace(/\n/g, '\r\n'))).toEqual(summary(lf));
    },
  );

  it.each(IMPORT_SOURCES)('%s: random garbage and mangled fixtures give records or an ImportFormatError, never a crash', (source) => {
    const next = random(IMPORT_SOURCES.indexOf(source) + 1);
    const alphabet = ['"', ',', '\r', '\n', '{', '}', '[', ']', ':', "'", '=', '\u0000', 'a', '1', ' ', '\\', 'é', '🎉', ';', '\t'];
    const samples = FIXTURES[source].map(fixture);
    const outcomes = { records: 0, refused: 0 };
    for (let round = 0; round < 300; round++) {
      const base = samples[round % samples.length] ?? '';
      const cut = Math.floor(next() * base.length);
      const noise = Array.from({ length: Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      const mangled = round % 3 === 0 ? noise.repeat(20) : base.slice(0, cut) + noise + base.slice(cut + Math.floor(next() * 20));
      const outcome = readOrFormatError(source, mangled);
      expect(outcome instanceof ImportFormatError || Array.isArray(outcome)).toBe(true);
      outcomes[outcome instanceof ImportFormatError ? 'refused' : 'records'] += 1;
      expect(() => detectImportSource(mangled)).not.toThrow();
    }
    // Both paths were exercised: some mangled files still read, others were refused.
    expect(outcomes.records).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });

  it('a program error (an unknown source, text that is not text) is still an ImportFormatError', () => {
    expect(() => readImport('rebrandly' as ImportSource, 'x')).toThrow(ImportFormatError);
    expect(() => readImport('bitly', 42 as unknown as string)).toThrow(ImportFormatError);
  });
});
