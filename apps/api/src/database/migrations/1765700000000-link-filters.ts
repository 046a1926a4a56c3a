import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The links list's filters of a large account: its expired (or still active) links through their
 * expiry, and its public (or private) links newest first. The others have theirs: the date
 * (links_user_created_idx), a tag (links_tags_idx), a branded domain (links_domain_alias_key), a
 * channel (channel_items_link_key), a campaign (links_campaign_id_idx).
 */
export class LinkFilters1765700000000 implements MigrationInterface {
  name = 'LinkFilters1765700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX links_user_expires_idx ON links (user_id, expires_at) WHERE expires_at IS NOT NULL`);
    await db.query(`CREATE INDEX links_user_status_idx ON links (user_id, status, created_at DESC, id DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX links_user_status_idx`);
    await db.query(`DROP INDEX links_user_expires_idx`);
  }
}
