import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A session started with an API key lasts only while that key does: the key's hash is kept on the
 * session, which ends when the key is rotated or expires.
 */
export class SessionKeys1764800000000 implements MigrationInterface {
  name = 'SessionKeys1764800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE sessions ADD COLUMN key_hash char(64)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE sessions DROP COLUMN key_hash`);
  }
}
