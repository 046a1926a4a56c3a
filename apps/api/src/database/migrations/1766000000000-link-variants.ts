import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The targets the hourly groups' unique keys are made for (see the click-hours and bio-pages migrations). */
const GROUP_KEYS = [
  ['click_hour_groups_link_key', 'link_id'],
  ['click_hour_groups_qr_key', 'qr_id'],
  ['click_hour_groups_bio_key', 'bio_id'],
  ['click_hour_groups_block_key', 'block_id'],
] as const;

/**
 * A/B splits: a link's weighted destinations (`variants`, a JSON list of {url, weight}; empty: no
 * split). Each click of such a link records the letter of its variant (A for the first), in the
 * raw clicks and as one more value of the hourly groups, so the series take it as a filter and
 * answer it as a top list. The groups' unique keys are made again with it.
 */
export class LinkVariants1766000000000 implements MigrationInterface {
  name = 'LinkVariants1766000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE links ADD COLUMN variants jsonb NOT NULL DEFAULT '[]'`);
    await db.query(`ALTER TABLE clicks ADD COLUMN variant varchar(1)`);
    await db.query(`ALTER TABLE click_hour_groups ADD COLUMN variant varchar(1) NOT NULL DEFAULT ''`);
    const group = 'hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant';
    for (const [name, column] of GROUP_KEYS) {
      await db.query(`DROP INDEX ${name}`);
      await db.query(`CREATE UNIQUE INDEX ${name} ON click_hour_groups (${column}, ${group}) WHERE ${column} IS NOT NULL`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    // Groups that differ only by their variant become one again.
    await db.query(`
      CREATE TEMPORARY TABLE merged_groups AS
        SELECT link_id, qr_id, bio_id, block_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium,
               utm_campaign, sum(clicks)::int AS clicks
          FROM click_hour_groups
         GROUP BY link_id, qr_id, bio_id, block_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium,
                  utm_campaign`);
    await db.query(`DELETE FROM click_hour_groups`);
    await db.query(`ALTER TABLE click_hour_groups DROP COLUMN variant`);
    await db.query(`INSERT INTO click_hour_groups (link_id, qr_id, bio_id, block_id, hour, country, referrer, browser, os, device, social,
                                                   utm_source, utm_medium, utm_campaign, clicks)
                    SELECT * FROM merged_groups`);
    await db.query(`DROP TABLE merged_groups`);
    const group = 'hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign';
    for (const [name, column] of GROUP_KEYS) {
      await db.query(`DROP INDEX IF EXISTS ${name}`);
      await db.query(`CREATE UNIQUE INDEX ${name} ON click_hour_groups (${column}, ${group}) WHERE ${column} IS NOT NULL`);
    }
    await db.query(`DELETE FROM click_day_values WHERE dimension = 'variant'`);
    await db.query(`ALTER TABLE clicks DROP COLUMN variant`);
    await db.query(`ALTER TABLE links DROP COLUMN variants`);
  }
}
