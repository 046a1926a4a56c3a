import { escapeHtml, SANDBOX } from '../common/html';

/** A value inside an inline <script>: JSON that cannot close the script or open a comment. */
export function scriptValue(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #111827; background: #f9fafb; }
  main { max-width: 36rem; margin: 12vh auto; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 3px rgba(0,0,0,.1); }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  a.button, button { display: inline-block; padding: .6rem 1.2rem; border: 0; border-radius: 8px; background: #1f2937; color: #fff; text-decoration: none; font: inherit; cursor: pointer; }
  input { font: inherit; padding: .5rem; border: 1px solid #d1d5db; border-radius: 8px; width: 100%; box-sizing: border-box; margin-bottom: 1rem; }
  .error { color: #b91c1c; }
  img { max-width: 100%; }
  ul { padding-left: 1.2rem; }`;

/**
 * The Content-Security-Policy of every public page. Inline scripts run only with the page's nonce
 * (pixel loaders may load their vendors' scripts in turn: 'strict-dynamic'); nothing else runs,
 * no plugin loads, the page cannot be framed by another site, and its base URL cannot move.
 * Frames and images are the destinations and pictures users chose, so any http(s) address.
 */
export function pageSecurityPolicy(nonce: string, sandbox = false): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'unsafe-inline'",
    'img-src http: https: data:',
    'connect-src https:',
    'frame-src http: https:',
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ...(sandbox ? [SANDBOX] : []),
  ].join('; ');
}

/**
 * The policy of the dashboard's previews of public pages (served under /l/api to their owner): the
 * page's own script only (by nonce; a preview loads no pixel), no frame, no form posted, images
 * from anywhere as for visitors; framed by the service's own pages only, and sandboxed without
 * `allow-same-origin` (nor top navigation, forms or popups): nothing in it can act with the
 * viewer's session, nor move the dashboard that shows it.
 */
export function previewSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    'img-src http: https:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
    'sandbox allow-scripts',
  ].join('; ');
}

export function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${head}
</head>
<body>
${body}
</body>
</html>`;
}

export function messagePage(title: string, text: string): string {
  return page(title, `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main>`);
}
