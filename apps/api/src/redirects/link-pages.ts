import { servableUrl } from '../common/urls';
import { escapeHtml } from '../common/html';
import { page, scriptValue } from './html';
import { pixelScript } from './pixel-snippets';
import type { ServedLink } from './redirects.service';

/** Pages that stand between a visitor and a link's destination. */

function pixels(link: ServedLink, nonce: string): string {
  return link.pixels.map((pixel) => `<script nonce="${nonce}">${pixelScript(pixel.type, pixel.tag)}</script>`).join('\n');
}

function meta(link: ServedLink): string {
  const metaImage = link.metaImage ? servableUrl(link.metaImage, 'http') : null;
  const tags = [
    link.title && `<meta property="og:title" content="${escapeHtml(link.title)}">`,
    link.metaDescription && `<meta name="description" content="${escapeHtml(link.metaDescription)}">`,
    link.metaDescription && `<meta property="og:description" content="${escapeHtml(link.metaDescription)}">`,
    metaImage && `<meta property="og:image" content="${escapeHtml(metaImage)}">`,
  ];
  return tags.filter(Boolean).join('\n');
}

const FRAME_STYLE = '<style>html,body{height:100%;margin:0}iframe{border:0;width:100%;height:100%;display:block}</style>';

/*
 * Every page below takes the destination as `servableUrl` returned it (normal form, a safe scheme)
 * and escapes it for where it goes: HTML attributes and text through escapeHtml, scripts through
 * scriptValue. Frames only ever show http(s) destinations (the routes redirect app links).
 */

/** A page that loads the link's pixels, then moves on to the destination. */
export function pixelPage(link: ServedLink, destination: string, nonce: string): string {
  return page(
    link.title || 'Redirecting…',
    `<main><p>Redirecting to <a href="${escapeHtml(destination)}">${escapeHtml(destination)}</a>…</p></main>
<script nonce="${nonce}">setTimeout(function(){location.replace(${scriptValue(destination)})},800);</script>`,
    `${meta(link)}\n<meta http-equiv="refresh" content="2;url=${escapeHtml(destination)}">\n${pixels(link, nonce)}`,
  );
}

/** The destination in a frame under the short URL. */
export function framePage(link: ServedLink, destination: string, nonce: string): string {
  return page(
    link.title || destination,
    `<iframe src="${escapeHtml(destination)}" title="${escapeHtml(link.title || destination)}"></iframe>`,
    `${meta(link)}\n${FRAME_STYLE}\n${pixels(link, nonce)}`,
  );
}

/**
 * The splash page for `delay` seconds, then the destination. `moveOn: false` (the dashboard's
 * preview) leaves out the refresh: the page stays, and a frame showing it does not move on.
 */
export function splashPage(link: ServedLink, destination: string, nonce: string, { moveOn = true }: { moveOn?: boolean } = {}): string {
  const splash = link.splash!;
  const splashImage = splash.image ? servableUrl(splash.image, 'http') : null;
  return page(
    splash.title,
    `<main>
<h1>${escapeHtml(splash.title)}</h1>
${splashImage ? `<p><img src="${escapeHtml(splashImage)}" alt=""></p>` : ''}
${splash.text ? `<p>${escapeHtml(splash.text).replace(/\n/g, '<br>')}</p>` : ''}
<p><a class="button" href="${escapeHtml(destination)}">Continue</a></p>
</main>`,
    `${meta(link)}\n${moveOn ? `<meta http-equiv="refresh" content="${splash.delay};url=${escapeHtml(destination)}">\n` : ''}${pixels(link, nonce)}`,
  );
}

/** The destination in a frame, with the call-to-action overlay on top. */
export function overlayPage(link: ServedLink, destination: string, nonce: string): string {
  const overlay = link.overlay!;
  const edge = overlay.position === 'top' ? 'top:0' : 'bottom:0';
  const overlayLink = overlay.link ? servableUrl(overlay.link, 'http') : null;
  const action =
    overlay.type === 'contact'
      ? [
          overlay.email && `<a href="mailto:${escapeHtml(overlay.email)}">${escapeHtml(overlay.email)}</a>`,
          overlay.phone && `<a href="tel:${escapeHtml(overlay.phone)}">${escapeHtml(overlay.phone)}</a>`,
        ]
          .filter(Boolean)
          .join(' · ')
      : overlayLink
        ? `<a class="button" href="${escapeHtml(overlayLink)}" target="_top">${escapeHtml(overlay.label || 'Open')}</a>`
        : '';
  return page(
    link.title || destination,
    `<iframe src="${escapeHtml(destination)}" title="${escapeHtml(link.title || destination)}"></iframe>
<aside id="cta" style="position:fixed;left:0;right:0;${edge};padding:1rem;display:flex;gap:1rem;align-items:center;justify-content:center;background:${escapeHtml(overlay.bg)};color:${escapeHtml(overlay.color)}">
<span>${escapeHtml(overlay.message)}</span> ${action}
<button type="button" id="cta-close" aria-label="Close">×</button>
</aside>
<script nonce="${nonce}">document.getElementById('cta-close').addEventListener('click',function(){document.getElementById('cta').remove()});</script>`,
    `${meta(link)}\n${FRAME_STYLE}\n${pixels(link, nonce)}`,
  );
}

/** A campaign's public list page (`/c/{id}`): its name and its links, each to its short URL. */
export function campaignListPage(campaign: { name: string; links: { title: string; url: string }[] }): string {
  const items = campaign.links.map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.title)}</a></li>`).join('\n');
  return page(campaign.name, `<main><h1>${escapeHtml(campaign.name)}</h1>${items ? `<ul>${items}</ul>` : '<p>No links yet.</p>'}</main>`);
}

/** Asks for the link's password; posts back to the short URL. The destination is never in it. */
export function passwordPage(wrong: boolean): string {
  return page(
    'Password required',
    `<main>
<h1>This link is protected</h1>
${wrong ? '<p class="error">That password is not right. Try again.</p>' : '<p>Enter the password to continue.</p>'}
<form method="post">
<input type="password" name="password" autocomplete="current-password" autofocus required aria-label="Password">
<button type="submit">Continue</button>
</form>
</main>`,
  );
}
