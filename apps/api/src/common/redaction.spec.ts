import { REDACTED, redactUrl } from './redaction';

describe('redactUrl', () => {
  it.each([
    ['/l/api/url/7', '/l/api/url/7'],
    ['/l/api/url/:id', '/l/api/url/:id'],
    ['/spring-26', '/spring-26'],
    ['/', '/'],
    ['*', '*'],
    ['/l/api/account?key=lyk_sent-by-mistake', '/l/api/account'],
    ['/spring-26?password=hunter2#top', '/spring-26'],
    ['/qr/abc?size=5&token=t0k3n', '/qr/abc'],
    [`/lyk_${'a'.repeat(43)}`, `/${REDACTED}`],
    ['/l/api/key/LYK_Upper/more', `/l/api/key/${REDACTED}/more`],
    ['/x/%6Cyk_escaped', `/x/${REDACTED}`],
    ['/hooks/whsec_abc', `/hooks/${REDACTED}`],
    ['/bad%escape/x', '/bad%escape/x'],
  ])('keeps the path of %j only: %j', (input, output) => {
    expect(redactUrl(input)).toBe(output);
  });

  it.each([
    ['https://user:pass@hooks.example.com:8443/services/T0/B0/s3cr3t?token=abc#frag', 'https://hooks.example.com:8443'],
    ['http://hooks.example.com/hook', 'http://hooks.example.com'],
    ['https://[2001:db8::1]/x?y', 'https://[2001:db8::1]'],
    ['HTTP://Example.COM/Path', 'http://example.com'],
    ['http://', REDACTED],
  ])('keeps the scheme, host and port of another site, %j: %j', (input, output) => {
    expect(redactUrl(input)).toBe(output);
  });

  it.each(['token=abc', 'lyk_key', '', 'javascript:alert(1)'])('replaces whole what is neither a path nor a URL: %j', (input) => {
    expect(redactUrl(input)).toBe(REDACTED);
  });
});
