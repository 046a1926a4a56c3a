import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { Account } from '../../common/account';
import { conflict, notFound } from '../../common/api-error';
import type { PageRequest } from '../../common/pagination';
import { plainColumns } from '../../common/plain-rows';
import { isRecordId } from '../../common/record-id';
import { isUniqueViolation } from '../../database/errors';
import { deleteOwned } from '../../database/owned';
import { Sql, type Scope } from '../../database/sql';
import { WriteEvents } from '../../database/write-events';
import type { StoredImage } from './bio-images';
import type { BioTheme } from './bio-theme';
import { BIO_ALIAS_KEY, BioBlockEntity, BioPageEntity, type BioBlockData, type BioBlockType } from './bio.entity';
import type { MediaInfo } from './bio.mapper';

/** The fields of a page's row a body sets (the images, blocks and pixels are written apart). */
export type BioPageFields = Pick<
  BioPageEntity,
  'name' | 'title' | 'description' | 'theme' | 'seoTitle' | 'seoDescription' | 'language' | 'public'
>;

/** A page's row as its public page reads it. */
export interface PublicBioRow {
  id: number;
  user_id: number;
  alias: string;
  name: string;
  title: string;
  description: string;
  avatar_id: number | null;
  theme: BioTheme;
  seo_title: string;
  seo_description: string;
  seo_image_id: number | null;
  language: string;
  public: boolean;
}

/** A block as it is written: where it stands, its data, its picture. */
export interface BlockRow {
  id?: number;
  position: number;
  type: BioBlockType;
  data: BioBlockData;
  imageId: number | null;
}

const EXAMPLE_IMAGE: StoredImage = { type: 'image/webp', data: Buffer.from('RIFF'), width: 1, height: 1, hash: 'e'.repeat(16) };

/**
 * Every statement of the bio pages, their blocks, images and pixels. A write of a page's row
 * announces that the account's bio page changed (the public page is cached); every change of a
 * page writes its row (its `updated_at`), so its blocks, images and pixels are announced with it.
 */
@Injectable()
export class BioRepository {
  constructor(
    @InjectRepository(BioPageEntity) private readonly pages: Repository<BioPageEntity>,
    @Inject(WriteEvents) private readonly events: WriteEvents,
  ) {}

  /** A page of the account's pages with their domains and the total: one plain statement. */
  @Sql((f) => [f.account, { offset: 0, limit: 15 }], (f) => [f.account, { offset: 1000, limit: 15 }])
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
  @Sql((f) => [f.account, f.ids.bio])
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

  /** A page's blocks in order, its images (without their bytes) and its pixels' ids. */
  @Sql((f) => [f.ids.bio])
  async contents(pageId: number): Promise<{ blocks: BioBlockEntity[]; media: MediaInfo[]; pixels: number[] }> {
    const manager = this.pages.manager;
    const blocks = await manager.find(BioBlockEntity, { where: { bioId: pageId }, order: { position: 'ASC' } });
    const media = await manager.query<MediaInfo[]>('SELECT id, type, width, height, hash FROM bio_media WHERE bio_id = $1', [pageId]);
    const pixels = await manager.query<{ id: number }[]>('SELECT pixel_id AS id FROM bio_pixels WHERE bio_id = $1 ORDER BY pixel_id', [
      pageId,
    ]);
    return { blocks, media, pixels: pixels.map((row) => row.id) };
  }

  /** A block of the account's page, or 404. */
  @Sql((f) => [f.account, f.ids.bio, f.ids.block])
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

  /** Pages by id, with their domains (to build their addresses). */
  @Sql((f) => [[f.ids.bio, f.spare.bio]])
  withDomains(ids: number[]): Promise<BioPageEntity[]> {
    return ids.length ? this.pages.find({ where: { id: In(ids) }, relations: { domain: true } }) : Promise.resolve([]);
  }

  /** The bytes of these images of a page. */
  @Sql((f) => [f.ids.bio, [1, 2]])
  async imageBytes(pageId: number, ids: number[]): Promise<Map<number, Buffer>> {
    const rows = await this.pages.manager.query<{ id: number; data: Buffer }[]>(
      'SELECT id, data FROM bio_media WHERE bio_id = $1 AND id = ANY($2::int[])',
      [pageId, ids],
    );
    return new Map(rows.map((row) => [row.id, row.data]));
  }

  /**
   * Writes a page's row under this alias on its domain; null when a link or a page holds the alias
   * there (the alias triggers settle races: the row is not written).
   */
  @Sql((f) => [
    f.scope,
    f.account,
    null,
    'written-bio',
    { name: 'Written', title: '', description: '', theme: {}, seoTitle: '', seoDescription: '', language: 'en', public: true },
  ])
  async insertPage(scope: Scope, account: Account, domainId: number | null, alias: string, fields: BioPageFields): Promise<number | null> {
    const [row] = await scope.query<{ id: number }[]>(
      `INSERT INTO bio_pages (user_id, domain_id, alias, name, title, description, theme, seo_title, seo_description, language, public)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        account.id,
        domainId,
        alias,
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
    if (row) await this.events.emit(scope, { kind: 'bio', account: account.id, created: true });
    return row?.id ?? null;
  }

  /** Locks the account's page for a change and answers its theme; null when it has no such page. */
  @Sql((f) => [f.scope, f.account, f.ids.bio])
  async lock(scope: Scope, account: Account, id: number): Promise<BioTheme | null> {
    const [locked] = await scope.query<{ theme: BioTheme }[]>('SELECT theme FROM bio_pages WHERE id = $1 AND user_id = $2 FOR UPDATE', [
      id,
      account.id,
    ]);
    return locked?.theme ?? null;
  }

  /**
   * Changes these columns of the page's row (and its `updated_at`); 409 naming `alias` when the
   * alias is taken on its domain.
   */
  @Sql((f) => [f.scope, f.account, f.ids.bio, { title: 'Changed' }, 'fixture'])
  async updatePage(scope: Scope, account: Account, id: number, columns: Record<string, unknown>, alias: string): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    for (const [column, value] of Object.entries(columns)) sets.push(`${column} = $${params.push(value)}`);
    try {
      await scope.query(`UPDATE bio_pages SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1`, params);
    } catch (error) {
      if (isUniqueViolation(error, BIO_ALIAS_KEY)) throw conflict(`The alias "${alias}" is already taken on this domain.`, 'alias');
      throw error;
    }
    await this.events.emit(scope, { kind: 'bio', account: account.id, created: true });
  }

  /** Writes an image of the page; answers its id. */
  @Sql((f) => [f.scope, f.ids.bio, EXAMPLE_IMAGE])
  async insertImage(scope: Scope, pageId: number, image: StoredImage): Promise<number> {
    const [row] = await scope.query<{ id: number }[]>(
      'INSERT INTO bio_media (bio_id, type, data, width, height, hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [pageId, image.type, image.data, image.width, image.height, image.hash],
    );
    return row!.id;
  }

  /** Points the page's avatar or preview image at one of its images, or at none. */
  @Sql((f) => [f.scope, f.account, f.ids.bio, 'avatar_id', null])
  async setImage(
    scope: Scope,
    account: Account,
    pageId: number,
    column: 'avatar_id' | 'seo_image_id',
    imageId: number | null,
  ): Promise<void> {
    await scope.query(`UPDATE bio_pages SET ${column} = $2 WHERE id = $1`, [pageId, imageId]);
    await this.events.emit(scope, { kind: 'bio', account: account.id });
  }

  /**
   * The page's blocks become these, in this order: those with an id are changed in place (their
   * clicks stay), the others are inserted, the page's other blocks are deleted (their clicks with
   * them). 409 when a block kept was deleted meanwhile.
   */
  @Sql((f) => [f.scope, f.ids.bio, [{ position: 0, type: 'heading', data: { type: 'heading', text: 'Written' }, imageId: null }]])
  async writeBlocks(scope: Scope, pageId: number, blocks: BlockRow[]): Promise<void> {
    const kept = blocks.flatMap((block, index) => (block.id === undefined ? [] : [{ block, index }]));
    const existing = await scope.query<{ id: number }[]>('SELECT id FROM bio_blocks WHERE bio_id = $1 FOR UPDATE', [pageId]);
    const present = new Set(existing.map((row) => row.id));
    const gone = kept.find(({ block }) => !present.has(block.id!));
    if (gone) throw conflict(`The block with id ${gone.block.id} was deleted meanwhile; read the page again.`, `blocks.${gone.index}.id`);
    await scope.query('DELETE FROM bio_blocks WHERE bio_id = $1 AND NOT (id = ANY($2::int[]))', [
      pageId,
      kept.map(({ block }) => block.id),
    ]);
    if (kept.length > 0) {
      await scope.query(
        `UPDATE bio_blocks b SET position = v.position, data = v.data, image_id = coalesce(v.image_id, b.image_id)
           FROM unnest($1::int[], $2::int[], $3::jsonb[], $4::int[]) AS v(id, position, data, image_id)
          WHERE b.id = v.id AND b.bio_id = $5`,
        [
          kept.map(({ block }) => block.id),
          kept.map(({ block }) => block.position),
          kept.map(({ block }) => JSON.stringify(block.data)),
          kept.map(({ block }) => block.imageId),
          pageId,
        ],
      );
    }
    const added = blocks.filter((block) => block.id === undefined);
    if (added.length > 0) {
      await scope.query(
        `INSERT INTO bio_blocks (bio_id, position, type, data, image_id)
         SELECT $1, v.position, v.type, v.data, v.image_id FROM unnest($2::int[], $3::varchar[], $4::jsonb[], $5::int[]) AS v(position, type, data, image_id)`,
        [
          pageId,
          added.map((block) => block.position),
          added.map((block) => block.type),
          added.map((block) => JSON.stringify(block.data)),
          added.map((block) => block.imageId),
        ],
      );
    }
  }

  /** The page's pixels become these (`replace`: those it had go first). */
  @Sql((f) => [f.scope, f.ids.bio, [f.ids.pixel], true])
  async writePixels(scope: Scope, pageId: number, pixelIds: number[], replace: boolean): Promise<void> {
    if (replace) await scope.query('DELETE FROM bio_pixels WHERE bio_id = $1', [pageId]);
    if (pixelIds.length === 0) return;
    await scope.query('INSERT INTO bio_pixels (bio_id, pixel_id) SELECT $1, unnest($2::int[])', [pageId, pixelIds]);
  }

  /** Images the page no longer shows (a replaced avatar, a deleted image block) go. */
  @Sql((f) => [f.scope, f.ids.bio])
  async deleteUnusedImages(scope: Scope, pageId: number): Promise<void> {
    await scope.query(
      `DELETE FROM bio_media m WHERE m.bio_id = $1
          AND NOT EXISTS (SELECT 1 FROM bio_pages p WHERE p.id = $1 AND (p.avatar_id = m.id OR p.seo_image_id = m.id))
          AND NOT EXISTS (SELECT 1 FROM bio_blocks b WHERE b.bio_id = $1 AND b.image_id = m.id)`,
      [pageId],
    );
  }

  /** Its blocks, images, statistics and channel memberships go with it (they cascade); its alias is free again. */
  @Sql((f) => [f.account, f.spare.bio])
  delete(account: Account, id: number): Promise<void> {
    return deleteOwned(this.pages, account, id, 'bio page', (scope) => this.events.emit(scope, { kind: 'bio', account: account.id }));
  }

  /** The domain's bio pages move to the service's own address; 409 when one of their aliases is taken there. */
  @Sql((f) => [f.scope, f.account, f.spare.domain, 'spare.example'])
  async moveToDefaultDomain(scope: Scope, account: Account, domainId: number, host: string): Promise<void> {
    try {
      await scope.query(`UPDATE bio_pages SET domain_id = NULL, updated_at = now() WHERE domain_id = $1`, [domainId]);
    } catch (error) {
      if (isUniqueViolation(error, BIO_ALIAS_KEY)) {
        throw conflict(
          `A bio page of ${host} has an alias already used on the default domain; change that alias or delete the page first.`,
        );
      }
      throw error;
    }
    await this.events.emit(scope, { kind: 'bio', account: account.id, created: true });
  }

  /** The page at this alias on this domain (0: the service's own address), as its public page reads it, or null. */
  @Sql((f) => [0, `fixture-bio-${f.account.id}`])
  async publicPage(domainId: number, alias: string): Promise<PublicBioRow | null> {
    const [page] = await this.pages.query<PublicBioRow[]>(
      `SELECT id, user_id, alias, name, title, description, avatar_id, theme, seo_title, seo_description, seo_image_id, language, public
         FROM bio_pages WHERE coalesce(domain_id, 0) = $1 AND alias = $2`,
      [domainId, alias],
    );
    return page ?? null;
  }

  /** What a page's public page shows of its blocks, images and pixels. */
  @Sql((f) => [f.ids.bio])
  async publicContents(pageId: number): Promise<{
    blocks: { id: number; data: BioBlockData; image_id: number | null }[];
    media: MediaInfo[];
    pixels: { type: string; tag: string }[];
  }> {
    const blocks = await this.pages.query<{ id: number; data: BioBlockData; image_id: number | null }[]>(
      'SELECT id, data, image_id FROM bio_blocks WHERE bio_id = $1 ORDER BY position',
      [pageId],
    );
    const media = await this.pages.query<MediaInfo[]>('SELECT id, type, width, height, hash FROM bio_media WHERE bio_id = $1', [pageId]);
    const pixels = await this.pages.query<{ type: string; tag: string }[]>(
      'SELECT p.type, p.tag FROM bio_pixels b JOIN pixels p ON p.id = b.pixel_id WHERE b.bio_id = $1 ORDER BY p.id',
      [pageId],
    );
    return { blocks, media, pixels };
  }

  /** An image of a page, with its bytes; null when the page has no such image. */
  @Sql((f) => [1, f.ids.bio])
  async image(id: number, pageId: number): Promise<{ type: string; data: Buffer } | null> {
    const [image] = await this.pages.query<{ type: string; data: Buffer }[]>(
      'SELECT type, data FROM bio_media WHERE id = $1 AND bio_id = $2',
      [id, pageId],
    );
    return image ?? null;
  }
}
