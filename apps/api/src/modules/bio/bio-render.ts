import { createHash } from 'node:crypto';
import type { components } from '@linkyard/spec';
import { escapeHtml, SANDBOX } from '../../common/html';
import { embedShape, embedTitle, embedUrl, EMBED_ORIGINS, type Embed } from './bio-embeds';
import { iconSvg, NETWORK_NAMES } from './bio-icons';
import { contrastRatio, type BioTheme } from './bio-theme';

type Schemas = components['schemas'];

/** A block as the page shows it; paths are relative to the page's address (see BioView.alias and RenderOptions). */
export type BlockView =
  | { type: 'link'; id: number; title: string; icon: Schemas['BioIcon'] | null }
  | { type: 'heading'; text: string }
  | { type: 'text'; text: string }
  | { type: 'image'; file: string; alt: string; width: number; height: number }
  | { type: 'social'; id: number; networks: Schemas['BioNetwork'][] }
  | { type: 'embed'; embed: Embed }
  | { type: 'contact'; title: string; email: string; subject: string };

/** Everything a public bio page shows, read once and rendered once (see renderBioPage). */
export interface BioView {
  alias: string;
  /** The page's address, absolute: its canonical URL and the base of its preview's URLs. */
  url: string;
  language: string;
  heading: string;
  description: string;
  /** The document's title and the previews' (Open Graph). */
  documentTitle: string;
  previewDescription: string;
  /** The file names of the avatar and the preview image, with their sizes. */
  avatar: { file: string; width: number; height: number } | null;
  preview: { file: string; width: number; height: number } | null;
  theme: BioTheme;
  blocks: BlockView[];
  pixels: { type: string; tag: string }[];
}

/**
 * Where a page's images and buttons lead. The public page (the default) loads its images beside
 * it (`<alias>/m/<file>`) and sends its buttons through the service (`<alias>/b/<id>`, with `?i=N`
 * for icon N of a social block), which counts each click. A preview (the dashboard's editor)
 * holds its images as `data:` URLs and leads its buttons straight to their URLs: nothing is
 * counted, nothing needs to be stored. Both return what may stand in a double-quoted attribute as
 * it is (escaped, or made of safe characters only).
 */
export interface RenderOptions {
  image(file: string): string;
  button(id: number, icon: number | null): string;
  /** Who may frame the page: nobody, or (a preview) the service's own pages. */
  preview: boolean;
}

/**
 * A rendered page, kept as data (the redirect cache weighs it): the same bytes for every visit,
 * but for a page with pixels, whose scripts carry a nonce of each answer.
 */
export interface RenderedBioPage {
  /** The whole page, or (with pixels) the page before its pixels' scripts and after them. */
  html: Buffer | [string, string];
  pixels: { type: string; tag: string }[];
  /** The policy of a page without pixels; pages with pixels make theirs per answer (bioPagePolicy). */
  policy: string;
  styleHash: string;
  frames: string[];
  origin: string;
  preview: boolean;
}

const FONT_STACKS: Record<BioTheme['font'], string> = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Ubuntu, Cantarell, sans-serif',
  serif: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, "Noto Serif", serif',
  mono: 'ui-monospace, "Cascadia Code", "Source Code Pro", Menlo, Consolas, "DejaVu Sans Mono", monospace',
  rounded:
    'ui-rounded, "Hiragino Maru Gothic ProN", Quicksand, Comfortaa, Manjari, "Arial Rounded MT", "Arial Rounded MT Bold", Calibri, source-sans-pro, sans-serif',
};
const RADIUS: Record<BioTheme['buttonShape'], string> = { square: '4px', rounded: '12px', pill: '999px' };
/** WCAG 2's contrast for the edges of controls: a button paler than this against the page gets a border. */
const CONTROL_CONTRAST = 3;

const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation';
const FRAME_ALLOW = 'autoplay; encrypted-media; fullscreen; picture-in-picture; clipboard-write';

/** The page's style: the theme's colors (checked colors, `#rrggbb`), its font and its buttons' shape. */
function styleOf(theme: BioTheme): string {
  const border = contrastRatio(theme.button, theme.background) < CONTROL_CONTRAST ? theme.text : theme.button;
  const radius = RADIUS[theme.buttonShape];
  return [
    '*,*::before,*::after{box-sizing:border-box}',
    `html{background:${theme.background};-webkit-text-size-adjust:100%;text-size-adjust:100%}`,
    `body{margin:0;min-height:100vh;background:${theme.background};color:${theme.text};font:17px/1.5 ${FONT_STACKS[theme.font]}}`,
    '.page{max-width:36rem;margin:0 auto;padding:2.5rem 1.25rem 3rem}',
    'header{text-align:center;margin-bottom:2rem}',
    '.avatar{display:block;width:96px;height:96px;border-radius:50%;object-fit:cover;margin:0 auto 1rem}',
    'h1{font-size:1.5rem;line-height:1.25;margin:0 0 .5rem;overflow-wrap:anywhere}',
    '.about{margin:0;white-space:pre-line;overflow-wrap:anywhere}',
    'main{display:flex;flex-direction:column;gap:.875rem}',
    `.button{display:flex;align-items:center;justify-content:center;gap:.625rem;min-height:3.25rem;padding:.75rem 1.25rem;` +
      `background:${theme.button};color:${theme.buttonText};border:2px solid ${border};border-radius:${radius};` +
      'font-weight:600;text-align:center;text-decoration:none;overflow-wrap:anywhere}',
    '.button svg{flex:none}',
    `a:focus-visible{outline:3px solid ${theme.text};outline-offset:3px}`,
    'h2{font-size:1.125rem;line-height:1.3;margin:.75rem 0 0;text-align:center;overflow-wrap:anywhere}',
    '.text{margin:0;white-space:pre-line;text-align:center;overflow-wrap:anywhere}',
    `.image{display:block;width:100%;height:auto;border-radius:${theme.buttonShape === 'square' ? '4px' : '12px'}}`,
    '.social{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;justify-content:center;gap:.5rem}',
    `.social a{display:inline-flex;align-items:center;min-height:2.75rem;padding:.5rem 1rem;border-radius:${radius};` +
      `background:${theme.button};color:${theme.buttonText};border:2px solid ${border};font-size:.9375rem;font-weight:600;text-decoration:none}`,
    `.embed{width:100%;border:0;display:block;border-radius:${theme.buttonShape === 'square' ? '4px' : '12px'};background:${theme.button}}`,
    '.ratio-16x9{aspect-ratio:16/9;height:auto}',
    '.h152{height:152px}.h166{height:166px}.h352{height:352px}.h450{height:450px}',
    '@media (prefers-reduced-motion:no-preference){.button{transition:transform .15s}.button:hover{transform:translateY(-1px)}}',
  ].join('');
}

const text = (value: string) => escapeHtml(value);

function blockHtml(block: BlockView, options: RenderOptions): string {
  switch (block.type) {
    case 'link':
      return `<a class="button" href="${options.button(block.id, null)}">${block.icon ? iconSvg(block.icon) : ''}<span dir="auto">${text(block.title)}</span></a>`;
    case 'heading':
      return `<h2 dir="auto">${text(block.text)}</h2>`;
    case 'text':
      return `<p class="text" dir="auto">${text(block.text)}</p>`;
    case 'image':
      return `<img class="image" src="${options.image(block.file)}" alt="${text(block.alt)}" width="${block.width}" height="${block.height}" loading="lazy" decoding="async">`;
    case 'social':
      return `<ul class="social">${block.networks
        .map((network, index) => `<li><a href="${options.button(block.id, index)}">${NETWORK_NAMES[network]}</a></li>`)
        .join('')}</ul>`;
    case 'embed': {
      const shape = embedShape(block.embed);
      const size = 'ratio' in shape ? `ratio-${shape.ratio}` : `h${shape.height}`;
      return `<iframe class="embed ${size}" src="${text(embedUrl(block.embed))}" title="${text(embedTitle(block.embed))}" sandbox="${FRAME_SANDBOX}" allow="${FRAME_ALLOW}" allowfullscreen loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>`;
    }
    case 'contact': {
      const at = block.email.lastIndexOf('@');
      const address = `${encodeURIComponent(block.email.slice(0, at))}@${block.email.slice(at + 1)}`;
      const subject = block.subject ? `?subject=${encodeURIComponent(block.subject)}` : '';
      return `<a class="button" href="${text(`mailto:${address}${subject}`)}">${iconSvg('mail')}<span dir="auto">${text(block.title)}</span></a>`;
    }
  }
}

/**
 * A bio page as HTML: server-side, no script of its own, mobile first, every stored value escaped
 * for its place (text and attributes through escapeHtml; the style holds checked colors only).
 * Landmarks (a header with the heading, the main content), buttons named by their text, images
 * with their description, frames with a title. Its policy allows its own style (by hash), its own
 * images, the players of its embeds (their origins only, in sandboxed frames), and, on a page
 * with pixels, the pixels' scripts by nonce; nothing else loads, and nothing can frame it.
 */
export function renderBioPage(view: BioView, given?: RenderOptions): RenderedBioPage {
  const alias = encodeURIComponent(view.alias);
  const options: RenderOptions = given ?? {
    image: (file) => `${alias}/m/${file}`,
    button: (id, icon) => `${alias}/b/${id}${icon === null ? '' : `?i=${icon}`}`,
    preview: false,
  };
  const style = styleOf(view.theme);
  const styleHash = createHash('sha256').update(style).digest('base64');
  const image = view.preview ?? view.avatar;
  const meta = [
    `<meta property="og:type" content="website">`,
    `<meta property="og:url" content="${text(view.url)}">`,
    `<meta property="og:title" content="${text(view.documentTitle)}">`,
    view.previewDescription && `<meta name="description" content="${text(view.previewDescription)}">`,
    view.previewDescription && `<meta property="og:description" content="${text(view.previewDescription)}">`,
    image && `<meta property="og:image" content="${text(`${view.url}/m/${image.file}`)}">`,
    image && `<meta property="og:image:width" content="${image.width}"><meta property="og:image:height" content="${image.height}">`,
    `<meta name="twitter:card" content="${view.preview ? 'summary_large_image' : 'summary'}">`,
    `<link rel="canonical" href="${text(view.url)}">`,
  ]
    .filter(Boolean)
    .join('\n');
  const head = `<!doctype html>
<html lang="${text(view.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(view.documentTitle)}</title>
${meta}
<meta name="theme-color" content="${view.theme.background}">
<style>${style}</style>
`;
  const avatar = view.avatar
    ? `<img class="avatar" src="${options.image(view.avatar.file)}" alt="" width="${view.avatar.width}" height="${view.avatar.height}">\n`
    : '';
  const tail = `</head>
<body>
<div class="page">
<header>
${avatar}<h1 dir="auto">${text(view.heading)}</h1>
${view.description ? `<p class="about" dir="auto">${text(view.description)}</p>\n` : ''}</header>
<main>
${view.blocks.map((block) => blockHtml(block, options)).join('\n')}
</main>
</div>
</body>
</html>
`;

  const frames = [...new Set(view.blocks.flatMap((block) => (block.type === 'embed' ? [EMBED_ORIGINS[block.embed.provider]] : [])))];
  const rendered: RenderedBioPage = {
    html: view.pixels.length > 0 ? [head, tail] : Buffer.from(head + tail),
    pixels: view.pixels,
    policy: '',
    styleHash,
    frames,
    origin: new URL(view.url).origin,
    preview: options.preview,
  };
  rendered.policy = bioPagePolicy(rendered, '', false);
  return rendered;
}

/**
 * The page's Content-Security-Policy. `sandbox` runs a page with pixels in an opaque origin (on
 * the service's own address, where the account's scripts must not act as the service's origin).
 * A preview (which loads no pixels) holds its images as `data:` URLs and may be framed by the
 * service's own pages (the dashboard's editor), by no other site.
 */
export function bioPagePolicy(page: RenderedBioPage, nonce: string, sandbox: boolean): string {
  const scripted = page.pixels.length > 0;
  return [
    "default-src 'none'",
    `style-src 'sha256-${page.styleHash}'`,
    // Pixels report through images and requests of their own vendors.
    page.preview ? 'img-src data:' : scripted ? `img-src 'self' ${sandbox ? `${page.origin} ` : ''}https: data:` : "img-src 'self'",
    ...(page.frames.length ? [`frame-src ${page.frames.join(' ')}`] : []),
    ...(scripted ? [`script-src 'nonce-${nonce}' 'strict-dynamic'`, 'connect-src https:'] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    page.preview ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
    ...(scripted && sandbox ? [SANDBOX] : []),
  ].join('; ');
}
