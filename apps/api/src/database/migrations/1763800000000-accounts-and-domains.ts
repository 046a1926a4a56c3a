import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AccountsAndDomains1763800000000 implements MigrationInterface {
  name = 'AccountsAndDomains1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE plans (
        id serial PRIMARY KEY,
        name varchar(50) NOT NULL UNIQUE,
        free boolean NOT NULL,
        ratelimit integer NOT NULL CHECK (ratelimit > 0),
        price numeric(10, 2) NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`INSERT INTO plans (name, free, ratelimit, price) VALUES ('Free', true, 30, 0), ('Pro', false, 300, 9.00)`);
    await db.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        username varchar(50) NOT NULL,
        email varchar(254) NOT NULL,
        password_hash text NOT NULL,
        admin boolean NOT NULL DEFAULT false,
        plan_id integer REFERENCES plans (id) ON DELETE SET NULL,
        plan_expires timestamptz,
        ratelimit integer CHECK (ratelimit > 0),
        api_key_hash char(64) NOT NULL UNIQUE,
        api_key_expires timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX users_username_key ON users (lower(username))`);
    await db.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
    await db.query(`
      CREATE TABLE domains (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        domain varchar(300) NOT NULL,
        host varchar(253) NOT NULL UNIQUE,
        redirect_root varchar(2000) NOT NULL DEFAULT '',
        redirect_404 varchar(2000) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX domains_user_id_idx ON domains (user_id, id DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE domains`);
    await db.query(`DROP TABLE users`);
    await db.query(`DROP TABLE plans`);
  }
}
