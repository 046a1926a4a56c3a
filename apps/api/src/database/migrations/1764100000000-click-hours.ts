import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Clicks over time, kept as clicks land (see ClickRecorder), so a series never counts click rows:
 *
 * - `click_hours`: per link or QR code and UTC hour, the clicks of people, their unique visitors in
 *   that hour, and the clicks of bots (counted apart);
 * - `click_hour_groups`: per link or QR code and UTC hour, the clicks of people per combination of
 *   what a click tells (country, referrer host, browser, OS, device, social source and the visit's
 *   UTM source, medium and campaign; '' when unknown): top lists and filters of any range;
 * - `click_day_values`: per link or QR code, UTC day and dimension, the clicks of people per value:
 *   the top lists of long ranges without a filter (a year is a few thousand rows, not millions);
 * - `click_hour_visitors`: the visitor keys seen in an hour, only while that hour is recent (they
 *   make the hour's unique count exact across click batches; older hours are pruned).
 *
 * Raw clicks get the visit's UTM values, and an index on their time for the retention.
 */
export class ClickHours1764100000000 implements MigrationInterface {
  name = 'ClickHours1764100000000';

  async up(db: QueryRunner): Promise<void> {
    for (const column of ['utm_source', 'utm_medium', 'utm_campaign']) {
      await db.query(`ALTER TABLE clicks ADD COLUMN ${column} varchar(100)`);
    }
    await db.query(`CREATE INDEX clicks_created_idx ON clicks (created_at)`);
    await db.query(`
      CREATE TABLE click_hours (
        link_id integer REFERENCES links (id) ON DELETE CASCADE,
        qr_id integer REFERENCES qr_codes (id) ON DELETE CASCADE,
        hour timestamptz NOT NULL,
        clicks integer NOT NULL DEFAULT 0,
        visitors integer NOT NULL DEFAULT 0,
        bots integer NOT NULL DEFAULT 0,
        CHECK ((link_id IS NULL) <> (qr_id IS NULL))
      )`);
    await db.query(`CREATE UNIQUE INDEX click_hours_link_key ON click_hours (link_id, hour) WHERE link_id IS NOT NULL`);
    await db.query(`CREATE UNIQUE INDEX click_hours_qr_key ON click_hours (qr_id, hour) WHERE qr_id IS NOT NULL`);
    await db.query(`
      CREATE TABLE click_hour_groups (
        link_id integer REFERENCES links (id) ON DELETE CASCADE,
        qr_id integer REFERENCES qr_codes (id) ON DELETE CASCADE,
        hour timestamptz NOT NULL,
        country varchar(2) NOT NULL,
        referrer varchar(253) NOT NULL,
        browser varchar(50) NOT NULL,
        os varchar(50) NOT NULL,
        device varchar(20) NOT NULL,
        social varchar(20) NOT NULL,
        utm_source varchar(100) NOT NULL,
        utm_medium varchar(100) NOT NULL,
        utm_campaign varchar(100) NOT NULL,
        clicks integer NOT NULL,
        CHECK ((link_id IS NULL) <> (qr_id IS NULL))
      )`);
    const group = 'hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign';
    await db.query(`CREATE UNIQUE INDEX click_hour_groups_link_key ON click_hour_groups (link_id, ${group}) WHERE link_id IS NOT NULL`);
    await db.query(`CREATE UNIQUE INDEX click_hour_groups_qr_key ON click_hour_groups (qr_id, ${group}) WHERE qr_id IS NOT NULL`);
    await db.query(`
      CREATE TABLE click_day_values (
        link_id integer REFERENCES links (id) ON DELETE CASCADE,
        qr_id integer REFERENCES qr_codes (id) ON DELETE CASCADE,
        day date NOT NULL,
        dimension varchar(12) NOT NULL,
        value varchar(253) NOT NULL,
        clicks integer NOT NULL,
        CHECK ((link_id IS NULL) <> (qr_id IS NULL))
      )`);
    await db.query(
      `CREATE UNIQUE INDEX click_day_values_link_key ON click_day_values (link_id, day, dimension, value) WHERE link_id IS NOT NULL`,
    );
    await db.query(
      `CREATE UNIQUE INDEX click_day_values_qr_key ON click_day_values (qr_id, day, dimension, value) WHERE qr_id IS NOT NULL`,
    );
    await db.query(`
      CREATE TABLE click_hour_visitors (
        link_id integer REFERENCES links (id) ON DELETE CASCADE,
        qr_id integer REFERENCES qr_codes (id) ON DELETE CASCADE,
        hour timestamptz NOT NULL,
        visitor char(32) NOT NULL,
        CHECK ((link_id IS NULL) <> (qr_id IS NULL))
      )`);
    await db.query(
      `CREATE UNIQUE INDEX click_hour_visitors_link_key ON click_hour_visitors (link_id, hour, visitor) WHERE link_id IS NOT NULL`,
    );
    await db.query(`CREATE UNIQUE INDEX click_hour_visitors_qr_key ON click_hour_visitors (qr_id, hour, visitor) WHERE qr_id IS NOT NULL`);
    await db.query(`CREATE INDEX click_hour_visitors_hour_idx ON click_hour_visitors (hour)`);

    // The clicks already recorded, rolled up the same way (their UTM values were not kept).
    await db.query(`
      INSERT INTO click_hours (link_id, qr_id, hour, clicks, visitors, bots)
      SELECT link_id, qr_id, date_trunc('hour', created_at), count(*) FILTER (WHERE NOT bot),
             count(DISTINCT visitor) FILTER (WHERE NOT bot), count(*) FILTER (WHERE bot)
        FROM clicks GROUP BY link_id, qr_id, date_trunc('hour', created_at)`);
    await db.query(`
      INSERT INTO click_hour_groups (link_id, qr_id, ${group}, clicks)
      SELECT link_id, qr_id, date_trunc('hour', created_at), coalesce(country, ''), coalesce(referrer, ''), coalesce(browser, ''),
             coalesce(os, ''), coalesce(device, ''), coalesce(social, ''), '', '', '', count(*)
        FROM clicks WHERE NOT bot
       GROUP BY link_id, qr_id, date_trunc('hour', created_at), country, referrer, browser, os, device, social`);
    await db.query(`
      INSERT INTO click_day_values (link_id, qr_id, day, dimension, value, clicks)
      SELECT c.link_id, c.qr_id, (c.created_at AT TIME ZONE 'UTC')::date, d.dimension, d.value, count(*)
        FROM clicks c
       CROSS JOIN LATERAL (VALUES ('country', c.country), ('referrer', c.referrer), ('browser', c.browser), ('os', c.os),
                                  ('device', c.device), ('social', c.social)) AS d(dimension, value)
       WHERE NOT c.bot AND d.value IS NOT NULL AND d.value <> ''
       GROUP BY c.link_id, c.qr_id, (c.created_at AT TIME ZONE 'UTC')::date, d.dimension, d.value`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['click_hour_visitors', 'click_day_values', 'click_hour_groups', 'click_hours'])
      await db.query(`DROP TABLE ${table}`);
    await db.query(`DROP INDEX clicks_created_idx`);
    for (const column of ['utm_source', 'utm_medium', 'utm_campaign']) await db.query(`ALTER TABLE clicks DROP COLUMN ${column}`);
  }
}
