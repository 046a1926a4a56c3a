import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single sign-on: the provider's people known to this service (an issuer's subject is one
 * account), sessions started through the provider, and the memberships its claim rules gave (the
 * rules take back at the next sign-in only what they gave).
 */
export class SingleSignOn1765400000000 implements MigrationInterface {
  name = 'SingleSignOn1765400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sso_identities (
        issuer varchar(300) NOT NULL,
        subject varchar(255) NOT NULL,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_signed_in_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (issuer, subject)
      )`);
    await db.query(`CREATE INDEX sso_identities_user ON sso_identities (user_id)`);
    await db.query(`ALTER TABLE sessions ADD COLUMN sso boolean NOT NULL DEFAULT false`);
    await db.query(`ALTER TABLE workspace_members ADD COLUMN by_sso_rule boolean NOT NULL DEFAULT false`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE workspace_members DROP COLUMN by_sso_rule`);
    await db.query(`ALTER TABLE sessions DROP COLUMN sso`);
    await db.query(`DROP TABLE sso_identities`);
  }
}
