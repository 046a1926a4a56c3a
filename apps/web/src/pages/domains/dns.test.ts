import { describe, expect, it } from 'vitest';
import { domainUrl, hostOf } from './dns';

describe('a typed domain', () => {
  it('takes https:// when it has no scheme, and keeps the one it has', () => {
    expect(domainUrl('go.example.com')).toBe('https://go.example.com');
    expect(domainUrl('  http://go.example.com ')).toBe('http://go.example.com');
    expect(domainUrl('')).toBe('');
  });

  it('names its host, or nothing when it is no domain', () => {
    expect(hostOf('https://Go.Example.com/')).toBe('go.example.com');
    expect(hostOf('go.example.com')).toBe('go.example.com');
    expect(hostOf('not a domain')).toBe('');
  });
});
