import type { components } from '@linkyard/spec';
import type { Ok } from '../../common/contract';
import { formatDateTime } from '../../common/dates';
import { shortUrl } from '../../common/public-urls';
import { embedUrl } from './bio-embeds';
import { mediaFile } from './bio-media';
import type { BioBlockEntity, BioMediaEntity, BioPageEntity } from './bio.entity';

type Schemas = components['schemas'];
export type BioPage = Schemas['BioPage'];
export type BioSummary = Ok<'listBioPages'>['data']['bio'][number];

/** An image's size and name, without its bytes. */
export type MediaInfo = Pick<BioMediaEntity, 'id' | 'type' | 'width' | 'height' | 'hash'>;

/** A page with everything its details hold. */
export interface StoredBioPage {
  page: BioPageEntity;
  blocks: BioBlockEntity[];
  media: Map<number, MediaInfo>;
  pixels: number[];
  channels: number[];
}

/** A page's address: on its branded domain when it has one, else on PUBLIC_URL (as a short link's). */
export function bioUrl(publicUrl: string, page: Pick<BioPageEntity, 'alias' | 'domain'>): string {
  return shortUrl(publicUrl, page.alias, page.domain);
}

export function toBioSummary(page: BioPageEntity, publicUrl: string): BioSummary {
  return {
    id: page.id,
    alias: page.alias,
    link: bioUrl(publicUrl, page),
    name: page.name,
    public: page.public,
    visits: page.visits,
    date: formatDateTime(page.createdAt),
  };
}

function toBlock(
  block: BioBlockEntity,
  imageUrl: (id: number | null) => string | null,
  media: Map<number, MediaInfo>,
): Schemas['BioBlock'] {
  const { id } = block;
  const data = block.data;
  switch (data.type) {
    case 'link':
      return {
        id,
        type: 'link',
        title: data.title,
        url: data.url,
        icon: data.icon,
        clicks: block.clicks,
        uniqueClicks: block.uniqueClicks,
      };
    case 'heading':
      return { id, type: 'heading', text: data.text };
    case 'text':
      return { id, type: 'text', text: data.text };
    case 'image': {
      const image = media.get(block.imageId!)!;
      return { id, type: 'image', image: imageUrl(block.imageId)!, alt: data.alt, width: image.width, height: image.height };
    }
    case 'social':
      return { id, type: 'social', links: data.links, clicks: block.clicks, uniqueClicks: block.uniqueClicks };
    case 'embed':
      return { id, type: 'embed', url: data.url, provider: data.provider, embed: embedUrl(data) };
    case 'contact':
      return { id, type: 'contact', title: data.title, email: data.email, subject: data.subject };
  }
}

export function toBioPage(stored: StoredBioPage, publicUrl: string): BioPage {
  const { page, media } = stored;
  const link = bioUrl(publicUrl, page);
  const imageUrl = (id: number | null) => {
    const image = id === null ? undefined : media.get(id);
    return image ? `${link}/m/${mediaFile(image)}` : null;
  };
  return {
    id: page.id,
    alias: page.alias,
    link,
    domain: page.domain?.domain ?? null,
    name: page.name,
    title: page.title,
    description: page.description,
    avatar: imageUrl(page.avatarId),
    theme: page.theme,
    seo: { title: page.seoTitle, description: page.seoDescription, image: imageUrl(page.seoImageId) },
    language: page.language,
    public: page.public,
    pixels: stored.pixels,
    channels: stored.channels,
    blocks: stored.blocks.map((block) => toBlock(block, imageUrl, media)),
    visits: page.visits,
    uniqueVisits: page.uniqueVisits,
    date: formatDateTime(page.createdAt),
    updated: formatDateTime(page.updatedAt),
  };
}
