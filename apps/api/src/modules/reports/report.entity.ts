import { Column, Entity } from 'typeorm';
import { OwnedEntity } from '../../database/owned.entity';

/** A shared report: a read-only address of one link's or one campaign's statistics (migration 1766100000000). */
@Entity('shared_reports')
export class ReportEntity extends OwnedEntity {
  @Column({ name: 'link_id', type: 'integer', nullable: true })
  linkId: number | null;

  @Column({ name: 'campaign_id', type: 'integer', nullable: true })
  campaignId: number | null;

  /** The token's SHA-256 (hex): the token itself is never kept. */
  @Column({ name: 'token_hash', type: 'char', length: 64, select: false })
  tokenHash: string;

  /** The token's first characters, to tell reports apart in the account's list. */
  @Column({ type: 'varchar', length: 6 })
  hint: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  name: string;

  @Column({ name: 'show_destination', type: 'boolean', default: false })
  showDestination: boolean;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;
}
