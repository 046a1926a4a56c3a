import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tags: a link's tags are an array on its row (lower case, at most 20), found through a GIN index
 * (`tags @> ARRAY[...]`, every tag asked for); `tags` holds a workspace's tags made before any link
 * carried them and their colours.
 */
export class Tags1765600000000 implements MigrationInterface {
  name = 'Tags1765600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE links ADD COLUMN tags varchar(50)[] NOT NULL DEFAULT '{}'`);
    await db.query(`CREATE INDEX links_tags_idx ON links USING gin (tags)`);
    await db.query(`
      CREATE TABLE tags (
        user_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        name varchar(50) NOT NULL,
        color varchar(7),
        PRIMARY KEY (user_id, name)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE tags`);
    await db.query(`DROP INDEX links_tags_idx`);
    await db.query(`ALTER TABLE links DROP COLUMN tags`);
  }
}
