import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The links list's "newest first" is by the date a link shows (an imported one keeps its own): an index for it. */
export class LinksByDate1765200000000 implements MigrationInterface {
  name = 'LinksByDate1765200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX links_user_created_idx ON links (user_id, created_at DESC, id DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX links_user_created_idx`);
  }
}
