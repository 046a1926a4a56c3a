import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { badRequest, conflict, notFound } from '../../common/api-error';
import { deleteOwned } from '../../database/owned';
import { isRecordId } from '../../common/record-id';
import type { PageRequest } from '../../common/pagination';
import { plainColumns } from '../../common/plain-rows';
import { isUniqueViolation } from '../../database/errors';
import { noteWritten } from '../../database/written';
import { ChannelsService } from '../channels/channels.service';
import { DomainsService } from '../domains/domains.service';
import { isReservedAlias, randomAlias } from '../links/aliases';
import { PixelsService } from '../pixels/pixels.service';
import { parseEmbed } from './bio-embeds';
import { storeImage, type StoredImage } from './bio-images';
import { DEFAULT_THEME, themeWith, type BioTheme } from './bio-theme';
import { MAX_IMAGE_BLOCKS, type AddBioPageDto, type BlockInput, type UpdateBioPageDto } from './bio.dto';
import { BIO_ALIAS_KEY, BioBlockEntity, BioPageEntity, mediaFile, type BioBlockData, type BioBlockType } from './bio.entity';
import type { MediaInfo, StoredBioPage } from './bio.mapper';
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
 * Bio pages: their fields, blocks, images and pixels, checked and written in one transaction each.
 * Every write notes the account, so the public pages (the redirect cache) show it at once.
 */
@Injectable()
export class BioService {
  constructor(
    @InjectRepository(BioPageEntity) private readonly pages: Repository<BioPageEntity>,
    @Inject(DomainsService) private readonly domains: DomainsService,
    @Inject(PixelsService) private readonly pixels: PixelsService,
    @Inject(ChannelsService) private readonly channels: ChannelsService,
  ) {}

  /** A page of the account's pages with their domains and the total: one plain statement. */
  async list(account: Account, page: PageRequest): Promise<[BioPageEntity[], number]> {
    const pages = plainColumns<BioPageEntity>(this.pages.metadata);
    const domains = plainColumns<NonNullable<BioPageEntity['domain']>>(
      this.pages.metadata.findRelationWithPropertyPath('domain')!.inverseEntityMetadata,
    );
    const rows = await this.pages.query<Record<string, unknown>[]>(
      `SELECT ${pages.select('b', 'b')}, ${domains.select('d', 'd')}, count(*) OVER () AS total
         FROM bio_pages b LEFT JOIN domains d ON d.id = b.domain_id
        WHERE b.user_id = $1 ORDER BY b.id DESC OFFSET $2 LIMIT $3`,
      [account.id, page.offset, page.limit],
    );
    const found = rows.map((row) => Object.assign(pages.read(row, 'b')!, { domain: domains.read(row, 'd') }));
    if (rows.length > 0) return [found, Number(rows[0]!.total)];
    return [found, page.offset === 0 ? 0 : await this.pages.countBy({ userId: account.id })];
  }

  /** The account's page with its domain (one statement), or 404. */
  async owned(account: Account, id: number): Promise<BioPageEntity> {
    const page = isRecordId(id)
      ? await this.pages
          .createQueryBuilder('page')
          .leftJoinAndSelect('page.domain', 'domain')
          .where('page.id = :id AND page.userId = :userId', { id, userId: account.id })
          .getOne()
      : null;
    if (!page) throw notFound(`No bio page with id ${id}.`);
    return page;
  }

  /** The account's page with its blocks, images, pixels and channels, or 404. */
  async get(account: Account, id: number): Promise<StoredBioPage> {
    const page = await this.owned(account, id);
    const manager = this.pages.manager;
    const blocks = await manager.find(BioBlockEntity, { where: { bioId: page.id }, order: { position: 'ASC' } });
    const media = await manager.query<MediaInfo[]>('SELECT id, type, width, height, hash FROM bio_media WHERE bio_id = $1', [page.id]);
    const pixels = await manager.query<{ id: number }[]>('SELECT pixel_id AS id FROM bio_pixels WHERE bio_id = $1 ORDER BY pixel_id', [
      page.id,
    ]);
    return {
      page,
      blocks,
      media: new Map(media.map((entry) => [entry.id, entry])),
      pixels: pixels.map((row) => row.id),
      channels: await this.channels.channelsOf({ bioId: page.id }),
    };
  }

  /** A block of the account's page, or 404. */
  async block(account: Account, pageId: number, blockId: number): Promise<BioBlockEntity> {
    const [found] = isRecordId(pageId)
      ? await this.pages.query<{ id: number }[]>(
          'SELECT b.id FROM bio_blocks b JOIN bio_pages p ON p.id = b.bio_id WHERE b.id = $1 AND p.id = $2 AND p.user_id = $3',
          [blockId, pageId, account.id],
        )
      : [];
    if (!found) throw notFound(`No block with id ${blockId} on bio page ${pageId}.`);
    return this.pages.manager.findOneByOrFail(BioBlockEntity, { id: found.id });
  }

  async add(account: Account, input: AddBioPageDto): Promise<StoredBioPage> {
    if (input.alias !== undefined) this.checkAlias(input.alias);
    const theme = themeWith(DEFAULT_THEME, input.theme);
    // What the page names is checked before any image is made (and again in the transaction).
    if (input.domain !== undefined) await this.domains.forLink(account, input.domain);
    if (input.pixels !== undefined) await this.pixels.owned(account, input.pixels);
    const prepared = await this.prepare(account, input, new Map());
    const id = await this.pages.manager.transaction(async (manager) => {
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
      await this.writeImages(manager, pageId, prepared);
      await this.writeBlocks(manager, pageId, prepared.blocks ?? []);
      await this.writePixels(
        manager,
        pageId,
        pixels.map((pixel) => pixel.id),
      );
      noteWritten(manager, account.id, 'bio_pages');
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
    await this.pages.manager.transaction(async (manager) => {
      const [locked] = await manager.query<{ theme: BioTheme }[]>('SELECT theme FROM bio_pages WHERE id = $1 AND user_id = $2 FOR UPDATE', [
        id,
        account.id,
      ]);
      if (!locked) throw notFound(`No bio page with id ${id}.`);
      const sets: string[] = [];
      const params: unknown[] = [id];
      const set = (column: string, value: unknown) => sets.push(`${column} = $${params.push(value)}`);
      if (changes.domain !== undefined) {
        set('domain_id', changes.domain === '' ? null : (await this.domains.forLink(account, changes.domain, manager))!.id);
      }
      if (changes.alias !== undefined) set('alias', changes.alias);
      if (changes.name !== undefined) set('name', changes.name);
      if (changes.title !== undefined) set('title', changes.title);
      if (changes.description !== undefined) set('description', changes.description);
      if (changes.theme !== undefined) set('theme', JSON.stringify(themeWith(locked.theme, changes.theme)));
      if (changes.seo?.title !== undefined) set('seo_title', changes.seo.title);
      if (changes.seo?.description !== undefined) set('seo_description', changes.seo.description);
      if (changes.language !== undefined) set('language', changes.language);
      if (changes.public !== undefined) set('public', changes.public);
      try {
        await manager.query(`UPDATE bio_pages SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1`, params);
      } catch (error) {
        if (isUniqueViolation(error, BIO_ALIAS_KEY)) throw aliasTaken(changes.alias ?? current.page.alias);
        throw error;
      }
      await this.writeImages(manager, id, prepared);
      if (prepared.blocks !== undefined) await this.writeBlocks(manager, id, prepared.blocks);
      if (changes.pixels !== undefined) {
        const pixels = await this.pixels.owned(account, changes.pixels, manager);
        await manager.query('DELETE FROM bio_pixels WHERE bio_id = $1', [id]);
        await this.writePixels(
          manager,
          id,
          pixels.map((pixel) => pixel.id),
        );
      }
      // Images no longer shown (a replaced avatar, a deleted image block) go.
      await manager.query(
        `DELETE FROM bio_media m WHERE m.bio_id = $1
            AND NOT EXISTS (SELECT 1 FROM bio_pages p WHERE p.id = $1 AND (p.avatar_id = m.id OR p.seo_image_id = m.id))
            AND NOT EXISTS (SELECT 1 FROM bio_blocks b WHERE b.bio_id = $1 AND b.image_id = m.id)`,
        [id],
      );
      noteWritten(manager, account.id, 'bio_pages');
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
    const bytes = new Map(
      shownIds.length === 0
        ? []
        : (
            await this.pages.manager.query<{ id: number; data: Buffer }[]>(
              'SELECT id, data FROM bio_media WHERE bio_id = $1 AND id = ANY($2::int[])',
              [current!.page.id, shownIds],
            )
          ).map((row) => [row.id, row.data]),
    );
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
    return deleteOwned(this.pages, account, id, 'bio page');
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
    fields: Pick<BioPageEntity, 'name' | 'title' | 'description' | 'theme' | 'seoTitle' | 'seoDescription' | 'language' | 'public'>,
  ): Promise<number> {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      let candidate = alias;
      while (candidate === undefined || isReservedAlias(candidate))
        candidate = randomAlias(GENERATED_ALIAS_LENGTH + Math.floor(attempt / 3));
      const [row] = await manager.query<{ id: number }[]>(
        `INSERT INTO bio_pages (user_id, domain_id, alias, name, title, description, theme, seo_title, seo_description, language, public)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          account.id,
          domainId,
          candidate,
          fields.name,
          fields.title,
          fields.description,
          JSON.stringify(fields.theme),
          fields.seoTitle,
          fields.seoDescription,
          fields.language,
          fields.public,
        ],
      );
      if (row) return row.id;
      if (alias !== undefined) throw aliasTaken(alias);
    }
    throw new Error('Could not find a free alias for a bio page after 8 attempts.');
  }

  /** Writes the new images (the avatar, the preview, the pictures of image blocks) and points the page at its own. */
  private async writeImages(manager: EntityManager, pageId: number, prepared: Prepared): Promise<void> {
    const insert = async (image: StoredImage): Promise<number> => {
      const [row] = await manager.query<{ id: number }[]>(
        'INSERT INTO bio_media (bio_id, type, data, width, height, hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [pageId, image.type, image.data, image.width, image.height, image.hash],
      );
      return row!.id;
    };
    for (const [column, image] of [
      ['avatar_id', prepared.avatar],
      ['seo_image_id', prepared.preview],
    ] as const) {
      if (image === undefined) continue;
      await manager.query(`UPDATE bio_pages SET ${column} = $2 WHERE id = $1`, [pageId, image === null ? null : await insert(image)]);
    }
    for (const block of prepared.blocks ?? []) if (block.upload) block.imageId = await insert(block.upload);
  }

  /**
   * The page's blocks become these, in this order: those kept are changed in place (their clicks
   * stay), the new ones are inserted, the others are deleted (their clicks with them).
   */
  private async writeBlocks(manager: EntityManager, pageId: number, blocks: PreparedBlock[]): Promise<void> {
    const kept = blocks.flatMap((block, position) => (block.id === undefined ? [] : [{ block, position }]));
    const existing = await manager.query<{ id: number }[]>('SELECT id FROM bio_blocks WHERE bio_id = $1 FOR UPDATE', [pageId]);
    const present = new Set(existing.map((row) => row.id));
    const gone = kept.find(({ block }) => !present.has(block.id!));
    if (gone)
      throw conflict(`The block with id ${gone.block.id} was deleted meanwhile; read the page again.`, `blocks.${gone.position}.id`);
    await manager.query('DELETE FROM bio_blocks WHERE bio_id = $1 AND NOT (id = ANY($2::int[]))', [
      pageId,
      kept.map(({ block }) => block.id),
    ]);
    if (kept.length > 0) {
      await manager.query(
        `UPDATE bio_blocks b SET position = v.position, data = v.data, image_id = coalesce(v.image_id, b.image_id)
           FROM unnest($1::int[], $2::int[], $3::jsonb[], $4::int[]) AS v(id, position, data, image_id)
          WHERE b.id = v.id AND b.bio_id = $5`,
        [
          kept.map(({ block }) => block.id),
          kept.map(({ position }) => position),
          kept.map(({ block }) => JSON.stringify(block.data)),
          kept.map(({ block }) => block.imageId),
          pageId,
        ],
      );
    }
    const added = blocks.flatMap((block, position) => (block.id === undefined ? [{ block, position }] : []));
    if (added.length > 0) {
      await manager.query(
        `INSERT INTO bio_blocks (bio_id, position, type, data, image_id)
         SELECT $1, v.position, v.type, v.data, v.image_id FROM unnest($2::int[], $3::varchar[], $4::jsonb[], $5::int[]) AS v(position, type, data, image_id)`,
        [
          pageId,
          added.map(({ position }) => position),
          added.map(({ block }) => block.type),
          added.map(({ block }) => JSON.stringify(block.data)),
          added.map(({ block }) => block.imageId),
        ],
      );
    }
  }

  private async writePixels(manager: EntityManager, pageId: number, pixelIds: number[]): Promise<void> {
    if (pixelIds.length === 0) return;
    await manager.query('INSERT INTO bio_pixels (bio_id, pixel_id) SELECT $1, unnest($2::int[])', [pageId, pixelIds]);
  }
}
