/**
 * The preview frame of the bio page editor (`bio-preview.html`). The editor frames this page with
 * `sandbox="allow-scripts"` and no `allow-same-origin`: it runs in an opaque origin, so nothing in
 * it can read the dashboard or call the API with the viewer's session. The service serves it under
 * a policy of its own (apps/api/src/dashboard): this script, inline styles, `data:` images and the
 * players' frames, nothing else.
 *
 * The editor sends it the page the service drew (`POST /bio/preview`, the public page's renderer)
 * each time the draft changes. It is read as an inert document (DOMParser runs nothing), its
 * scripts dropped, and its style and content put in place of the last ones: the scroll position
 * stays while the page is edited. Links are not followed: a preview is looked at, not used.
 */
const parser = new DOMParser();

function show(html: string): void {
  const drawn = parser.parseFromString(html, 'text/html');
  drawn.querySelectorAll('script, base, link, meta[http-equiv], object, embed').forEach((node) => node.remove());
  document.documentElement.lang = drawn.documentElement.lang || 'en';
  document.head.querySelectorAll('style').forEach((style) => style.remove());
  document.head.append(...[...drawn.head.querySelectorAll('style')].map((style) => document.importNode(style, true)));
  document.body.replaceChildren(...[...drawn.body.childNodes].map((node) => document.importNode(node, true)));
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (event.source !== window.parent || window.parent === window) return;
  const html = (event.data as { bioPreview?: unknown } | null)?.bioPreview;
  if (typeof html === 'string') show(html);
});

document.addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
});
