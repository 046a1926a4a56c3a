import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The header a session's changing request carries its proof in. */
export const CSRF_HEADER = 'x-linkyard-csrf';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Why a request authenticated by the session cookie must be refused as a cross-site forgery, or
 * null when it may go on. Reads leave nothing changed and are let through. A changing request must
 * carry the session's proof in X-Linkyard-Csrf: a custom header, which a form of another site
 * cannot send and a script of another origin cannot send with credentials (the API never allows
 * credentialed CORS), holding a value only the dashboard's own pages can read. On top of that,
 * what the browser says of the request's origin is checked as NestJS's and Go's cross-origin
 * protections do: `Sec-Fetch-Site` must be `same-origin` or `none`; without it, an `Origin` must
 * name the request's own host. Requests authenticated by an API key are never checked: keys carry
 * no ambient authority.
 */
export function crossSiteRefusal(method: string, headers: IncomingHttpHeaders, csrf: string): string | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const sent = headers[CSRF_HEADER];
  if (typeof sent !== 'string' || !sameText(sent, csrf)) {
    return 'This signed-in request lacks its proof: send the session\'s "csrf" (GET /session) in the header X-Linkyard-Csrf.';
  }
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') {
    if (site === 'same-origin' || site === 'none') return null;
    return 'This signed-in request came from another site, which may not act for the account.';
  }
  const origin = headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      host = null;
    }
    if (host === null || host.toLowerCase() !== String(headers.host ?? '').toLowerCase()) {
      return 'This signed-in request came from another origin, which may not act for the account.';
    }
  } else if (origin === 'null') {
    return 'This signed-in request came from an opaque origin, which may not act for the account.';
  }
  return null;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
