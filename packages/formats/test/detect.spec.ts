import { detectImportSource, type ImportSource } from '../src';
import { fixture } from './support';

describe('detectImportSource', () => {
  const cases: Array<[string, ImportSource]> = [
    ['bitly-api.json', 'bitly'],
    ['bitly.csv', 'bitly'],
    ['kutt-api.json', 'kutt'],
    ['kutt-list.json', 'kutt'],
    ['shlink.csv', 'shlink'],
    ['shlink-api.json', 'shlink'],
    ['yourls-api.json', 'yourls'],
    ['yourls.csv', 'yourls'],
    ['linkyard.csv', 'linkyard'],
    ['linkyard.ndjson', 'linkyard'],
  ];

  it.each(cases)('recognizes %s as %s', (name, source) => {
    expect(detectImportSource(fixture(name))).toBe(source);
  });

  it.each(cases)('recognizes %s behind a byte-order mark', (name, source) => {
    expect(detectImportSource(`\uFEFF${fixture(name)}`)).toBe(source);
  });

  it('recognizes a single-line Linkyard NDJSON export', () => {
    expect(detectImportSource(fixture('linkyard.ndjson').split('\n')[0] ?? '')).toBe('linkyard');
  });

  it('recognizes bare lists of Bitly, Kutt and Shlink items', () => {
    expect(detectImportSource('[{"long_url":"https://example.com"}]')).toBe('bitly');
    expect(detectImportSource('[{"address":"a","target":"https://example.com"}]')).toBe('kutt');
    expect(detectImportSource('[{"shortCode":"a","longUrl":"https://example.com"}]')).toBe('shlink');
  });

  it.each([
    ['an empty file', ''],
    ['blank lines', ' \r\n\n'],
    ['an unknown CSV', 'name,email\nAda,ada@example.com\n'],
    ['an unknown JSON object', '{"items": []}'],
    ['an empty JSON list', '[]'],
    ['a JSON number', '42'],
    ['text that is not JSON', '{ not json'],
    ['a header with a quote that never closes', '"keyword,url\n'],
    ['binary garbage', '\u0000\u0001\u00ff\ufffd\u0007PK\u0003\u0004'],
  ])('gives null for %s', (_, text) => {
    expect(detectImportSource(text)).toBeNull();
  });
});
