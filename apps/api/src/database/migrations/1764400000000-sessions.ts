import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's sessions: a random token per session, kept only as its SHA-256, with the last
 * use (idle expiry) and the absolute end. Deleting an account deletes its sessions.
 */
export class Sessions1764400000000 implements MigrationInterface {
  name = 'Sessions1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sessions (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE sessions`);
  }
}
