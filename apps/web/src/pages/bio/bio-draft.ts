import type { Schemas } from '../../api';
import { most } from '../../limits';
import { BLOCK_TYPES } from './bio-names';

type Page = Schemas['BioPage'];
type Fields = Schemas['BioPageFields'];
type Theme = Schemas['BioTheme'];
type BlockInput = Schemas['BioBlockInput'];
export type BlockType = Schemas['BioBlock']['type'];
export type Icon = Schemas['BioIcon'];
export type Network = Schemas['BioNetwork'];
export type { Page as BioPageDetails, Theme as BioTheme };

/** The most blocks a page holds, and profiles in a social block (the document's `maxItems`). */
export const MAX_BLOCKS = most('BioPageFields', 'blocks') ?? 100;
export const MAX_SOCIAL_LINKS = most('BioSocialBlockInput', 'links') ?? 20;
/** The most image blocks a page holds: a rule across blocks, which the document says in words (`BioImageBlockInput`). */
export const MAX_IMAGES = 20;
/** The service takes a body of 1 MiB at most, pictures included. */
export const MAX_BODY = 1_048_576;

/** A picture chosen in this browser, not yet saved: what is sent (base64), and a local address to show it. */
export interface Upload {
  data: string;
  url: string;
  name: string;
  bytes: number;
}

/** The page's avatar or preview image: the stored one (if any), removed, or a new one. */
export type Picture = { kind: 'stored' } | { kind: 'removed' } | { kind: 'new'; upload: Upload };

interface BlockBase {
  /** This editor's own name for the block (React keys, element ids, focus). */
  key: string;
  /** The stored block it is (kept with its clicks and picture); absent for a new one. */
  id?: number;
}
export type DraftBlock =
  | (BlockBase & { type: 'link'; title: string; url: string; icon: Icon | '' })
  | (BlockBase & { type: 'heading'; text: string })
  | (BlockBase & { type: 'text'; text: string })
  | (BlockBase & { type: 'image'; alt: string; upload: Upload | null })
  | (BlockBase & { type: 'social'; links: { key: string; network: Network; url: string }[] })
  | (BlockBase & { type: 'embed'; url: string })
  | (BlockBase & { type: 'contact'; title: string; email: string; subject: string });

/** The bio editor's draft: what the person typed and chose. */
export interface BioDraft {
  name: string;
  alias: string;
  domain: string;
  title: string;
  description: string;
  language: string;
  public: boolean;
  theme: Theme;
  seoTitle: string;
  seoDescription: string;
  avatar: Picture;
  seoImage: Picture;
  pixels: number[];
  blocks: DraftBlock[];
}

/** What is sent to save or draw the page. */
export type BioBody = Fields & { name: string };

/** The theme of a new page: the service's defaults (`BioThemeInput`). */
export const DEFAULT_THEME: Theme = {
  background: '#ffffff',
  text: '#111827',
  button: '#111827',
  buttonText: '#ffffff',
  buttonShape: 'rounded',
  font: 'system',
};

let keys = 0;
/** A name for a block or a profile, unique in this browser tab. */
export const newKey = () => `k${(keys += 1)}`;

function draftBlock(block: Page['blocks'][number]): DraftBlock {
  const base = { key: newKey(), id: block.id };
  switch (block.type) {
    case 'link':
      return { ...base, type: 'link', title: block.title, url: block.url, icon: block.icon ?? '' };
    case 'heading':
      return { ...base, type: 'heading', text: block.text };
    case 'text':
      return { ...base, type: 'text', text: block.text };
    case 'image':
      return { ...base, type: 'image', alt: block.alt, upload: null };
    case 'social':
      return { ...base, type: 'social', links: block.links.map((link) => ({ ...link, key: newKey() })) };
    case 'embed':
      return { ...base, type: 'embed', url: block.url };
    case 'contact':
      return { ...base, type: 'contact', title: block.title, email: block.email, subject: block.subject };
  }
}

/** A new block of a type, its fields empty (a social block starts with one profile). */
export function emptyBlock(type: BlockType): DraftBlock {
  const key = newKey();
  switch (type) {
    case 'link':
      return { key, type, title: '', url: '', icon: '' };
    case 'heading':
    case 'text':
      return { key, type, text: '' };
    case 'image':
      return { key, type, alt: '', upload: null };
    case 'social':
      return { key, type, links: [{ key: newKey(), network: 'instagram', url: '' }] };
    case 'embed':
      return { key, type, url: '' };
    case 'contact':
      return { key, type, title: '', email: '', subject: '' };
  }
}

/** The draft of a new page, or of a stored page as it is. */
export function draftOf(page?: Page): BioDraft {
  return {
    name: page?.name ?? '',
    alias: page?.alias ?? '',
    domain: page?.domain ?? '',
    title: page?.title ?? '',
    description: page?.description ?? '',
    language: page?.language ?? 'en',
    public: page?.public ?? true,
    theme: page?.theme ?? DEFAULT_THEME,
    seoTitle: page?.seo.title ?? '',
    seoDescription: page?.seo.description ?? '',
    avatar: { kind: 'stored' },
    seoImage: { kind: 'stored' },
    pixels: page?.pixels ?? [],
    blocks: page?.blocks.map(draftBlock) ?? [],
  };
}

function blockInput(block: DraftBlock): BlockInput {
  const id = block.id === undefined ? {} : { id: block.id };
  switch (block.type) {
    case 'link':
      return { ...id, type: 'link', title: block.title, url: block.url.trim(), icon: block.icon };
    case 'heading':
      return { ...id, type: 'heading', text: block.text };
    case 'text':
      return { ...id, type: 'text', text: block.text };
    case 'image':
      return { ...id, type: 'image', alt: block.alt, ...(block.upload ? { image: block.upload.data } : {}) };
    case 'social':
      return { ...id, type: 'social', links: block.links.map(({ network, url }) => ({ network, url: url.trim() })) };
    case 'embed':
      return { ...id, type: 'embed', url: block.url.trim() };
    case 'contact':
      return { ...id, type: 'contact', email: block.email.trim(), subject: block.subject, ...(block.title ? { title: block.title } : {}) };
  }
}

/** A picture's field in the request: new data, `""` to remove the stored one, or nothing (unchanged). */
function pictureField(value: Picture, stored: string | null | undefined): string | undefined {
  return value.kind === 'new' ? value.upload.data : value.kind === 'removed' && stored ? '' : undefined;
}

/**
 * What the draft asks of the service: every field, so that a cleared one is cleared; the avatar
 * and preview image only when they change (a new picture, or `""` to remove the stored one); the
 * alias and domain of a new page only when given (the service picks an alias).
 */
export function bodyOf(draft: BioDraft, editing: Page | undefined): BioBody {
  const body: BioBody = {
    name: draft.name,
    title: draft.title,
    description: draft.description,
    language: draft.language.trim(),
    public: draft.public,
    theme: draft.theme,
    seo: { title: draft.seoTitle, description: draft.seoDescription },
    pixels: draft.pixels,
    blocks: draft.blocks.map(blockInput),
  };
  const alias = draft.alias.trim();
  if (alias && alias !== editing?.alias) body.alias = alias;
  if (editing ? draft.domain !== (editing.domain ?? '') : draft.domain) body.domain = draft.domain;
  const avatar = pictureField(draft.avatar, editing?.avatar);
  if (avatar !== undefined) body.avatar = avatar;
  const seoImage = pictureField(draft.seoImage, editing?.seo.image);
  if (seoImage !== undefined) body.seo = { ...body.seo, image: seoImage };
  return body;
}

/** The size of a request body in bytes, as sent (UTF-8 JSON). */
export const bodySize = (body: BioBody) => new TextEncoder().encode(JSON.stringify(body)).length;

export const kB = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** Why a body cannot be sent at once, or null when it can. */
export function tooLarge(body: BioBody): string | null {
  const size = bodySize(body);
  return size > MAX_BODY
    ? `The new pictures make this change ${kB(size)}, over the 1,024 kB the service takes at once. Save with fewer new pictures, then add the others.`
    : null;
}

/** A block in a few words, for what a screen reader hears when it moves: its title or text, else its kind. */
export function labelOf(block: DraftBlock): string {
  const text = 'title' in block && block.title ? block.title : 'text' in block && block.text ? block.text : '';
  return text ? `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”` : BLOCK_TYPES[block.type].toLowerCase();
}

/** A change to the blocks: the new list, what to announce, and the element to focus after. */
export interface BlocksChange {
  blocks: DraftBlock[];
  announcement: string;
  focus: string | null;
}

/** Moves a block (by buttons: `way` names the button that keeps focus; by dragging: none). */
export function moveBlock(blocks: DraftBlock[], from: number, to: number, way?: 'up' | 'down'): BlocksChange | null {
  if (to < 0 || to >= blocks.length || from === to || !blocks[from]) return null;
  const block = blocks[from];
  const moved = [...blocks];
  moved.splice(from, 1);
  moved.splice(to, 0, block);
  return {
    blocks: moved,
    announcement: `Moved ${labelOf(block)} to position ${to + 1} of ${moved.length}.`,
    focus: way ? `block-${block.key}-${way}` : null,
  };
}

/** Adds a block of a type at the end, unless the page is full or (for an image) has its images. */
export function addBlock(blocks: DraftBlock[], type: BlockType): BlocksChange | null {
  if (blocks.length >= MAX_BLOCKS || (type === 'image' && imageCount(blocks) >= MAX_IMAGES)) return null;
  const block = emptyBlock(type);
  return {
    blocks: [...blocks, block],
    announcement: `Added block ${blocks.length + 1} of ${blocks.length + 1}: ${BLOCK_TYPES[type]}.`,
    focus: `block-${block.key}-first`,
  };
}

/** Removes a block; focus goes to the block that takes its place, else the one before, else "Add a block". */
export function removeBlock(blocks: DraftBlock[], index: number): BlocksChange | null {
  const block = blocks[index];
  if (!block) return null;
  const left = blocks.filter((_, i) => i !== index);
  const next = left[index] ?? left[index - 1];
  return {
    blocks: left,
    announcement: `Removed ${labelOf(block)}. ${left.length === 1 ? 'One block left.' : `${left.length} blocks left.`}`,
    focus: next ? `block-${next.key}-remove` : 'add-block-title',
  };
}

export const imageCount = (blocks: DraftBlock[]) => blocks.filter((block) => block.type === 'image').length;

/** What a picture field says of its state. */
export function pictureState(value: Picture, stored: string | null): string {
  if (value.kind === 'new') return `New picture: ${value.upload.name} (${kB(value.upload.bytes)}), saved with the page.`;
  if (value.kind === 'removed') return 'The picture is removed when the page is saved.';
  return stored ? 'The page has a picture (see the preview).' : 'No picture.';
}

/** What removing a picture leaves: a stored one is removed on save; a new one goes back to none. */
export const pictureRemoved = (stored: string | null | undefined): Picture => (stored ? { kind: 'removed' } : { kind: 'stored' });
