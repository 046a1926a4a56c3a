import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { Clock } from '../../common/clock';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { closeIdleConnections, OutboundError, outboundRequest } from '../../infrastructure/outbound-http';
import { WebhookDeliveries, type ClaimedRow } from './webhook-deliveries.repository';
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

/** A claimed delivery, with the lease this instance holds: its outcome is written only while it still holds it. */
interface Claimed extends ClaimedRow {
  lease: Date;
}

/** How long `drain` waits, at most, for due deliveries held back by older transactions: 100 times 50 ms. */
const DRAIN_WAITS = 100;
const DRAIN_WAIT_MS = 50;

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
    @Inject(WebhookDeliveries) private readonly deliveries: WebhookDeliveries,
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
    for (let waits = 0; ;) {
      // A pump under way may hold deliveries it claimed and has not started yet: they are neither
      // due (leased) nor in flight until it has.
      await this.pumpRun.catch(() => undefined);
      await Promise.allSettled([...this.inFlight]);
      const attempted = await this.runOnce();
      total += attempted;
      if (attempted !== 0 || this.inFlight.size !== 0 || this.pumping) continue;
      // Due deliveries that could not be claimed wait for older transactions of the server to end
      // (see WebhookDeliveries.claim): a moment, up to five seconds in all.
      if (waits >= DRAIN_WAITS || (await this.deliveries.due(new Date(this.clock.now()))) === 0) return total;
      waits += 1;
      await new Promise((resolve) => setTimeout(resolve, DRAIN_WAIT_MS));
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
   * Claims up to `count` due deliveries (WebhookDeliveries.claim): the slots go round the accounts
   * and their webhooks, an account getting no more than what its share (ACCOUNT_IN_FLIGHT) leaves
   * beside its deliveries already in flight here.
   */
  private async claim(count: number): Promise<Claimed[]> {
    const now = new Date(this.clock.now());
    const lease = new Date(now.getTime() + 2 * this.config.webhookTimeoutMs + 5_000);
    const claimed = await this.deliveries.claim(now, lease, count, [...this.accountsInFlight], ACCOUNT_IN_FLIGHT);
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
    const attempt = { attempts: delivery.attempts + 1, at, status };
    if (error === null) return this.deliveries.delivered(delivery, attempt);
    this.metrics.failures.inc();
    const wait = RETRY_DELAYS_MS[attempt.attempts - 1];
    if (wait !== undefined) return this.deliveries.retry(delivery, attempt, error, new Date(at.getTime() + wait));
    // The last attempt failed too: the delivery has failed, and its webhook is turned off.
    const reason = `Turned off after ${attempt.attempts} failed attempts to deliver event ${delivery.event_id} over ${hours(delivery, at)}: ${error}`;
    if (await this.deliveries.failed(delivery, attempt, error, delivery.webhook_id, reason.slice(0, 500))) {
      this.logger.warn(`webhook ${delivery.webhook_id} turned off: ${reason}`);
    }
  }

  /** Delivered deliveries past their keeping time go, and the events no delivery names any more. */
  prune(): Promise<void> {
    return this.deliveries.prune(new Date(this.clock.now() - KEEP_DELIVERED_MS));
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
