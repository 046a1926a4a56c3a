import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An admin may disable an account: while `disabled_at` is set, its key and its sessions are
 * refused; nothing of it is deleted, and its links keep answering visitors.
 */
export class DisabledAccounts1764900200000 implements MigrationInterface {
  name = 'DisabledAccounts1764900200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users ADD COLUMN disabled_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users DROP COLUMN disabled_at`);
  }
}
