import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks take turns: each remembers when it was last served (a number from a sequence, so turns
 * are told apart whatever the clocks say), and the dispatcher serves the accounts, and the webhooks
 * within an account, that waited longest first.
 */
export class WebhookTurns1764300000000 implements MigrationInterface {
  name = 'WebhookTurns1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE SEQUENCE webhook_turns`);
    await db.query(`ALTER TABLE webhooks ADD COLUMN served bigint NOT NULL DEFAULT 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE webhooks DROP COLUMN served`);
    await db.query(`DROP SEQUENCE webhook_turns`);
  }
}
