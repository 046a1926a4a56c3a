import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Clicks and the counters kept as they land. Each click row names a link or a QR code; counters
 * hold the totals per (target, dimension, value), so statistics never count click rows.
 */
export class Clicks1763800200000 implements MigrationInterface {
  name = 'Clicks1763800200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE settings (
        name varchar(50) PRIMARY KEY,
        value text NOT NULL
      )`);
    await db.query(`
      CREATE TABLE clicks (
        id bigserial PRIMARY KEY,
        link_id integer REFERENCES links (id) ON DELETE CASCADE,
        qr_id integer REFERENCES qr_codes (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        country char(2),
        referrer varchar(253),
        browser varchar(50),
        os varchar(50),
        device varchar(20),
        social varchar(20),
        bot boolean NOT NULL,
        visitor char(32) NOT NULL,
        CHECK ((link_id IS NULL) <> (qr_id IS NULL))
      )`);
    await db.query(`CREATE INDEX clicks_link_idx ON clicks (link_id, created_at) WHERE link_id IS NOT NULL`);
    await db.query(`CREATE INDEX clicks_qr_idx ON clicks (qr_id, created_at) WHERE qr_id IS NOT NULL`);
    await db.query(`
      CREATE TABLE click_counters (
        link_id integer REFERENCES links (id) ON DELETE CASCADE,
        qr_id integer REFERENCES qr_codes (id) ON DELETE CASCADE,
        dimension varchar(10) NOT NULL,
        value varchar(253) NOT NULL,
        count bigint NOT NULL,
        CHECK ((link_id IS NULL) <> (qr_id IS NULL))
      )`);
    await db.query(`CREATE UNIQUE INDEX click_counters_link_key ON click_counters (link_id, dimension, value) WHERE link_id IS NOT NULL`);
    await db.query(`CREATE UNIQUE INDEX click_counters_qr_key ON click_counters (qr_id, dimension, value) WHERE qr_id IS NOT NULL`);
    await db.query(`
      CREATE TABLE click_visitors (
        link_id integer REFERENCES links (id) ON DELETE CASCADE,
        qr_id integer REFERENCES qr_codes (id) ON DELETE CASCADE,
        visitor char(32) NOT NULL,
        CHECK ((link_id IS NULL) <> (qr_id IS NULL))
      )`);
    await db.query(`CREATE UNIQUE INDEX click_visitors_link_key ON click_visitors (link_id, visitor) WHERE link_id IS NOT NULL`);
    await db.query(`CREATE UNIQUE INDEX click_visitors_qr_key ON click_visitors (qr_id, visitor) WHERE qr_id IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['click_visitors', 'click_counters', 'clicks', 'settings']) await db.query(`DROP TABLE ${table}`);
  }
}
