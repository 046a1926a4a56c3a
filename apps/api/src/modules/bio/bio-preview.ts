import { escapeHtml } from '../../common/html';
import { shortUrl } from '../../common/public-urls';
import { renderBioPage, type BlockView, type RenderedBioPage } from './bio-render';
import type { BioDraft, DraftImage } from './bio.service';

/**
 * A draft drawn by the public page's renderer, for the dashboard's editor: the same HTML a visitor
 * would get, but for what must not be stored or counted. Its images are `data:` URLs of the bytes
 * saving would store (re-encoded uploads, or the page's stored images); its buttons lead straight
 * to their URLs instead of through the service; it loads no pixels. Blocks are shown as the
 * public page shows them (an image block without a picture is left out).
 */
export function renderPreview(draft: BioDraft, publicUrl: string): RenderedBioPage {
  const sources = new Map<string, string>();
  const shown = (image: DraftImage | null) => {
    if (!image?.data) return null;
    sources.set(image.file, `data:${image.type};base64,${image.data.toString('base64')}`);
    return { file: image.file, width: image.width, height: image.height };
  };
  // Buttons are numbered by their place in the draft (its new blocks have no id yet).
  const targets = new Map<number, string[]>();
  const blocks: BlockView[] = [];
  draft.blocks.forEach(({ data, image }, index) => {
    const id = index + 1;
    if (data.type === 'link') {
      targets.set(id, [data.url]);
      blocks.push({ type: 'link', id, title: data.title, icon: data.icon });
    } else if (data.type === 'social') {
      targets.set(
        id,
        data.links.map((link) => link.url),
      );
      blocks.push({ type: 'social', id, networks: data.links.map((link) => link.network) });
    } else if (data.type === 'image') {
      const picture = shown(image);
      if (picture) blocks.push({ type: 'image', alt: data.alt, ...picture });
    } else if (data.type === 'embed') blocks.push({ type: 'embed', embed: { provider: data.provider, ref: data.ref } });
    else blocks.push(data);
  });
  const heading = draft.title || draft.name;
  return renderBioPage(
    {
      alias: draft.alias,
      url: shortUrl(publicUrl, draft.alias, draft.domain),
      language: draft.language,
      heading,
      description: draft.description,
      documentTitle: draft.seoTitle || heading,
      previewDescription: draft.seoDescription || draft.description,
      avatar: shown(draft.avatar),
      preview: draft.seoImage && { file: draft.seoImage.file, width: draft.seoImage.width, height: draft.seoImage.height },
      theme: draft.theme,
      blocks,
      pixels: [],
    },
    {
      // A data: URL is made of characters an attribute holds as they are; a button's URL is escaped.
      image: (file) => sources.get(file) ?? '',
      button: (id, icon) => escapeHtml(targets.get(id)?.[icon ?? 0] ?? ''),
      preview: true,
    },
  );
}
