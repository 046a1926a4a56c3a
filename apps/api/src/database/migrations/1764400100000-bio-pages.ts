import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables of the clicks and their rollups, each of which names one target per row. */
const CLICK_TABLES = [
  'clicks',
  'click_counters',
  'click_visitors',
  'click_hours',
  'click_hour_groups',
  'click_day_values',
  'click_hour_visitors',
];

/** The unique keys of the rollups, by table: what a link's rows are unique by, after its id. */
const ROLLUP_KEYS: Record<string, string> = {
  click_counters: 'dimension, value',
  click_visitors: 'visitor',
  click_hours: 'hour',
  click_hour_groups: 'hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign',
  click_day_values: 'day, dimension, value',
  click_hour_visitors: 'hour, visitor',
};

/**
 * Bio pages: a page per row of `bio_pages`, its blocks in order (`bio_blocks`), the images it shows
 * as the service re-encoded them (`bio_media`) and its pixels (`bio_pixels`). A page is a channel
 * item like a link, and its visits (`bio_id`) and the clicks of its buttons (`block_id`) are
 * recorded and rolled up in the click tables beside those of links and QR codes.
 *
 * Aliases: a page's address is `<domain>/<alias>`, in the links' namespace. `aliases` holds every
 * alias in use on every domain (0: the service's own address), whoever holds it; its primary key is
 * what makes an alias one link's or one page's, across both tables, whatever the order or timing
 * of concurrent writes. Triggers keep it: a row written to `links` or `bio_pages` claims its alias
 * there first (an insert whose alias is taken is skipped, as `ON CONFLICT DO NOTHING` skips a
 * taken alias; an update whose alias is taken fails with the table's own alias-key name, as a
 * unique index would), and deleted rows give their aliases back.
 */
export class BioPages1764400100000 implements MigrationInterface {
  name = 'BioPages1764400100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE bio_pages (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        domain_id integer REFERENCES domains (id) ON DELETE RESTRICT,
        alias varchar(50) NOT NULL,
        name varchar(100) NOT NULL,
        title varchar(100) NOT NULL DEFAULT '',
        description varchar(500) NOT NULL DEFAULT '',
        avatar_id integer,
        theme jsonb NOT NULL,
        seo_title varchar(100) NOT NULL DEFAULT '',
        seo_description varchar(300) NOT NULL DEFAULT '',
        seo_image_id integer,
        language varchar(35) NOT NULL DEFAULT 'en',
        public boolean NOT NULL DEFAULT true,
        visits bigint NOT NULL DEFAULT 0,
        unique_visits bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX bio_pages_domain_alias_key ON bio_pages ((coalesce(domain_id, 0)), alias)`);
    await db.query(`CREATE INDEX bio_pages_user_id_idx ON bio_pages (user_id, id DESC)`);
    await db.query(`CREATE INDEX bio_pages_domain_id_idx ON bio_pages (domain_id) WHERE domain_id IS NOT NULL`);
    await db.query(`
      CREATE TABLE bio_media (
        id serial PRIMARY KEY,
        bio_id integer NOT NULL REFERENCES bio_pages (id) ON DELETE CASCADE,
        type varchar(20) NOT NULL CHECK (type IN ('image/webp', 'image/jpeg')),
        data bytea NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        hash char(16) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX bio_media_bio_id_idx ON bio_media (bio_id)`);
    await db.query(`ALTER TABLE bio_pages ADD CONSTRAINT bio_pages_avatar_id_fkey FOREIGN KEY (avatar_id) REFERENCES bio_media (id)`);
    await db.query(`ALTER TABLE bio_pages ADD CONSTRAINT bio_pages_seo_image_id_fkey FOREIGN KEY (seo_image_id) REFERENCES bio_media (id)`);
    await db.query(`
      CREATE TABLE bio_blocks (
        id serial PRIMARY KEY,
        bio_id integer NOT NULL REFERENCES bio_pages (id) ON DELETE CASCADE,
        position integer NOT NULL,
        type varchar(10) NOT NULL CHECK (type IN ('link', 'heading', 'text', 'image', 'social', 'embed', 'contact')),
        data jsonb NOT NULL,
        image_id integer REFERENCES bio_media (id),
        clicks bigint NOT NULL DEFAULT 0,
        unique_clicks bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((type = 'image') = (image_id IS NOT NULL))
      )`);
    await db.query(`CREATE INDEX bio_blocks_bio_id_idx ON bio_blocks (bio_id, position)`);
    await db.query(`
      CREATE TABLE bio_pixels (
        bio_id integer NOT NULL REFERENCES bio_pages (id) ON DELETE CASCADE,
        pixel_id integer NOT NULL REFERENCES pixels (id) ON DELETE CASCADE,
        PRIMARY KEY (bio_id, pixel_id)
      )`);
    await db.query(`CREATE INDEX bio_pixels_pixel_id_idx ON bio_pixels (pixel_id)`);

    // A page is a channel item.
    await db.query(`ALTER TABLE channel_items ADD COLUMN bio_id integer REFERENCES bio_pages (id) ON DELETE CASCADE`);
    await this.replaceTargetCheck(db, 'channel_items', 'link_id, qr_id, bio_id');
    await db.query(`CREATE UNIQUE INDEX channel_items_bio_key ON channel_items (channel_id, bio_id) WHERE bio_id IS NOT NULL`);
    await db.query(`CREATE INDEX channel_items_bio_idx ON channel_items (bio_id) WHERE bio_id IS NOT NULL`);

    // Visits of pages and clicks of their blocks, beside the clicks of links and QR codes.
    for (const table of CLICK_TABLES) {
      await db.query(`ALTER TABLE ${table} ADD COLUMN bio_id integer REFERENCES bio_pages (id) ON DELETE CASCADE`);
      await db.query(`ALTER TABLE ${table} ADD COLUMN block_id integer REFERENCES bio_blocks (id) ON DELETE CASCADE`);
      await this.replaceTargetCheck(db, table, 'link_id, qr_id, bio_id, block_id');
      for (const column of ['bio_id', 'block_id']) {
        const key = ROLLUP_KEYS[table];
        const prefix = `${table}_${column.replace('_id', '')}`;
        if (key) await db.query(`CREATE UNIQUE INDEX ${prefix}_key ON ${table} (${column}, ${key}) WHERE ${column} IS NOT NULL`);
        else await db.query(`CREATE INDEX ${prefix}_idx ON ${table} (${column}, created_at) WHERE ${column} IS NOT NULL`);
      }
    }

    // One namespace of aliases per domain, for links and bio pages (see above).
    await db.query(`
      CREATE TABLE aliases (
        domain_key integer NOT NULL,
        alias varchar(50) NOT NULL,
        PRIMARY KEY (domain_key, alias)
      )`);
    await db.query(`INSERT INTO aliases (domain_key, alias) SELECT coalesce(domain_id, 0), alias FROM links`);
    await db.query(`
      CREATE FUNCTION claim_alias() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND coalesce(NEW.domain_id, 0) = coalesce(OLD.domain_id, 0) AND NEW.alias = OLD.alias THEN
          RETURN NEW;
        END IF;
        INSERT INTO aliases (domain_key, alias) VALUES (coalesce(NEW.domain_id, 0), NEW.alias) ON CONFLICT DO NOTHING;
        IF NOT FOUND THEN
          IF TG_OP = 'INSERT' THEN
            RETURN NULL;
          END IF;
          RAISE EXCEPTION 'The alias "%" is already taken on this domain.', NEW.alias
            USING ERRCODE = 'unique_violation', CONSTRAINT = TG_ARGV[0];
        END IF;
        IF TG_OP = 'UPDATE' THEN
          DELETE FROM aliases WHERE domain_key = coalesce(OLD.domain_id, 0) AND alias = OLD.alias;
        END IF;
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE FUNCTION free_aliases() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM aliases a USING gone g WHERE a.domain_key = coalesce(g.domain_id, 0) AND a.alias = g.alias;
        RETURN NULL;
      END $$`);
    for (const table of ['links', 'bio_pages']) {
      await db.query(
        `CREATE TRIGGER ${table}_claim_alias BEFORE INSERT OR UPDATE OF alias, domain_id ON ${table}
           FOR EACH ROW EXECUTE FUNCTION claim_alias('${table}_domain_alias_key')`,
      );
      await db.query(
        `CREATE TRIGGER ${table}_free_aliases AFTER DELETE ON ${table} REFERENCING OLD TABLE AS gone
           FOR EACH STATEMENT EXECUTE FUNCTION free_aliases()`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['links', 'bio_pages']) {
      await db.query(`DROP TRIGGER ${table}_claim_alias ON ${table}`);
      await db.query(`DROP TRIGGER ${table}_free_aliases ON ${table}`);
    }
    await db.query(`DROP FUNCTION free_aliases()`);
    await db.query(`DROP FUNCTION claim_alias()`);
    await db.query(`DROP TABLE aliases`);
    for (const table of CLICK_TABLES) {
      await db.query(`DELETE FROM ${table} WHERE bio_id IS NOT NULL OR block_id IS NOT NULL`);
      await db.query(`ALTER TABLE ${table} DROP COLUMN bio_id, DROP COLUMN block_id`);
      await this.replaceTargetCheck(db, table, 'link_id, qr_id');
    }
    await db.query(`DELETE FROM channel_items WHERE bio_id IS NOT NULL`);
    await db.query(`ALTER TABLE channel_items DROP COLUMN bio_id`);
    await this.replaceTargetCheck(db, 'channel_items', 'link_id, qr_id');
    await db.query(`ALTER TABLE bio_pages DROP CONSTRAINT bio_pages_avatar_id_fkey, DROP CONSTRAINT bio_pages_seo_image_id_fkey`);
    for (const table of ['bio_pixels', 'bio_blocks', 'bio_media', 'bio_pages']) await db.query(`DROP TABLE ${table}`);
  }

  /** Replaces the table's check that a row names exactly one target by one over these columns. */
  private async replaceTargetCheck(db: QueryRunner, table: string, columns: string): Promise<void> {
    const checks = (await db.query(
      `SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%link_id%'`,
      [table],
    )) as { conname: string }[];
    for (const { conname } of checks) await db.query(`ALTER TABLE ${table} DROP CONSTRAINT "${conname}"`);
    await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_one_target CHECK (num_nonnulls(${columns}) = 1)`);
  }
}
