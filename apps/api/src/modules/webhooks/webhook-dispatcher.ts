import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { closeIdleConnections, OutboundError, outboundRequest } from '../../infrastructure/outbound-http';
import { eventBody } from './webhook-events';
import { WebhookMetrics } from './webhook-metrics';

/**
 * Waits after each failed attempt (Standard Webhooks' schedule): 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h. After the eighth failed attempt, about 27 hours after the first, the delivery has
 * failed and its webhook is turned off, with the reason, until its owner turns it on again.
 */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
/** How often an idle dispatcher looks for due deliveries; and while the database is away. */
const POLL_MS = 1000;
const FAILING_POLL_MS = 5000;
/** Deliveries in flight at once on one instance (each the oldest pending one of its webhook). */
export const IN_FLIGHT = 20;
/**
 * One account's deliveries in flight at once on one instance, at most: however slow its receivers,
 * the other half of the slots stays for the other accounts' due deliveries.
 */
export const ACCOUNT_IN_FLIGHT = 10;
/** Delivered deliveries are kept this long for their owners to read, then pruned with their events. */
const KEEP_DELIVERED_MS = 7 * 86_400_000;
const PRUNE_EVERY_MS = 10 * 60_000;

interface Claimed {
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
  /** The lease this instance holds; its outcome is written only while it still holds it. */
  lease: Date;
}

/**
 * Delivers the outbox: each webhook's deliveries one after the other, in the order their events
 * committed, signed in the Standard Webhooks format, retried with growing waits. Every instance
 * keeps up to IN_FLIGHT deliveries going, each to a different webhook, at most ACCOUNT_IN_FLIGHT of
 * them for one account, and claims the next due one as soon as one ends, so a slow receiver holds
 * up only its own webhook, and an account's slow receivers never hold every slot. The slots go
 * round: to the account served longest ago first, and within it to its webhook served longest ago
 * (see claim). A delivery is claimed for
 * a lease before it is sent (an UPDATE that re-checks the lease on the row it locks, so of two
 * instances asking at once one gets it); the claims of a stopped instance run out and are taken
 * over. A delivery whose answer was lost may be sent twice: receivers tell repeats by their
 * `webhook-id`.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private timer: NodeJS.Timeout | null = null;
  /** When the timer fires (ms since the epoch, the real clock's: timers run on it). */
  private timerDue = 0;
  private pruneTimer: NodeJS.Timeout | null = null;
  private pumping = false;
  /** The last pump the timer started: a stop waits for its claim, then for the deliveries it started. */
  private pumpRun: Promise<void> = Promise.resolve();
  /** A slot was freed while claiming: claim again at once. */
  private pumpAgain = false;
  private readonly inFlight = new Set<Promise<void>>();
  /** This instance's deliveries in flight, by account (pumped or run by runOnce alike). */
  private readonly accountsInFlight = new Map<number, number>();
  private stopped = false;
  /** Since when the database has refused the dispatcher's work (logged once, and polled less often). */
  private failingSince: number | null = null;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(WebhookMetrics) private readonly metrics: WebhookMetrics,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(POLL_MS);
    this.pruneTimer = setInterval(() => {
      this.prune().catch((error: unknown) => this.logger.warn(`webhook pruning failed: ${(error as Error).message}`));
    }, PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
    // The receivers' connections, kept for the next delivery, are let go now rather than when they idle out.
    closeIdleConnections();
  }

  /** Stops polling and waits for the deliveries in flight (at shutdown; tests that count statements). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.pumpRun;
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Sends what is due now, and waits for the deliveries in flight, until nothing is due (tests call
   * it rather than wait for the timer); answers the attempts this call made.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      await Promise.allSettled([...this.inFlight]);
      const attempted = await this.runOnce();
      total += attempted;
      if (attempted === 0 && this.inFlight.size === 0) return total;
    }
  }

  /** Sends what is due now, a round at a time, until nothing is; answers the attempts made. */
  async runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim(IN_FLIGHT);
      if (claimed.length === 0 || this.stopped) return total;
      total += claimed.length;
      await Promise.all(claimed.map((delivery) => this.sendCounted(delivery)));
    }
  }

  /** The next pump in `delay` ms, unless one is already due sooner (a freed slot's is never put off by a poll's). */
  private schedule(delay: number): void {
    if (this.stopped) return;
    const due = Date.now() + delay;
    if (this.timer) {
      if (this.timerDue <= due) return;
      clearTimeout(this.timer);
    }
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pumpRun = this.pump();
    }, delay);
    this.timer.unref();
  }

  /** Claims as many due deliveries as there are free slots, and starts them. */
  private async pump(): Promise<void> {
    if (this.stopped) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    this.pumpAgain = false;
    let claimed: Claimed[] = [];
    try {
      const free = IN_FLIGHT - this.inFlight.size;
      if (free > 0) claimed = await this.claim(free);
      if (this.failingSince !== null) this.logger.log('webhook deliveries resumed');
      this.failingSince = null;
    } catch (error) {
      if (this.failingSince === null) this.logger.warn(`webhook deliveries paused: ${(error as Error).message}`);
      this.failingSince ??= this.clock.now();
    } finally {
      this.pumping = false;
    }
    for (const delivery of claimed) {
      const sending: Promise<void> = this.sendCounted(delivery)
        .catch((error: unknown) => this.logger.warn(`webhook delivery ${delivery.id} not settled: ${(error as Error).message}`))
        .finally(() => {
          this.inFlight.delete(sending);
          // A slot is free: the next due delivery goes at once (after the claim under way, if one is).
          if (this.pumping) this.pumpAgain = true;
          else this.schedule(0);
        });
      this.inFlight.add(sending);
    }
    // A claim answers every due head up to the free slots: what is due next waits for a slot to free
    // (each end of a delivery claims again at once) or for the next poll.
    this.schedule(this.failingSince !== null ? FAILING_POLL_MS : this.pumpAgain ? 0 : POLL_MS);
  }

  /** Sends a claimed delivery, counted against its account's share of this instance's slots meanwhile. */
  private async sendCounted(delivery: Claimed): Promise<void> {
    const account = delivery.user_id;
    this.accountsInFlight.set(account, (this.accountsInFlight.get(account) ?? 0) + 1);
    try {
      await this.send(delivery);
    } finally {
      const left = this.accountsInFlight.get(account)! - 1;
      if (left === 0) this.accountsInFlight.delete(account);
      else this.accountsInFlight.set(account, left);
    }
  }

  /**
   * Claims up to `count` due deliveries, each the head (oldest pending delivery) of its webhook: a
   * later one never goes before it, even while it waits for a retry. A head is due once its time
   * has come, it is not claimed, and every transaction older than its event's has ended (so an
   * event committed late with a lower id is sent first).
   *
   * The slots go round. Each webhook keeps the turn it was last served (`served`, from a sequence),
   * and an account the latest of its webhooks'. The due heads are taken in rounds: first one of
   * every account, the account served longest ago first, then a second of every account, and so
   * on; within an account, its webhook served longest ago first; an account gets no more than what
   * its share (ACCOUNT_IN_FLIGHT) leaves beside its deliveries already in flight here. So no account
   * and no webhook starves, whatever another's backlog. The UPDATE checks again, on the row it
   * locks, that no one claimed it meanwhile, and each webhook served takes the next turn.
   */
  private async claim(count: number): Promise<Claimed[]> {
    const now = new Date(this.clock.now());
    const lease = new Date(now.getTime() + 2 * this.config.webhookTimeoutMs + 5_000);
    const busy = [...this.accountsInFlight];
    const claimed = await this.dataSource.query<Omit<Claimed, 'lease'>[]>(
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
      [now, lease, count, busy.map(([account]) => account), busy.map(([, n]) => n), ACCOUNT_IN_FLIGHT],
    );
    return claimed.map((delivery) => ({ ...delivery, lease }));
  }

  /** One attempt, and its outcome written down (the claim is let go either way). */
  private async send(delivery: Claimed): Promise<void> {
    const attemptAt = new Date(this.clock.now());
    const messageId = `evt_${delivery.event_id}`;
    // The payload is written into the body as the database keeps it (JSON text), but for clicks,
    // whose receiver's form is written from their stored form now; signed and sent as these bytes.
    const body = eventBody(delivery.type, delivery.event_at, delivery.payload);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const signature = sign(delivery.secret, messageId, attemptAt, body);
      const answer = await outboundRequest({
        url: delivery.url,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Linkyard-Webhooks/1',
          'webhook-id': messageId,
          'webhook-timestamp': String(Math.floor(attemptAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body,
        timeoutMs: this.config.webhookTimeoutMs,
        // The status decides; the answer's body is not read.
        maxBytes: 0,
        allowPrivate: this.config.webhookAllowPrivate,
      });
      status = answer.status;
      if (status < 200 || status > 299) error = `The endpoint answered HTTP ${status}.`;
    } catch (failure) {
      if (!(failure instanceof OutboundError)) throw failure;
      error = `The endpoint could not be reached: ${failure.message}.`;
    }
    await this.settle(delivery, attemptAt, status, error);
  }

  /** Writes an attempt's outcome, if this instance still holds the claim (else another has taken it over). */
  private async settle(delivery: Claimed, at: Date, status: number | null, error: string | null): Promise<void> {
    const attempts = delivery.attempts + 1;
    const held = 'id = $1 AND claimed_until = $2';
    if (error !== null) this.metrics.failures.inc();
    if (error === null) {
      await this.dataSource.query(
        `UPDATE webhook_deliveries SET status = 'delivered', attempts = $3, last_attempt_at = $4, last_status = $5,
                last_error = NULL, delivered_at = $4, claimed_until = NULL WHERE ${held}`,
        [delivery.id, delivery.lease, attempts, at, status],
      );
      return;
    }
    const wait = RETRY_DELAYS_MS[attempts - 1];
    if (wait !== undefined) {
      await this.dataSource.query(
        `UPDATE webhook_deliveries SET attempts = $3, last_attempt_at = $4, last_status = $5, last_error = $6,
                next_attempt_at = $7, claimed_until = NULL WHERE ${held}`,
        [delivery.id, delivery.lease, attempts, at, status, error, new Date(at.getTime() + wait)],
      );
      return;
    }
    // The last attempt failed too: the delivery has failed, and its webhook is turned off.
    const reason = `Turned off after ${attempts} failed attempts to deliver event ${delivery.event_id} over ${hours(delivery, at)}: ${error}`;
    const turnedOff = await this.dataSource.transaction(async (manager) => {
      const [, changed] = await manager.query<[unknown[], number]>(
        `UPDATE webhook_deliveries SET status = 'failed', attempts = $3, last_attempt_at = $4, last_status = $5, last_error = $6,
                claimed_until = NULL WHERE ${held}`,
        [delivery.id, delivery.lease, attempts, at, status, error],
      );
      if (changed === 0) return false;
      await manager.query(`UPDATE webhooks SET enabled = false, disabled_reason = $2 WHERE id = $1`, [
        delivery.webhook_id,
        reason.slice(0, 500),
      ]);
      return true;
    });
    if (turnedOff) this.logger.warn(`webhook ${delivery.webhook_id} turned off: ${reason}`);
  }

  /** Delivered deliveries past their keeping time go, and the events no delivery names any more. */
  async prune(): Promise<void> {
    const before = new Date(this.clock.now() - KEEP_DELIVERED_MS);
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
}

/**
 * The Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256, keyed with the secret's
 * bytes (base64 after `whsec_`), of `id.timestamp.body`. Node's own HMAC: a batch of a thousand
 * clicks is signed many times faster than by a hash written in JavaScript.
 */
function sign(secret: string, id: string, at: Date, body: Buffer): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key)
    .update(`${id}.${Math.floor(at.getTime() / 1000)}.`)
    .update(body)
    .digest('base64')}`;
}

function hours(delivery: Claimed, at: Date): string {
  return `${Math.round((at.getTime() - delivery.event_at.getTime()) / 3_600_000)} hours`;
}
