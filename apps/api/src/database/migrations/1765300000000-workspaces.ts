import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose records belong to an account until now, and to a workspace from here on. */
const OWNED = [
  'domains',
  'overlays',
  'splash_pages',
  'pixels',
  'campaigns',
  'channels',
  'links',
  'qr_codes',
  'webhooks',
  'webhook_events',
  'bio_pages',
];

/**
 * Workspaces: every account becomes the workspace of its owner, with the account's id, so nothing
 * is moved or renumbered (a record's `user_id` names its workspace from here on). Workspaces made
 * later draw their ids from the accounts' sequence, so no account's id is ever a team's. A new
 * account gets its own workspace in the statement that makes it (a trigger: no path can forget it).
 */
export class Workspaces1765300000000 implements MigrationInterface {
  name = 'Workspaces1765300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE workspaces (
        id integer PRIMARY KEY DEFAULT nextval('users_id_seq'),
        name varchar(100),
        personal_of integer UNIQUE REFERENCES users (id) ON DELETE CASCADE,
        sso_only boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((personal_of IS NULL) = (name IS NOT NULL))
      )`);
    await db.query(`
      CREATE TABLE workspace_members (
        workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role varchar(10) NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'viewer')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (workspace_id, user_id)
      )`);
    await db.query(`CREATE INDEX workspace_members_user_idx ON workspace_members (user_id)`);
    await db.query(`INSERT INTO workspaces (id, personal_of, created_at) SELECT id, id, created_at FROM users`);
    await db.query(`INSERT INTO workspace_members (workspace_id, user_id, role, created_at) SELECT id, id, 'owner', created_at FROM users`);
    await db.query(`
      CREATE FUNCTION personal_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO workspaces (id, personal_of, created_at) VALUES (NEW.id, NEW.id, NEW.created_at);
        INSERT INTO workspace_members (workspace_id, user_id, role, created_at) VALUES (NEW.id, NEW.id, 'owner', NEW.created_at);
        RETURN NEW;
      END $$`);
    await db.query(`CREATE TRIGGER users_personal_workspace AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION personal_workspace()`);
    for (const table of OWNED) {
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_user_id_fkey`);
      await db.query(
        `ALTER TABLE ${table} ADD CONSTRAINT ${table}_workspace_fkey FOREIGN KEY (user_id) REFERENCES workspaces (id) ON DELETE CASCADE`,
      );
    }
    await db.query(`
      CREATE TABLE workspace_invitations (
        id serial PRIMARY KEY,
        workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        email varchar(254) NOT NULL,
        role varchar(10) NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'viewer')),
        token_hash char(64) NOT NULL UNIQUE,
        invited_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX workspace_invitations_workspace_idx ON workspace_invitations (workspace_id, id DESC)`);
    await db.query(`
      CREATE TABLE workspace_keys (
        id serial PRIMARY KEY,
        workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        made_by integer NOT NULL,
        name varchar(100) NOT NULL,
        scope varchar(10) NOT NULL CHECK (scope IN ('full', 'read')),
        key_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (workspace_id, made_by) REFERENCES workspace_members (workspace_id, user_id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX workspace_keys_workspace_idx ON workspace_keys (workspace_id, id DESC)`);
    await db.query(`
      CREATE TABLE audit_entries (
        id bigserial PRIMARY KEY,
        workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        user_id integer,
        username varchar(50) NOT NULL,
        key_id integer,
        via varchar(16) NOT NULL,
        operation varchar(64) NOT NULL,
        method varchar(8) NOT NULL,
        path varchar(300) NOT NULL,
        record varchar(100),
        status smallint NOT NULL,
        address varchar(64),
        request_id varchar(100)
      )`);
    await db.query(`CREATE INDEX audit_entries_workspace_idx ON audit_entries (workspace_id, id DESC)`);
    await db.query(`CREATE INDEX audit_entries_at_idx ON audit_entries (at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE audit_entries`);
    await db.query(`DROP TABLE workspace_keys`);
    await db.query(`DROP TABLE workspace_invitations`);
    for (const table of OWNED) {
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_workspace_fkey`);
      await db.query(
        `ALTER TABLE ${table} ADD CONSTRAINT ${table}_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`,
      );
    }
    await db.query(`DROP TRIGGER users_personal_workspace ON users`);
    await db.query(`DROP FUNCTION personal_workspace()`);
    await db.query(`DROP TABLE workspace_members`);
    await db.query(`DROP TABLE workspaces`);
  }
}
