/**
 * The one rule for what of a URL the service writes where its operators read it: the request log
 * line, the traces (docs/operations.md, "Traces") and the metrics' labels. Each of them passes its
 * URLs through `redactUrl`, so none of them keeps what another drops.
 *
 * - A path (a request's target, `/l/api/url/7?key=...`) keeps its path, without its query string
 *   or fragment (where a key, token or password sent by mistake would be), and with any segment
 *   that is a credential of this service (an API key `lyk_...`, a webhook secret `whsec_...`)
 *   replaced by `REDACTED`.
 * - A URL of another site (a webhook's, a logo's) keeps its scheme, host and port only: no
 *   userinfo, query string or fragment, and no path either, since a receiver's path is often its
 *   token (`/services/T0/B0/<secret>`).
 *
 * Anything else (not a path, not a URL) is replaced whole.
 */

export const REDACTED = 'REDACTED';

/** Credentials this service hands out, by the prefix they start with. */
const CREDENTIAL = /^(lyk_|whsec_)/i;
/** What a path must hold for it to need more than a look: a query, a fragment, an escape, a credential. */
const SUSPECT = /[?#%]|lyk_|whsec_/i;
const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;

export function redactUrl(value: string): string {
  if (ABSOLUTE.test(value)) {
    try {
      const url = new URL(value);
      return `${url.protocol}//${url.host}`;
    } catch {
      return REDACTED;
    }
  }
  if (!value.startsWith('/') && value !== '*') return REDACTED;
  if (!SUSPECT.test(value)) return value;
  const path = value.split(/[?#]/, 1)[0]!;
  return path
    .split('/')
    .map((segment) => (CREDENTIAL.test(decoded(segment)) ? REDACTED : segment))
    .join('/');
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
