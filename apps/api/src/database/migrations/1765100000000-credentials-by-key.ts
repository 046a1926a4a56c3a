import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a key alone gave ends with the key. An account may have no password (the first admin's
 * account from now on); a password set without the current one, with the account's key alone, is
 * marked as such and cleared when the key is replaced. Which passwords were set that way before
 * cannot be told: every existing one is treated so (the next rotation clears it). A session started
 * with a password keeps a digest of the password's hash and ends when the password changes or is
 * cleared; the password sessions of before carry none and end now.
 */
export class CredentialsByKey1765100000000 implements MigrationInterface {
  name = 'CredentialsByKey1765100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL`);
    // Every existing row gets true without a rewrite of the table; new rows false.
    await db.query(`ALTER TABLE users ADD COLUMN password_by_key boolean NOT NULL DEFAULT true`);
    await db.query(`ALTER TABLE users ALTER COLUMN password_by_key SET DEFAULT false`);
    await db.query(`ALTER TABLE sessions ADD COLUMN password_ref char(64)`);
    await db.query(`DELETE FROM sessions WHERE key_hash IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM sessions WHERE key_hash IS NULL`);
    await db.query(`ALTER TABLE sessions DROP COLUMN password_ref`);
    await db.query(`ALTER TABLE users DROP COLUMN password_by_key`);
    // An account without a password gets one nobody knows (as the first admin's was made).
    await db.query(`UPDATE users SET password_hash = 'none' WHERE password_hash IS NULL`);
    await db.query(`ALTER TABLE users ALTER COLUMN password_hash SET NOT NULL`);
  }
}
