import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../api';
import {
  addBlock,
  bodyOf,
  draftOf,
  emptyBlock,
  MAX_BLOCKS,
  MAX_IMAGES,
  moveBlock,
  pictureRemoved,
  removeBlock,
  tooLarge,
  type DraftBlock,
} from './bio-draft';

const stored = {
  id: 4,
  date: '2026-01-01 00:00:00',
  visits: 9,
  uniqueVisits: 7,
  name: 'Shop',
  alias: 'shop',
  domain: 'https://go.example.com',
  url: 'https://go.example.com/shop',
  title: 'My shop',
  description: '',
  avatar: 'https://go.example.com/bio-media/a.webp',
  language: 'en',
  public: true,
  theme: { background: '#ffffff', text: '#111827', button: '#111827', buttonText: '#ffffff', buttonShape: 'pill', font: 'serif' },
  seo: { title: '', description: '', image: null },
  pixels: [2],
  blocks: [
    { id: 10, type: 'link', title: 'Visit my shop', url: 'https://shop.example.com', icon: null, clicks: 4, uniqueClicks: 3 },
    { id: 11, type: 'image', alt: 'A cup', url: 'https://go.example.com/bio-media/b.webp', width: 600, height: 400 },
    { id: 12, type: 'social', links: [{ network: 'github', url: 'https://github.com/example' }], clicks: 0, uniqueClicks: 0 },
  ],
} as unknown as Schemas['BioPage'];

describe('the bio draft', () => {
  it('sends a stored page back unchanged: blocks by id, no picture, no alias or domain', () => {
    const body = bodyOf(draftOf(stored), stored);
    expect(body).not.toHaveProperty('alias');
    expect(body).not.toHaveProperty('domain');
    expect(body).not.toHaveProperty('avatar');
    expect(body.seo).toEqual({ title: '', description: '' });
    expect(body.blocks).toEqual([
      { id: 10, type: 'link', title: 'Visit my shop', url: 'https://shop.example.com', icon: '' },
      { id: 11, type: 'image', alt: 'A cup' },
      { id: 12, type: 'social', links: [{ network: 'github', url: 'https://github.com/example' }] },
    ]);
    expect(body.theme?.buttonShape).toBe('pill');
  });

  it('asks to remove a stored avatar with "", and sends nothing when there was none', () => {
    const draft = { ...draftOf(stored), avatar: pictureRemoved(stored.avatar) };
    expect(bodyOf(draft, stored).avatar).toBe('');
    expect(pictureRemoved(null)).toEqual({ kind: 'stored' });
    expect(bodyOf({ ...draftOf(), name: 'New', avatar: pictureRemoved(null) }, undefined)).not.toHaveProperty('avatar');
  });

  it('sends a changed alias and a domain set back to the service address', () => {
    const body = bodyOf({ ...draftOf(stored), alias: ' sale ', domain: '' }, stored);
    expect(body.alias).toBe('sale');
    expect(body.domain).toBe('');
  });

  it('trims addresses and leaves out an empty contact title', () => {
    const contact = { ...emptyBlock('contact'), email: ' me@example.com ' } as DraftBlock;
    const link = { ...emptyBlock('link'), url: ' https://a.example ' } as DraftBlock;
    const body = bodyOf({ ...draftOf(), name: 'x', blocks: [contact, link] }, undefined);
    expect(body.blocks?.[0]).toEqual({ type: 'contact', email: 'me@example.com', subject: '' });
    expect(body.blocks?.[1]).toMatchObject({ type: 'link', url: 'https://a.example' });
  });

  it('moves a block, names it for a screen reader, and keeps focus on the button pressed', () => {
    const blocks = draftOf(stored).blocks;
    const moved = moveBlock(blocks, 0, 1, 'down')!;
    expect(moved.blocks.map((block) => block.id)).toEqual([11, 10, 12]);
    expect(moved.announcement).toBe('Moved “Visit my shop” to position 2 of 3.');
    expect(moved.focus).toBe(`block-${blocks[0]!.key}-down`);
    expect(moveBlock(blocks, 0, -1)).toBeNull();
    expect(moveBlock(blocks, 2, 3)).toBeNull();
  });

  it('removes a block and sends focus to the next, the one before, or "Add a block"', () => {
    const blocks = draftOf(stored).blocks;
    expect(removeBlock(blocks, 0)!.focus).toBe(`block-${blocks[1]!.key}-remove`);
    expect(removeBlock(blocks, 2)!.focus).toBe(`block-${blocks[1]!.key}-remove`);
    const last = removeBlock([blocks[0]!], 0)!;
    expect(last.focus).toBe('add-block-title');
    expect(last.announcement).toBe('Removed “Visit my shop”. 0 blocks left.');
  });

  it('adds no block past the page limit, nor an image past the image limit', () => {
    const full = Array.from({ length: MAX_BLOCKS }, () => emptyBlock('text'));
    expect(addBlock(full, 'heading')).toBeNull();
    const images = Array.from({ length: MAX_IMAGES }, () => emptyBlock('image'));
    expect(addBlock(images, 'image')).toBeNull();
    const added = addBlock(images, 'heading')!;
    expect(added.blocks).toHaveLength(MAX_IMAGES + 1);
    expect(added.focus).toBe(`block-${added.blocks.at(-1)!.key}-first`);
    expect(MAX_BLOCKS).toBe(100);
  });

  it('refuses, before sending, a change larger than the service takes', () => {
    const upload = { data: 'A'.repeat(1_100_000), url: 'blob:x', name: 'big.png', bytes: 800_000 };
    const draft = { ...draftOf(), name: 'Big', avatar: { kind: 'new' as const, upload } };
    expect(tooLarge(bodyOf(draft, undefined))).toMatch(/over the 1,024 kB the service takes at once/);
    expect(tooLarge(bodyOf({ ...draftOf(), name: 'Small' }, undefined))).toBeNull();
  });
});
