import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shared reports: read-only addresses of one link's or one campaign's statistics. The token is
 * kept only as its SHA-256 (token_hash, what a visit looks up), with its first characters to tell
 * reports apart; a report goes with its link or campaign.
 */
export class SharedReports1766100000000 implements MigrationInterface {
  name = 'SharedReports1766100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE shared_reports (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        link_id integer REFERENCES links (id) ON DELETE CASCADE,
        campaign_id integer REFERENCES campaigns (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL,
        hint varchar(6) NOT NULL,
        name varchar(100) NOT NULL DEFAULT '',
        show_destination boolean NOT NULL DEFAULT false,
        expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((link_id IS NULL) <> (campaign_id IS NULL))
      )`);
    await db.query(`CREATE UNIQUE INDEX shared_reports_token_key ON shared_reports (token_hash)`);
    await db.query(`CREATE INDEX shared_reports_user_idx ON shared_reports (user_id, id DESC)`);
    await db.query(`CREATE INDEX shared_reports_link_idx ON shared_reports (link_id) WHERE link_id IS NOT NULL`);
    await db.query(`CREATE INDEX shared_reports_campaign_idx ON shared_reports (campaign_id) WHERE campaign_id IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE shared_reports`);
  }
}
