import type { RenderedBioPage } from '../modules/bio/bio-render';
import { pixelScript } from './pixel-snippets';

/** The answer's body: a page with pixels gets their scripts, with this answer's nonce. */
export function bioPageBody(page: RenderedBioPage, nonce: string): Buffer | string {
  if (Buffer.isBuffer(page.html)) return page.html;
  const scripts = page.pixels.map((pixel) => `<script nonce="${nonce}">${pixelScript(pixel.type, pixel.tag)}</script>\n`).join('');
  return page.html[0] + scripts + page.html[1];
}
