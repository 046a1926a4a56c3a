const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The host and path of a short URL: `https://s.example.com/abc` gives domain `s.example.com` and
 * alias `abc`. Bitly writes its links without a scheme (`bit.ly/abc`), so one is assumed. Only web
 * addresses with a host count; the path is percent-decoded where it can be.
 */
export function splitShortUrl(text: string): { domain: string; alias?: string } | undefined {
  let url: URL;
  try {
    url = new URL(HAS_SCHEME.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') return undefined;
  const path = url.pathname.replace(/^\/+/, '');
  const alias = decodePath(path);
  return alias === '' ? { domain: url.hostname } : { domain: url.hostname, alias };
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    // A stray % that is not an escape: the alias is the path as written.
    return path;
  }
}
