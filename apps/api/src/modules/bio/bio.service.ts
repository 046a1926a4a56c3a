import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { badRequest, conflict, notFound } from '../../common/api-error';
import type { PageRequest } from '../../common/pagination';
import { Transactions } from '../../database/write-events';
import { ChannelsService } from '../channels/channels.service';
import { DomainsService } from '../domains/domains.service';
import { isReservedAlias, randomAlias } from '../../common/aliases';
import { PixelsService } from '../pixels/pixels.service';
import { parseEmbed } from './bio-embeds';
import { storeImage, type StoredImage } from './bio-images';
import { DEFAULT_THEME, themeWith, type BioTheme } from './bio-theme';
import { MAX_IMAGE_BLOCKS, type AddBioPageDto, type BlockInput, type UpdateBioPageDto } from './bio.dto';
import { mediaFile } from './bio-media';
import type { BioBlockData, BioBlockEntity, BioBlockType, BioPageEntity } from './bio.entity';
import { BioRepository, type BioPageFields } from './bio.repository';
import type { StoredBioPage } from './bio.mapper';
import type { DomainEntity } from '../domains/domain.entity';

const GENERATED_ALIAS_LENGTH = 6;

/** A block as it will be written: its data, and a new picture for an image block that got one. */
interface PreparedBlock {
  /** The page's block it is (kept with its clicks), or undefined for a new one. */
  id: number | undefined;
  type: BioBlockType;
  data: BioBlockData;
  upload: StoredImage | null;
  /** The stored picture of `upload`, once written. */
  imageId: number | null;
}

/** What a body asks for, checked, with its uploads made into stored images; undefined: not sent. */
interface Prepared {
  blocks: PreparedBlock[] | undefined;
  /** null: remove it. */
  avatar: StoredImage | null | undefined;
  preview: StoredImage | null | undefined;
}

/** An image of a draft: a stored one of the page, or an upload made as saving would make it. */
export interface DraftImage {
  /** A name for it: the stored image's file name, or (an upload) one made of its hash. */
  file: string;
  width: number;
  height: number;
  type: 'image/webp' | 'image/jpeg';
  /** Its bytes; null for the preview image, which a page names (Open Graph) but does not show. */
  data: Buffer | null;
}

/** A page as a body would make it (a new page, or a change of a stored one), for a preview: nothing of it is written. */
export interface BioDraft {
  alias: string;
  domain: DomainEntity | null;
  name: string;
  title: string;
  description: string;
  theme: BioTheme;
  seoTitle: string;
  seoDescription: string;
  language: string;
  avatar: DraftImage | null;
  seoImage: DraftImage | null;
  blocks: { data: BioBlockData; image: DraftImage | null }[];
}

const aliasTaken = (alias: string) => conflict(`The alias "${alias}" is already taken on this domain.`, 'alias');

/**
 * Bio pages: their fields, blocks, images and pixels, checked and written in one transaction each
 * (BioRepository announces each, so the public pages show it at once).
 */
@Injectable()
export class BioService {
  constructor(
    @Inject(BioRepository) private readonly pages: BioRepository,
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(DomainsService) private readonly domains: DomainsService,
    @Inject(PixelsService) private readonly pixels: PixelsService,
    @Inject(ChannelsService) private readonly channels: ChannelsService,
  ) {}

  /** A page of the account's pages with their domains and the total. */
  list(account: Account, page: PageRequest): Promise<[BioPageEntity[], number]> {
    return this.pages.list(account, page);
  }

  /** The account's page with its domain, or 404. */
  owned(account: Account, id: number): Promise<BioPageEntity> {
    return this.pages.owned(account, id);
  }

  /** The account's page with its blocks, images, pixels and channels, or 404. */
  async get(account: Account, id: number): Promise<StoredBioPage> {
    const page = await this.owned(account, id);
    const { blocks, media, pixels } = await this.pages.contents(page.id);
    return {
      page,
      blocks,
      media: new Map(media.map((entry) => [entry.id, entry])),
      pixels,
      channels: await this.channels.channelsOf({ bioId: page.id }),
    };
  }

  /** A block of the account's page, or 404. */
  block(account: Account, pageId: number, blockId: number): Promise<BioBlockEntity> {
    return this.pages.block(account, pageId, blockId);
  }

  async add(account: Account, input: AddBioPageDto): Promise<StoredBioPage> {
    if (input.alias !== undefined) this.checkAlias(input.alias);
    const theme = themeWith(DEFAULT_THEME, input.theme);
    // What the page names is checked before any image is made (and again in the transaction).
    if (input.domain !== undefined) await this.domains.forLink(account, input.domain);
    if (input.pixels !== undefined) await this.pixels.owned(account, input.pixels);
    const prepared = await this.prepare(account, input, new Map());
    const id = await this.transactions.run(async (manager) => {
      const domain = input.domain === undefined ? null : await this.domains.forLink(account, input.domain, manager);
      const pixels = input.pixels === undefined ? [] : await this.pixels.owned(account, input.pixels, manager);
      const pageId = await this.insertPage(manager, account, domain?.id ?? null, input.alias, {
        name: input.name,
        title: input.title ?? '',
        description: input.description ?? '',
        theme,
        seoTitle: input.seo?.title ?? '',
        seoDescription: input.seo?.description ?? '',
        language: input.language ?? 'en',
        public: input.public ?? true,
      });
      await this.writeImages(manager, account, pageId, prepared);
      await this.writeBlocks(manager, pageId, prepared.blocks ?? []);
      await this.pages.writePixels(
        manager,
        pageId,
        pixels.map((pixel) => pixel.id),
        false,
      );
      return pageId;
    });
    return this.get(account, id);
  }

  async update(account: Account, id: number, changes: UpdateBioPageDto): Promise<StoredBioPage> {
    const current = await this.get(account, id);
    if (changes.alias !== undefined) this.checkAlias(changes.alias);
    // Checked before any image is made; again below, on the stored theme of the transaction.
    if (changes.theme !== undefined) themeWith(current.page.theme, changes.theme);
    if (changes.domain !== undefined) await this.domains.forLink(account, changes.domain);
    if (changes.pixels !== undefined) await this.pixels.owned(account, changes.pixels);
    const prepared = await this.prepare(account, changes, new Map(current.blocks.map((block) => [block.id, block.type])));
    await this.transactions.run(async (manager) => {
      const theme = await this.pages.lock(manager, account, id);
      if (!theme) throw notFound(`No bio page with id ${id}.`);
      const columns: Record<string, unknown> = {};
      const set = (column: string, value: unknown) => (columns[column] = value);
      if (changes.domain !== undefined) {
        set('domain_id', changes.domain === '' ? null : (await this.domains.forLink(account, changes.domain, manager))!.id);
      }
      if (changes.alias !== undefined) set('alias', changes.alias);
      if (changes.name !== undefined) set('name', changes.name);
      if (changes.title !== undefined) set('title', changes.title);
      if (changes.description !== undefined) set('description', changes.description);
      if (changes.theme !== undefined) set('theme', JSON.stringify(themeWith(theme, changes.theme)));
      if (changes.seo?.title !== undefined) set('seo_title', changes.seo.title);
      if (changes.seo?.description !== undefined) set('seo_description', changes.seo.description);
      if (changes.language !== undefined) set('language', changes.language);
      if (changes.public !== undefined) set('public', changes.public);
      await this.pages.updatePage(manager, account, id, columns, changes.alias ?? current.page.alias);
      await this.writeImages(manager, account, id, prepared);
      if (prepared.blocks !== undefined) await this.writeBlocks(manager, id, prepared.blocks);
      if (changes.pixels !== undefined) {
        const pixels = await this.pixels.owned(account, changes.pixels, manager);
        await this.pages.writePixels(
          manager,
          id,
          pixels.map((pixel) => pixel.id),
          true,
        );
      }
      await this.pages.deleteUnusedImages(manager, id);
    });
    return this.get(account, id);
  }

  /**
   * The page a body would make: a new one (`id` null, the body of `add`) or the stored page with a
   * change (the body of `update`). The body is checked as saving checks it, in the same order, and
   * its uploads are made into images as saving makes them; nothing is written, and the alias is
   * not claimed (saving says when it is taken). Pixels are checked, not shown.
   */
  async draft(account: Account, id: number | null, input: AddBioPageDto | UpdateBioPageDto): Promise<BioDraft> {
    const current = id === null ? null : await this.get(account, id);
    if (input.alias !== undefined) this.checkAlias(input.alias);
    const theme = themeWith(current?.page.theme ?? DEFAULT_THEME, input.theme);
    const domain = input.domain !== undefined ? await this.domains.forLink(account, input.domain) : (current?.page.domain ?? null);
    if (input.pixels !== undefined) await this.pixels.owned(account, input.pixels);
    const stored = new Map((current?.blocks ?? []).map((block) => [block.id, block]));
    const prepared = await this.prepare(account, input, new Map([...stored.values()].map((block) => [block.id, block.type])));
    // The stored images the draft still shows, read once.
    const shownIds = [
      ...(prepared.avatar === undefined && current?.page.avatarId ? [current.page.avatarId] : []),
      ...(prepared.blocks === undefined
        ? (current?.blocks ?? []).map((block) => block.imageId)
        : prepared.blocks.map((block) => (block.upload || block.id === undefined ? null : stored.get(block.id)!.imageId))),
    ].filter((imageId): imageId is number => imageId !== null);
    const bytes = shownIds.length === 0 ? new Map<number, Buffer>() : await this.pages.imageBytes(current!.page.id, shownIds);
    const storedImage = (imageId: number | null, shown: boolean): DraftImage | null => {
      const media = imageId === null ? undefined : current?.media.get(imageId);
      if (!media) return null;
      return {
        file: mediaFile(media),
        width: media.width,
        height: media.height,
        type: media.type,
        data: shown ? (bytes.get(media.id) ?? null) : null,
      };
    };
    const upload = (image: StoredImage, shown: boolean): DraftImage => ({
      file: `draft-${image.hash}.${image.type === 'image/jpeg' ? 'jpg' : 'webp'}`,
      width: image.width,
      height: image.height,
      type: image.type,
      data: shown ? image.data : null,
    });
    const chosen = (given: StoredImage | null | undefined, storedId: number | null | undefined, shown: boolean) =>
      given === undefined ? storedImage(storedId ?? null, shown) : given === null ? null : upload(given, shown);
    const blocks =
      prepared.blocks === undefined
        ? (current?.blocks ?? []).map((block) => ({ data: block.data, image: storedImage(block.imageId, true) }))
        : prepared.blocks.map((block) => ({
            data: block.data,
            image: block.upload
              ? upload(block.upload, true)
              : block.id === undefined
                ? null
                : storedImage(stored.get(block.id)!.imageId, true),
          }));
    return {
      alias: input.alias ?? current?.page.alias ?? '',
      domain,
      name: input.name ?? current!.page.name,
      title: input.title ?? current?.page.title ?? '',
      description: input.description ?? current?.page.description ?? '',
      theme,
      seoTitle: input.seo?.title ?? current?.page.seoTitle ?? '',
      seoDescription: input.seo?.description ?? current?.page.seoDescription ?? '',
      language: input.language ?? current?.page.language ?? 'en',
      avatar: chosen(prepared.avatar, current?.page.avatarId, true),
      seoImage: chosen(prepared.preview, current?.page.seoImageId, false),
      blocks,
    };
  }

  /** Its blocks, images, statistics and channel memberships go with it (they cascade); its alias is free again. */
  delete(account: Account, id: number): Promise<void> {
    return this.pages.delete(account, id);
  }

  private checkAlias(alias: string): void {
    if (isReservedAlias(alias)) throw badRequest(`Invalid field "alias": "${alias}" is reserved for the service's own pages.`, 'alias');
  }

  /**
   * Checks what the body's blocks ask that the rules of their fields cannot say (ids of the page's
   * blocks of the same type, each once; a picture for every new image block; embeds of the allowed
   * players; 20 images at most), then makes the uploads into stored images, one at a time.
   */
  private async prepare(account: Account, input: UpdateBioPageDto, stored: Map<number, BioBlockType>): Promise<Prepared> {
    const blocks = input.blocks?.map((block, index) => this.prepareBlock(block, index, stored));
    if (blocks) {
      const ids = blocks.flatMap((block) => (block.id === undefined ? [] : [block.id]));
      const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
      if (repeated !== undefined) {
        throw badRequest(
          `Invalid field "blocks": the block with id ${repeated} is sent twice; each block may be once on the page.`,
          'blocks',
        );
      }
      if (blocks.filter((block) => block.type === 'image').length > MAX_IMAGE_BLOCKS) {
        throw badRequest(`Invalid field "blocks": a page shows at most ${MAX_IMAGE_BLOCKS} images.`, 'blocks');
      }
    }
    const image = async (value: string | undefined, kind: 'avatar' | 'preview', field: string) =>
      value === undefined ? undefined : value === '' ? null : storeImage(account.id, value, kind, field);
    const avatar = await image(input.avatar, 'avatar', 'avatar');
    const preview = await image(input.seo?.image, 'preview', 'seo.image');
    for (const [index, block] of (input.blocks ?? []).entries()) {
      if (block.type === 'image' && block.image !== undefined)
        blocks![index]!.upload = await storeImage(account.id, block.image, 'image', `blocks.${index}.image`);
    }
    return { blocks, avatar, preview };
  }

  private prepareBlock(block: BlockInput, index: number, stored: Map<number, BioBlockType>): PreparedBlock {
    const field = `blocks.${index}`;
    if (block.id !== undefined && stored.get(block.id) !== block.type) {
      throw badRequest(`Invalid field "${field}.id": this page has no ${block.type} block with id ${block.id}.`, `${field}.id`);
    }
    const prepared = (data: BioBlockData): PreparedBlock => ({ id: block.id, type: block.type, data, upload: null, imageId: null });
    switch (block.type) {
      case 'link':
        return prepared({ type: 'link', title: block.title, url: block.url, icon: block.icon || null });
      case 'heading':
        return prepared({ type: 'heading', text: block.text });
      case 'text':
        return prepared({ type: 'text', text: block.text });
      case 'image':
        if (block.id === undefined && block.image === undefined) {
          throw badRequest(`Invalid field "${field}.image": a new image block needs its image.`, `${field}.image`);
        }
        return prepared({ type: 'image', alt: block.alt ?? '' });
      case 'social':
        return prepared({ type: 'social', links: block.links.map(({ network, url }) => ({ network, url })) });
      case 'embed': {
        const embed = parseEmbed(block.url);
        if (!embed) {
          throw badRequest(
            `Invalid field "${field}.url": must be the address of a video, track or list on YouTube, Vimeo, Spotify or SoundCloud.`,
            `${field}.url`,
          );
        }
        return prepared({ type: 'embed', url: block.url, ...embed });
      }
      case 'contact':
        return prepared({ type: 'contact', title: block.title ?? 'Contact', email: block.email, subject: block.subject ?? '' });
    }
  }

  /**
   * The page's row, under the alias asked for (409 when a link or a page holds it on the domain)
   * or a free random one. The alias triggers settle races: a row whose alias is taken is not written.
   */
  private async insertPage(
    manager: EntityManager,
    account: Account,
    domainId: number | null,
    alias: string | undefined,
    fields: BioPageFields,
  ): Promise<number> {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      let candidate = alias;
      while (candidate === undefined || isReservedAlias(candidate))
        candidate = randomAlias(GENERATED_ALIAS_LENGTH + Math.floor(attempt / 3));
      const id = await this.pages.insertPage(manager, account, domainId, candidate, fields);
      if (id !== null) return id;
      if (alias !== undefined) throw aliasTaken(alias);
    }
    throw new Error('Could not find a free alias for a bio page after 8 attempts.');
  }

  /** Writes the new images (the avatar, the preview, the pictures of image blocks) and points the page at its own. */
  private async writeImages(manager: EntityManager, account: Account, pageId: number, prepared: Prepared): Promise<void> {
    for (const [column, image] of [
      ['avatar_id', prepared.avatar],
      ['seo_image_id', prepared.preview],
    ] as const) {
      if (image === undefined) continue;
      await this.pages.setImage(
        manager,
        account,
        pageId,
        column,
        image === null ? null : await this.pages.insertImage(manager, pageId, image),
      );
    }
    for (const block of prepared.blocks ?? [])
      if (block.upload) block.imageId = await this.pages.insertImage(manager, pageId, block.upload);
  }

  /**
   * The page's blocks become these, in this order: those kept are changed in place (their clicks
   * stay), the new ones are inserted, the others are deleted (their clicks with them).
   */
  private writeBlocks(manager: EntityManager, pageId: number, blocks: PreparedBlock[]): Promise<void> {
    return this.pages.writeBlocks(
      manager,
      pageId,
      blocks.map((block, position) => ({ id: block.id, position, type: block.type, data: block.data, imageId: block.imageId })),
    );
  }
}
