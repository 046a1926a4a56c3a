import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Archived links keep redirecting and counting but leave the default list: when a link was
 * archived (null: it is not). The list's two orders read the account's links through their
 * indexes, which now carry it, so the default list (the links not archived) and its count still
 * come from the index alone.
 */
export class ArchivedLinks1765800000000 implements MigrationInterface {
  name = 'ArchivedLinks1765800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE links ADD COLUMN archived_at timestamptz`);
    await db.query(`DROP INDEX links_user_created_idx`);
    await db.query(`CREATE INDEX links_user_created_idx ON links (user_id, created_at DESC, id DESC) INCLUDE (archived_at)`);
    await db.query(`DROP INDEX links_user_clicks_idx`);
    await db.query(`CREATE INDEX links_user_clicks_idx ON links (user_id, clicks DESC, id DESC) INCLUDE (archived_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX links_user_clicks_idx`);
    await db.query(`CREATE INDEX links_user_clicks_idx ON links (user_id, clicks DESC, id DESC)`);
    await db.query(`DROP INDEX links_user_created_idx`);
    await db.query(`CREATE INDEX links_user_created_idx ON links (user_id, created_at DESC, id DESC)`);
    await db.query(`ALTER TABLE links DROP COLUMN archived_at`);
  }
}
