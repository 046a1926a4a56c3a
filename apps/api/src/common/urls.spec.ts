import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { normalizeUrl, servableUrl } from './urls';

const ajv = new Ajv2020();
addFormats(ajv);
const isUri = ajv.compile({ type: 'string', format: 'uri' });

describe('normalizeUrl', () => {
  it.each([
    ['https://ja.wikipedia.org/wiki/日本', 'https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC'],
    ['https://bücher.example/café?q=€#目次', 'https://xn--bcher-kva.example/caf%C3%A9?q=%E2%82%AC#%E7%9B%AE%E6%AC%A1'],
    ['https://example.com/%zz', 'https://example.com/%25zz'],
    ['https://example.com/a^b|c[d]?x=^|[]#a^b#c', 'https://example.com/a%5Eb%7Cc%5Bd%5D?x=%5E%7C%5B%5D#a%5Eb%23c'],
    ['https://[::1]:8080/x', 'https://[::1]:8080/x'],
    ['myapp:open item', 'myapp:open%20item'],
    ['intent://scan/#Intent;scheme=zxing;end', 'intent://scan/#Intent;scheme=zxing;end'],
    ['https://example.com', 'https://example.com/'],
  ])('writes %j as %j', (input, normal) => {
    expect(normalizeUrl(input, 'app')).toBe(normal);
  });

  it('refuses what may not be followed', () => {
    for (const url of ['javascript:alert(1)', 'data:,x', 'file:///etc/passwd', 'not a url']) expect(normalizeUrl(url, 'app')).toBeNull();
    expect(normalizeUrl('myapp://open', 'http')).toBeNull();
  });

  it('gives a form that is an RFC 3986 URI, fit for a header, and its own normal form', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.string({ unit: 'binary', maxLength: 12 }),
        (url, tail) => {
          const normal = normalizeUrl(url + tail.replace(/\s/g, ''), 'app');
          if (normal === null) return;
          expect(isUri(normal)).toBe(true);
          expect(normal).toMatch(/^[\x21-\x7e]+$/);
          expect(normalizeUrl(normal, 'app')).toBe(normal);
          expect(servableUrl(normal)).toBe(normal);
        },
      ),
      { seed: 20261123, numRuns: 2000 },
    );
  });
});
