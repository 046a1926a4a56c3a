import { Column, Entity } from 'typeorm';
import { OwnedEntity } from '../../database/owned.entity';

/** The unique constraint on a rotator slug (migration 1763800100000). */
export const CAMPAIGN_SLUG_KEY = 'campaigns_slug_key';

@Entity('campaigns')
export class CampaignEntity extends OwnedEntity {
  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Rotator slug, unique across the service; null: no rotator. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  slug: string | null;

  @Column({ type: 'boolean', default: false })
  public: boolean;
}
