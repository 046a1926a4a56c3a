import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks: each account's endpoints, the outbox of events (written in the transaction of the
 * change they tell of), and one delivery per event and endpoint, delivered in order, retried, and
 * kept for the owner to read.
 */
export class Webhooks1764200000000 implements MigrationInterface {
  name = 'Webhooks1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE webhooks (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        url varchar(2000) NOT NULL,
        events text[] NOT NULL,
        secret varchar(100) NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        disabled_reason varchar(500),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX webhooks_user_id_idx ON webhooks (user_id, id DESC)`);
    await db.query(`
      CREATE TABLE webhook_events (
        id bigserial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        type varchar(30) NOT NULL,
        payload json NOT NULL,
        created_at timestamptz NOT NULL,
        -- The writing transaction: an event is sent once every transaction older than it has
        -- ended, so one that commits late with a lower id is never overtaken.
        xact xid8 NOT NULL DEFAULT pg_current_xact_id()
      )`);
    await db.query(`
      CREATE TABLE webhook_deliveries (
        id bigserial PRIMARY KEY,
        webhook_id integer NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
        event_id bigint NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        claimed_until timestamptz,
        last_attempt_at timestamptz,
        last_status integer,
        last_error varchar(500),
        delivered_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
    // The dispatcher's question: each webhook's oldest pending delivery.
    await db.query(`CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (webhook_id, id) WHERE status = 'pending'`);
    await db.query(`CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, id DESC)`);
    await db.query(`CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['webhook_deliveries', 'webhook_events', 'webhooks']) await db.query(`DROP TABLE ${table}`);
  }
}
