/**
 * The one form every URL a user stores takes, and the check every URL passes before it reaches a
 * header or a page.
 *
 * A stored URL is normalized once, when it is written: parsed by the WHATWG URL parser and written
 * back as it serialises it (host in punycode, path, query and fragment percent-encoded), then what
 * that leaves which RFC 3986 does not allow is percent-encoded too (see toUriForm). What is stored is therefore always fit for a `Location` header. The public
 * side checks it again before sending it (see `servableUrl`), so a value written before this rule,
 * or by hand in the database, still cannot break a reply.
 */

/**
 * Schemes never stored nor served: they run code or read local data in the visitor's browser
 * (`javascript:`, `vbscript:`, `data:`), or name things that are not a place to go to.
 */
export const UNSAFE_SCHEMES: ReadonlySet<string> = new Set([
  'javascript:',
  'vbscript:',
  'data:',
  'file:',
  'blob:',
  'filesystem:',
  'about:',
]);

export type UrlKind =
  /** http or https with a host: destinations, targets, images, redirects. */
  | 'http'
  /** Any scheme that is safe to navigate to: app links such as `myapp://open` or `intent://...`. */
  | 'app';

/** A character that may go into an HTTP header value and an HTML attribute unescaped by the URL itself. */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

/** What RFC 3986 allows unencoded after the authority: unreserved, sub-delims, `:@/?` and escapes. */
const URI_CHARACTER = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/;

/**
 * The WHATWG serialisation made a valid RFC 3986 URI as well: after the scheme and authority,
 * every character RFC 3986 does not allow there (spaces and controls left in an opaque path,
 * `^`, `|`, `[`, `]`, a second `#`) is percent-encoded, and a `%` that starts no escape becomes
 * `%25`. Idempotent: the result normalizes to itself.
 */
function toUriForm(href: string): string {
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:(\/\/[^/?#]*)?/.exec(href)![0];
  const rest = href.slice(authority.length);
  const hash = rest.indexOf('#');
  const encode = (part: string) =>
    [...part]
      .map((character) => (URI_CHARACTER.test(character) ? character : encodeURIComponent(character)))
      .join('')
      .replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
  return authority + (hash === -1 ? encode(rest) : `${encode(rest.slice(0, hash))}#${encode(rest.slice(hash + 1))}`);
}

/**
 * The normal form of a URL of this kind, or null when it is not one: not a URL, a scheme that is
 * not allowed, or (for `http`) no host.
 */
export function normalizeUrl(input: string, kind: UrlKind): string | null {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return null;
  }
  if (UNSAFE_SCHEMES.has(url.protocol)) return null;
  if (kind === 'http' && ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '')) return null;
  return toUriForm(url.href);
}

/** True when the text is one of the schemes that must never be followed. */
export function hasUnsafeScheme(input: string): boolean {
  try {
    return UNSAFE_SCHEMES.has(new URL(input).protocol);
  } catch {
    return false;
  }
}

/**
 * The URL as it may be sent to a visitor (in `Location`, an `href`, a frame or a script), or null
 * when it must not be. Stored URLs are already in normal form, so this is a cheap check; anything
 * else is normalized again here or refused.
 */
export function servableUrl(stored: string, kind: UrlKind = 'app'): string | null {
  if (HEADER_SAFE.test(stored)) {
    const colon = stored.indexOf(':');
    const scheme = colon > 0 ? stored.slice(0, colon + 1).toLowerCase() : '';
    if (scheme !== '' && !UNSAFE_SCHEMES.has(scheme) && (kind === 'app' || scheme === 'http:' || scheme === 'https:')) return stored;
  }
  return normalizeUrl(stored, kind);
}

/** True for http and https URLs, the only ones a page may show in a frame. */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}
