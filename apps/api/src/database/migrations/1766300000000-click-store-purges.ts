import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose rows are targets of clicks, and the target's name in the click store. */
const TARGETS = [
  ['links', 'link'],
  ['qr_codes', 'qr'],
  ['bio_pages', 'bio'],
  ['bio_blocks', 'block'],
  ['domains', 'domain'],
] as const;

/**
 * The targets deleted, for the click store outside PostgreSQL (ClickHouse): PostgreSQL's own click
 * rows go with a target by their foreign keys, ClickHouse's do not. A statement trigger on each
 * target table notes every row it deleted, whatever deleted it (a link, an account and all it
 * held, a bio page's blocks), in the same transaction; the housekeeping deletes their clicks from
 * the store, then the notes (see ClickRetention).
 */
export class ClickStorePurges1766300000000 implements MigrationInterface {
  name = 'ClickStorePurges1766300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE click_store_purges (
        id bigserial PRIMARY KEY,
        target varchar(6) NOT NULL CHECK (target IN ('link', 'qr', 'bio', 'block', 'domain')),
        target_id integer NOT NULL,
        deleted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE FUNCTION click_store_purge() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO click_store_purges (target, target_id) SELECT TG_ARGV[0], id FROM gone;
        RETURN NULL;
      END
      $$`);
    for (const [table, target] of TARGETS) {
      await db.query(
        `CREATE TRIGGER ${table}_click_store_purge AFTER DELETE ON ${table}
           REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION click_store_purge('${target}')`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const [table] of TARGETS) await db.query(`DROP TRIGGER IF EXISTS ${table}_click_store_purge ON ${table}`);
    await db.query(`DROP FUNCTION IF EXISTS click_store_purge()`);
    await db.query(`DROP TABLE IF EXISTS click_store_purges`);
  }
}
