import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Links and everything they use or belong to: pixels, campaigns, channels, QR codes, overlays, splash pages. */
export class Resources1763800100000 implements MigrationInterface {
  name = 'Resources1763800100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE overlays (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        type varchar(10) NOT NULL CHECK (type IN ('message', 'contact')),
        name varchar(100) NOT NULL,
        message varchar(500) NOT NULL,
        label varchar(50) NOT NULL DEFAULT '',
        link varchar(2000) NOT NULL DEFAULT '',
        position varchar(6) NOT NULL DEFAULT 'bottom' CHECK (position IN ('top', 'bottom')),
        color char(7) NOT NULL DEFAULT '#ffffff',
        bg char(7) NOT NULL DEFAULT '#1f2937',
        email varchar(254) NOT NULL DEFAULT '',
        phone varchar(21) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX overlays_user_id_idx ON overlays (user_id, id DESC)`);
    await db.query(`
      CREATE TABLE splash_pages (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        title varchar(200) NOT NULL,
        text varchar(2000) NOT NULL DEFAULT '',
        image varchar(2000) NOT NULL DEFAULT '',
        delay integer NOT NULL DEFAULT 5 CHECK (delay BETWEEN 0 AND 60),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX splash_pages_user_id_idx ON splash_pages (user_id, id DESC)`);
    await db.query(`
      CREATE TABLE pixels (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        type varchar(20) NOT NULL,
        name varchar(100) NOT NULL,
        tag varchar(100) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pixels_user_type_tag_key UNIQUE (user_id, type, tag)
      )`);
    await db.query(`CREATE INDEX pixels_user_id_idx ON pixels (user_id, id DESC)`);
    await db.query(`
      CREATE TABLE campaigns (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        slug varchar(50) CONSTRAINT campaigns_slug_key UNIQUE,
        public boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX campaigns_user_id_idx ON campaigns (user_id, id DESC)`);
    await db.query(`
      CREATE TABLE channels (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        description varchar(500) NOT NULL DEFAULT '',
        color char(7) NOT NULL DEFAULT '#000000',
        starred boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX channels_user_id_idx ON channels (user_id, id DESC)`);
    await db.query(`
      CREATE TABLE links (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        domain_id integer REFERENCES domains (id) ON DELETE RESTRICT,
        alias varchar(50) NOT NULL,
        url varchar(2000) NOT NULL,
        title varchar(200) NOT NULL DEFAULT '',
        description varchar(500) NOT NULL DEFAULT '',
        meta_description varchar(500) NOT NULL DEFAULT '',
        meta_image varchar(2000) NOT NULL DEFAULT '',
        password_hash text,
        expires_at timestamptz,
        type varchar(10) NOT NULL DEFAULT 'direct' CHECK (type IN ('direct', 'frame', 'splash', 'overlay')),
        splash_id integer REFERENCES splash_pages (id) ON DELETE RESTRICT,
        overlay_id integer REFERENCES overlays (id) ON DELETE RESTRICT,
        campaign_id integer REFERENCES campaigns (id) ON DELETE SET NULL,
        geotarget jsonb NOT NULL DEFAULT '[]',
        devicetarget jsonb NOT NULL DEFAULT '[]',
        languagetarget jsonb NOT NULL DEFAULT '[]',
        deeplink jsonb,
        parameters jsonb NOT NULL DEFAULT '[]',
        status varchar(7) NOT NULL DEFAULT 'private' CHECK (status IN ('public', 'private')),
        clicks bigint NOT NULL DEFAULT 0,
        unique_clicks bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((type = 'splash') = (splash_id IS NOT NULL)),
        CHECK ((type = 'overlay') = (overlay_id IS NOT NULL))
      )`);
    // One alias per domain; the service's own domain is domain 0 here.
    await db.query(`CREATE UNIQUE INDEX links_domain_alias_key ON links ((coalesce(domain_id, 0)), alias)`);
    await db.query(`CREATE INDEX links_user_id_idx ON links (user_id, id DESC)`);
    await db.query(`CREATE INDEX links_user_clicks_idx ON links (user_id, clicks DESC, id DESC)`);
    await db.query(`CREATE INDEX links_campaign_id_idx ON links (campaign_id) WHERE campaign_id IS NOT NULL`);
    await db.query(`
      CREATE TABLE link_pixels (
        link_id integer NOT NULL REFERENCES links (id) ON DELETE CASCADE,
        pixel_id integer NOT NULL REFERENCES pixels (id) ON DELETE CASCADE,
        PRIMARY KEY (link_id, pixel_id)
      )`);
    await db.query(`CREATE INDEX link_pixels_pixel_id_idx ON link_pixels (pixel_id)`);
    await db.query(`
      CREATE TABLE qr_codes (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        alias varchar(20) NOT NULL CONSTRAINT qr_codes_alias_key UNIQUE,
        name varchar(100) NOT NULL,
        type varchar(10) NOT NULL CHECK (type IN ('text', 'vcard', 'link', 'email', 'phone', 'sms', 'wifi')),
        data jsonb NOT NULL,
        background varchar(20) NOT NULL DEFAULT 'rgb(255,255,255)',
        foreground varchar(20) NOT NULL DEFAULT 'rgb(0,0,0)',
        logo_url varchar(2000) NOT NULL DEFAULT '',
        logo bytea,
        logo_type varchar(20),
        scans bigint NOT NULL DEFAULT 0,
        unique_scans bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX qr_codes_user_id_idx ON qr_codes (user_id, id DESC)`);
    await db.query(`
      CREATE TABLE channel_items (
        id serial PRIMARY KEY,
        channel_id integer NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
        link_id integer REFERENCES links (id) ON DELETE CASCADE,
        qr_id integer REFERENCES qr_codes (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((link_id IS NULL) <> (qr_id IS NULL))
      )`);
    await db.query(`CREATE UNIQUE INDEX channel_items_link_key ON channel_items (channel_id, link_id) WHERE link_id IS NOT NULL`);
    await db.query(`CREATE UNIQUE INDEX channel_items_qr_key ON channel_items (channel_id, qr_id) WHERE qr_id IS NOT NULL`);
    await db.query(`CREATE INDEX channel_items_channel_idx ON channel_items (channel_id, id DESC)`);
    await db.query(`CREATE INDEX channel_items_link_idx ON channel_items (link_id) WHERE link_id IS NOT NULL`);
    await db.query(`CREATE INDEX channel_items_qr_idx ON channel_items (qr_id) WHERE qr_id IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'channel_items',
      'qr_codes',
      'link_pixels',
      'links',
      'channels',
      'campaigns',
      'pixels',
      'splash_pages',
      'overlays',
    ]) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
