import type { components } from '@linkyard/spec';
import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { bigintCounter } from '../../database/columns';
import { OwnedEntity } from '../../database/owned.entity';
import { DomainEntity } from '../domains/domain.entity';
import type { Embed } from './bio-embeds';
import type { BioTheme } from './bio-theme';

type Schemas = components['schemas'];

/** The unique index of an alias on its domain (migration 1764400100000), also named by the alias triggers. */
export const BIO_ALIAS_KEY = 'bio_pages_domain_alias_key';

export type BioBlockType = 'link' | 'heading' | 'text' | 'image' | 'social' | 'embed' | 'contact';

/** What a block keeps beside its type, by type (an image block's picture is its `imageId`). */
export type BioBlockData =
  | { type: 'link'; title: string; url: string; icon: Schemas['BioIcon'] | null }
  | { type: 'heading'; text: string }
  | { type: 'text'; text: string }
  | { type: 'image'; alt: string }
  | { type: 'social'; links: { network: Schemas['BioNetwork']; url: string }[] }
  | ({ type: 'embed'; url: string } & Embed)
  | { type: 'contact'; title: string; email: string; subject: string };

@Entity('bio_pages')
export class BioPageEntity extends OwnedEntity {
  /** A branded domain of the owner; null: the service's own address. */
  @Column({ name: 'domain_id', type: 'integer', nullable: true })
  domainId: number | null;

  @ManyToOne(() => DomainEntity, { nullable: true })
  @JoinColumn({ name: 'domain_id' })
  domain?: DomainEntity | null;

  @Column({ type: 'varchar', length: 50 })
  alias: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  title: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Column({ name: 'avatar_id', type: 'integer', nullable: true })
  avatarId: number | null;

  @Column({ type: 'jsonb' })
  theme: BioTheme;

  @Column({ name: 'seo_title', type: 'varchar', length: 100, default: '' })
  seoTitle: string;

  @Column({ name: 'seo_description', type: 'varchar', length: 300, default: '' })
  seoDescription: string;

  @Column({ name: 'seo_image_id', type: 'integer', nullable: true })
  seoImageId: number | null;

  @Column({ type: 'varchar', length: 35, default: 'en' })
  language: string;

  @Column({ type: 'boolean', default: true })
  public: boolean;

  @Column({ type: 'bigint', default: 0, transformer: bigintCounter })
  visits: number;

  @Column({ name: 'unique_visits', type: 'bigint', default: 0, transformer: bigintCounter })
  uniqueVisits: number;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** One block of a page, at its position. */
@Entity('bio_blocks')
export class BioBlockEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'bio_id', type: 'integer' })
  bioId: number;

  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'varchar', length: 10 })
  type: BioBlockType;

  @Column({ type: 'jsonb' })
  data: BioBlockData;

  @Column({ name: 'image_id', type: 'integer', nullable: true })
  imageId: number | null;

  @Column({ type: 'bigint', default: 0, transformer: bigintCounter })
  clicks: number;

  @Column({ name: 'unique_clicks', type: 'bigint', default: 0, transformer: bigintCounter })
  uniqueClicks: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** An image a page shows, as the service made it (see bio-images). */
@Entity('bio_media')
export class BioMediaEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'bio_id', type: 'integer' })
  bioId: number;

  @Column({ type: 'varchar', length: 20 })
  type: 'image/webp' | 'image/jpeg';

  @Column({ type: 'bytea', select: false })
  data: Buffer;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  @Column({ type: 'char', length: 16 })
  hash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
