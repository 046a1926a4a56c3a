import { detectImportSource, type ImportSource } from '../src';
import { fixture } from './support';

describe('detectImportSource', () => {
  const cases: Array<[string, ImportSource]> = [
    ['bitly-api.json', 'bitly'],
    ['bitly.csv', 'bitly'],
    ['dub-api.json', 'dub'],
    ['dub.csv', 'dub'],
    ['kutt-api.json', 'kutt'],
    ['kutt-list.json', 'kutt'],
    ['shlink.csv', 'shlink'],
    ['shlink-api.json', 'shlink'],
    ['yourls-api.json', 'yourls'],
    ['yourls.csv', 'yourls'],
    ['linkyard.csv', 'linkyard'],
    ['linkyard.ndjson', 'linkyard'],
    ['linkyard-before-tags.csv', 'linkyard'],
    ['linkyard-before-tags.ndjson', 'linkyard'],
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

  it('recognizes bare lists of Bitly, Dub, Kutt and Shlink items', () => {
    expect(detectImportSource('[{"long_url":"https://example.com"}]')).toBe('bitly');
    expect(detectImportSource('[{"domain":"dub.sh","key":"a","url":"https://example.com"}]')).toBe('dub');
    expect(detectImportSource('[{"address":"a","target":"https://example.com"}]')).toBe('kutt');
    expect(detectImportSource('[{"shortCode":"a","longUrl":"https://example.com"}]')).toBe('shlink');
  });

  it.each([
    ['a Dub export of some columns', 'Short link,Destination URL,Tags\n', 'dub'],
    ['a Dub export with the link id but not the short link', 'Destination URL,Clicks,Created at,Link ID\n', 'dub'],
    ['a Dub export from before October 2025', 'link,url,clicks,createdAt,tags\n', 'dub'],
    ['a Bitly export, which names its long URL as Dub does', 'Link,Custom Link,Destination URL,Title\n', 'bitly'],
    ['a YOURLS table, which has url but no link', 'keyword,url,title\n', 'yourls'],
  ] as const)('tells %s by its header', (_, text, source) => {
    expect(detectImportSource(text)).toBe(source);
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
