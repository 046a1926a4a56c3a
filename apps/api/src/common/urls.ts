/**
 * The one form every URL a user stores takes, and the check every URL passes before it reaches a
 * header or a page.
 *
 * A stored URL is normalised once, when it is written: parsed by the WHATWG URL parser and written
 * back as it serialises it (host in punycode, path, query and fragment percent-encoded), then any
 * character left outside visible ASCII (spaces and controls in the opaque path of an app link) is
 * percent-encoded too. What is stored is therefore always fit for a `Location` header. The public
 * side checks it again before sending it (see `servableUrl`), so a value written before this rule,
 * or by hand in the database, still cannot break a reply.
 */

/**
 * Schemes never stored nor served: they run code or read local data in the visitor's browser
 * (`javascript:`, `vbscript:`, `data:`), or name things that are not a place to go to.
 */
export const UNSAFE_SCHEMES: ReadonlySet<string> = new Set(['javascript:', 'vbscript:', 'data:', 'file:', 'blob:', 'filesystem:', 'about:']);

export type UrlKind =
  /** http or https with a host: destinations, targets, images, redirects. */
  | 'http'
  /** Any scheme that is safe to navigate to: app links such as `myapp://open` or `intent://...`. */
  | 'app';

/** A character that may go into an HTTP header value and an HTML attribute unescaped by the URL itself. */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

function encodeLeftovers(href: string): string {
  return href.replace(/[^\x21-\x7e]/gu, (character) => encodeURIComponent(character));
}

/**
 * The normal form of a URL of this kind, or null when it is not one: not a URL, a scheme that is
 * not allowed, or (for `http`) no host.
 */
export function normaliseUrl(input: string, kind: UrlKind): string | null {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return null;
  }
  if (UNSAFE_SCHEMES.has(url.protocol)) return null;
  if (kind === 'http' && ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '')) return null;
  return encodeLeftovers(url.href);
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
 * else is normalised again here or refused.
 */
export function servableUrl(stored: string, kind: UrlKind = 'app'): string | null {
  if (HEADER_SAFE.test(stored)) {
    const colon = stored.indexOf(':');
    const scheme = colon > 0 ? stored.slice(0, colon + 1).toLowerCase() : '';
    if (scheme !== '' && !UNSAFE_SCHEMES.has(scheme) && (kind === 'app' || scheme === 'http:' || scheme === 'https:')) return stored;
  }
  return normaliseUrl(stored, kind);
}

/** True for http and https URLs, the only ones a page may show in a frame. */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}
