import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a webhook missed because its account had WEBHOOK_MAX_PENDING deliveries waiting: how many
 * events were not queued for it, and when the last one was left out.
 */
export class WebhookDropped1764300100000 implements MigrationInterface {
  name = 'WebhookDropped1764300100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE webhooks ADD COLUMN dropped bigint NOT NULL DEFAULT 0, ADD COLUMN last_dropped_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE webhooks DROP COLUMN dropped, DROP COLUMN last_dropped_at`);
  }
}
