import { Column, Entity } from 'typeorm';
import { OwnedEntity } from '../../database/owned.entity';

/** An account's endpoint for events: where they go, which ones, and whether it is on. */
@Entity('webhooks')
export class WebhookEntity extends OwnedEntity {
  @Column({ type: 'varchar', length: 2000 })
  url: string;

  /** Event types (`link.created`) and families (`link.*`). */
  @Column({ type: 'text', array: true })
  events: string[];

  /** `whsec_` and 24 random bytes in base64: the key of the signatures, shown to its owner once. */
  @Column({ type: 'varchar', length: 100 })
  secret: string;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /** Why the service turned it off (its deliveries kept failing); null when it did not. */
  @Column({ name: 'disabled_reason', type: 'varchar', length: 500, nullable: true })
  disabledReason: string | null;

  /** Events not queued for it because its account had WEBHOOK_MAX_PENDING deliveries waiting (bigint: text). */
  @Column({ type: 'bigint', default: 0, insert: false, update: false })
  dropped: string;

  @Column({ name: 'last_dropped_at', type: 'timestamptz', nullable: true, insert: false, update: false })
  lastDroppedAt: Date | null;
}
