import type { components } from '@linkyard/spec';
import { Column, Entity, JoinColumn, JoinTable, ManyToMany, ManyToOne } from 'typeorm';
import { OwnedEntity } from '../../database/owned.entity';
import { bigintCounter } from '../../database/columns';
import { DomainEntity } from '../domains/domain.entity';
import { PixelEntity } from '../pixels/pixel.entity';

export type LinkType = 'direct' | 'frame' | 'splash' | 'overlay';

// A link's settings have the shapes the API document gives them; a geotarget also keeps the
// country its location names, which visitors are matched against.
type Schemas = components['schemas'];
export type GeoTarget = Schemas['GeoTarget'] & {
  /** ISO 3166 alpha-2, upper case. */
  country: string;
};
export type DeviceTarget = Schemas['DeviceTarget'];
export type LanguageTarget = Schemas['LanguageTarget'];
export type DeepLink = Schemas['DeepLink'];
export type LinkParameter = Schemas['UrlParameter'];
/** A destination of an A/B split; its letter is its place in the list (A the first). */
export type LinkVariant = Schemas['LinkVariant'];

/** The unique index of an alias on its domain (migration 1763800100000). */
export const LINK_ALIAS_KEY = 'links_domain_alias_key';

@Entity('links')
export class LinkEntity extends OwnedEntity {
  /** A branded domain of the owner; null: the service's own address. */
  @Column({ name: 'domain_id', type: 'integer', nullable: true })
  domainId: number | null;

  @ManyToOne(() => DomainEntity, { nullable: true })
  @JoinColumn({ name: 'domain_id' })
  domain?: DomainEntity | null;

  @Column({ type: 'varchar', length: 50 })
  alias: string;

  @Column({ type: 'varchar', length: 2000 })
  url: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  title: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Column({ name: 'meta_description', type: 'varchar', length: 500, default: '' })
  metaDescription: string;

  @Column({ name: 'meta_image', type: 'varchar', length: 2000, default: '' })
  metaImage: string;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'varchar', length: 10, default: 'direct' })
  type: LinkType;

  @Column({ name: 'splash_id', type: 'integer', nullable: true })
  splashId: number | null;

  @Column({ name: 'overlay_id', type: 'integer', nullable: true })
  overlayId: number | null;

  @Column({ name: 'campaign_id', type: 'integer', nullable: true })
  campaignId: number | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  geotarget: GeoTarget[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  devicetarget: DeviceTarget[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  languagetarget: LanguageTarget[];

  @Column({ type: 'jsonb', nullable: true })
  deeplink: DeepLink | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  parameters: LinkParameter[];

  @Column({ type: 'varchar', length: 7, default: 'private' })
  status: 'public' | 'private';

  /** When the link left the default list (it still redirects and counts); null: it has not. */
  @Column({ name: 'archived_at', type: 'timestamptz', nullable: true })
  archivedAt: Date | null;

  /** People's clicks after which the link answers like an expired one; null: no limit. */
  @Column({ name: 'click_limit', type: 'integer', nullable: true })
  clickLimit: number | null;

  /** Before this, the link answers like an expired one; null: from its creation. */
  @Column({ name: 'starts_at', type: 'timestamptz', nullable: true })
  startsAt: Date | null;

  /** An A/B split's destinations, 2 to 10 whose weights sum to 100, the first the link's `url`; empty: none (targets.ts). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  variants: LinkVariant[];

  /** Lower case, each once, at most 20 (tags.ts). */
  @Column({ type: 'varchar', length: 50, array: true, default: () => "'{}'" })
  tags: string[];

  @ManyToMany(() => PixelEntity)
  @JoinTable({ name: 'link_pixels', joinColumn: { name: 'link_id' }, inverseJoinColumn: { name: 'pixel_id' } })
  pixels?: PixelEntity[];

  /** Counters kept as clicks land, so statistics never count rows. */
  @Column({ type: 'bigint', default: 0, transformer: bigintCounter })
  clicks: number;

  @Column({ name: 'unique_clicks', type: 'bigint', default: 0, transformer: bigintCounter })
  uniqueClicks: number;
}
