import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Sql } from '../../database/sql';

/** A due delivery claimed for sending, with its webhook and event. */
export interface ClaimedRow {
  id: string;
  webhook_id: number;
  user_id: number;
  url: string;
  secret: string;
  attempts: number;
  event_id: string;
  type: string;
  /** The event's data, as JSON text. */
  payload: string;
  event_at: Date;
}

/** Who holds a delivery and since when: an outcome is written only while the lease is still held. */
export interface Lease {
  id: string;
  lease: Date;
}

/** An attempt's outcome. */
export interface Attempt {
  attempts: number;
  at: Date;
  status: number | null;
}

const EXAMPLE_TIME = new Date('2026-01-01T00:00:00Z');
const EXAMPLE_LEASE: Lease = { id: '0', lease: EXAMPLE_TIME };
const EXAMPLE_ATTEMPT: Attempt = { attempts: 1, at: EXAMPLE_TIME, status: 500 };

/** The dispatcher's statements: claiming due deliveries, writing their outcomes, pruning. */
@Injectable()
export class WebhookDeliveries {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * Claims up to `count` due deliveries until `lease`, each the head (oldest pending delivery) of
   * its webhook: a later one never goes before it, even while it waits for a retry. A head is due
   * once its time has come, it is not claimed, and every transaction older than its event's has
   * ended (so an event committed late with a lower id is sent first).
   *
   * The slots go round. Each webhook keeps the turn it was last served (`served`, from a sequence),
   * and an account the latest of its webhooks'. The due heads are taken in rounds: first one of
   * every account, the account served longest ago first, then a second of every account, and so
   * on; within an account, its webhook served longest ago first; an account gets no more than what
   * its `share` leaves beside its deliveries already in flight (`busy`: account, deliveries). The
   * UPDATE checks again, on the row it locks, that no one claimed it meanwhile, and each webhook
   * served takes the next turn.
   */
  @Sql(() => [EXAMPLE_TIME, EXAMPLE_TIME, 20, [[1, 2]], 10])
  claim(now: Date, lease: Date, count: number, busy: [account: number, inFlight: number][], share: number): Promise<ClaimedRow[]> {
    return this.dataSource.query<ClaimedRow[]>(
      `WITH heads AS (
         SELECT head.id, w.user_id, w.served,
                (SELECT max(x.served) FROM webhooks x WHERE x.user_id = w.user_id) AS account_served
           FROM webhooks w
           CROSS JOIN LATERAL (SELECT p.id, p.next_attempt_at, p.claimed_until, p.event_id FROM webhook_deliveries p
                                WHERE p.webhook_id = w.id AND p.status = 'pending' ORDER BY p.id LIMIT 1) head
           JOIN webhook_events he ON he.id = head.event_id
          WHERE w.enabled AND head.next_attempt_at <= $1 AND (head.claimed_until IS NULL OR head.claimed_until <= $1)
            AND he.xact < pg_snapshot_xmin(pg_current_snapshot())),
       ranked AS (
         SELECT h.id, h.account_served, row_number() OVER (PARTITION BY h.user_id ORDER BY h.served, h.id) AS turn,
                $6::int - coalesce(b.n, 0) AS share
           FROM heads h LEFT JOIN unnest($4::int[], $5::int[]) AS b(user_id, n) ON b.user_id = h.user_id),
       due AS (SELECT r.id FROM ranked r WHERE r.turn <= r.share ORDER BY r.turn, r.account_served, r.id LIMIT $3),
       claimed AS (
         UPDATE webhook_deliveries d SET claimed_until = $2
           FROM due, webhooks w, webhook_events e
          WHERE d.id = due.id AND w.id = d.webhook_id AND e.id = d.event_id AND d.status = 'pending'
            AND d.next_attempt_at <= $1 AND (d.claimed_until IS NULL OR d.claimed_until <= $1)
         RETURNING d.id, d.webhook_id, w.user_id, w.url, w.secret, d.attempts, e.id AS event_id, e.type,
                   e.payload::text AS payload, e.created_at AS event_at),
       turns AS (UPDATE webhooks w SET served = nextval('webhook_turns') FROM claimed c WHERE w.id = c.webhook_id)
       SELECT * FROM claimed`,
      [now, lease, count, busy.map(([account]) => account), busy.map(([, n]) => n), share],
    );
  }

  /**
   * How many webhooks have their next delivery due at `now` and held by no one: what `claim` leaves
   * while an older transaction, of any database of the server, is still open (its event may not be
   * the last one yet). A webhook's later deliveries wait for its first, as in `claim`.
   */
  @Sql(() => [EXAMPLE_TIME])
  async due(now: Date): Promise<number> {
    const [{ count }] = await this.dataSource.query<[{ count: number }]>(
      `SELECT count(*)::int AS count FROM webhooks w
         CROSS JOIN LATERAL (SELECT p.next_attempt_at, p.claimed_until FROM webhook_deliveries p
                              WHERE p.webhook_id = w.id AND p.status = 'pending' ORDER BY p.id LIMIT 1) head
        WHERE w.enabled AND head.next_attempt_at <= $1 AND (head.claimed_until IS NULL OR head.claimed_until <= $1)`,
      [now],
    );
    return count;
  }

  /** The delivery was delivered (while this lease holds it). */
  @Sql(() => [EXAMPLE_LEASE, { ...EXAMPLE_ATTEMPT, status: 200 }])
  async delivered(held: Lease, attempt: Attempt): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET status = 'delivered', attempts = $3, last_attempt_at = $4, last_status = $5,
              last_error = NULL, delivered_at = $4, claimed_until = NULL WHERE id = $1 AND claimed_until = $2`,
      [held.id, held.lease, attempt.attempts, attempt.at, attempt.status],
    );
  }

  /** The attempt failed: the delivery is tried again at `next`. */
  @Sql(() => [EXAMPLE_LEASE, EXAMPLE_ATTEMPT, 'The endpoint answered HTTP 500.', EXAMPLE_TIME])
  async retry(held: Lease, attempt: Attempt, error: string, next: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET attempts = $3, last_attempt_at = $4, last_status = $5, last_error = $6,
              next_attempt_at = $7, claimed_until = NULL WHERE id = $1 AND claimed_until = $2`,
      [held.id, held.lease, attempt.attempts, attempt.at, attempt.status, error, next],
    );
  }

  /**
   * The last attempt failed too: the delivery has failed, and its webhook is turned off with the
   * reason; answers whether this lease still held it (else another instance had taken it over).
   */
  @Sql((f) => [EXAMPLE_LEASE, EXAMPLE_ATTEMPT, 'The endpoint answered HTTP 500.', f.ids.webhook, 'Turned off.'])
  failed(held: Lease, attempt: Attempt, error: string, webhookId: number, reason: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [, changed] = await manager.query<[unknown[], number]>(
        `UPDATE webhook_deliveries SET status = 'failed', attempts = $3, last_attempt_at = $4, last_status = $5, last_error = $6,
                claimed_until = NULL WHERE id = $1 AND claimed_until = $2`,
        [held.id, held.lease, attempt.attempts, attempt.at, attempt.status, error],
      );
      if (changed === 0) return false;
      await manager.query(`UPDATE webhooks SET enabled = false, disabled_reason = $2 WHERE id = $1`, [webhookId, reason]);
      return true;
    });
  }

  /** Deliveries delivered before `before` go, and the events no delivery names any more. */
  @Sql(() => [EXAMPLE_TIME])
  async prune(before: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM webhook_deliveries WHERE status = 'delivered' AND delivered_at < $1`, [before]);
    await this.dataSource.query(
      // SKIP LOCKED: an event a replay is queuing again (FOR KEY SHARE) is left for the next pass.
      `DELETE FROM webhook_events WHERE id IN (
         SELECT e.id FROM webhook_events e
          WHERE e.created_at < $1 AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
            FOR UPDATE SKIP LOCKED)`,
      [before],
    );
  }

  /** The deliveries of every account waiting to be sent. */
  @Sql(() => [])
  async backlog(): Promise<number> {
    const [row] = await this.dataSource.query<{ n: string }[]>(`SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'pending'`);
    return Number(row!.n);
  }
}
