import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A link may stop after a number of people's clicks (click_limit) and may start at a date
 * (starts_at); outside either it answers like an expired link. The list's `state` filter finds an
 * account's links over their limit and those not started yet through their own partial indexes.
 */
export class ClickLimits1765900000000 implements MigrationInterface {
  name = 'ClickLimits1765900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE links ADD COLUMN click_limit integer, ADD COLUMN starts_at timestamptz`);
    await db.query(`ALTER TABLE links ADD CONSTRAINT links_click_limit_check CHECK (click_limit IS NULL OR click_limit > 0)`);
    await db.query(`CREATE INDEX links_user_limited_idx ON links (user_id) WHERE click_limit IS NOT NULL`);
    await db.query(`CREATE INDEX links_user_starts_idx ON links (user_id, starts_at) WHERE starts_at IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX links_user_starts_idx`);
    await db.query(`DROP INDEX links_user_limited_idx`);
    await db.query(`ALTER TABLE links DROP COLUMN starts_at, DROP COLUMN click_limit`);
  }
}
