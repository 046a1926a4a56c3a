import type { Schemas } from '../../api';

/**
 * The choices a bio page offers, named for people. Each list is a record over the document's own
 * enum (`BioFont`, `BioIcon`, ...): a value added to openapi.yaml fails the type check here until
 * it has a name, so the editor offers exactly what the service takes.
 */
export const BLOCK_TYPES: Record<Schemas['BioBlock']['type'], string> = {
  link: 'Link button',
  heading: 'Heading',
  text: 'Text',
  image: 'Image',
  social: 'Social icons',
  embed: 'Player (YouTube, Vimeo, Spotify, SoundCloud)',
  contact: 'E-mail button',
};

export const FONTS: Record<Schemas['BioFont'], string> = {
  system: 'The visitor’s system font',
  serif: 'Serif',
  mono: 'Monospaced',
  rounded: 'Rounded',
};

export const BUTTON_SHAPES: Record<Schemas['BioButtonShape'], string> = {
  square: 'Square corners',
  rounded: 'Rounded corners',
  pill: 'Pill',
};

export const ICONS: Record<Schemas['BioIcon'], string> = {
  link: 'Link',
  shop: 'Shop',
  calendar: 'Calendar',
  music: 'Music',
  video: 'Video',
  download: 'Download',
  star: 'Star',
  heart: 'Heart',
  map: 'Map',
  news: 'News',
  mail: 'Mail',
  phone: 'Phone',
};

export const NETWORKS: Record<Schemas['BioNetwork'], string> = {
  website: 'Website',
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  threads: 'Threads',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  twitch: 'Twitch',
  linkedin: 'LinkedIn',
  github: 'GitHub',
  pinterest: 'Pinterest',
  snapchat: 'Snapchat',
  discord: 'Discord',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  spotify: 'Spotify',
  soundcloud: 'SoundCloud',
};

export const entries = <K extends string>(record: Record<K, string>) => Object.entries(record) as [K, string][];

/** A stored block in a few words: its text, title or kind. */
export function blockLabel(block: Schemas['BioBlock']): string {
  switch (block.type) {
    case 'link':
      return block.title;
    case 'social':
      return `Social icons: ${block.links.map((link) => NETWORKS[link.network]).join(', ')}`;
    case 'heading':
    case 'text':
      return block.text;
    case 'contact':
      return block.title;
    case 'image':
      return block.alt || 'Image';
    case 'embed':
      return `Player: ${block.url}`;
  }
}
