import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Automatic HTTPS (ACME_EMAIL): the certificates every instance serves, their private keys sealed
 * with ACME_STORAGE_KEY, and the HTTP-01 challenges in flight, which any instance answers (the CA
 * may ask another instance than the one that placed the order).
 */
export class Certificates1765500000000 implements MigrationInterface {
  name = 'Certificates1765500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE tls_certificates (
        host varchar(253) PRIMARY KEY,
        certificate text NOT NULL,
        private_key text NOT NULL,
        not_before timestamptz NOT NULL,
        not_after timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE acme_challenges (
        token varchar(128) PRIMARY KEY,
        key_authorization varchar(512) NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE acme_challenges`);
    await db.query(`DROP TABLE tls_certificates`);
  }
}
