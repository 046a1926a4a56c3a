import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Account } from '../../common/account';
import type { PageRequest } from '../../common/pagination';
import { deleteOwned, findOwned, listOwned } from '../../database/owned';
import { Sql } from '../../database/sql';
import { WebhookEntity } from './webhook.entity';

/** A delivery as its webhook's owner reads it, with its event. */
export interface DeliveryRow {
  id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: Date | null;
  event_id: string;
  type: string;
  event_at: Date;
}

const EXAMPLE_TIME = new Date('2026-01-01T00:00:00Z');

/**
 * Every statement of an account's webhooks and of their deliveries as the account reads and
 * replays them (the dispatcher's own are in WebhookDeliveries, the outbox's in WebhookEvents).
 * Nothing caches webhooks: no write is announced.
 */
@Injectable()
export class WebhooksRepository {
  constructor(@InjectRepository(WebhookEntity) private readonly webhooks: Repository<WebhookEntity>) {}

  @Sql((f) => [f.account, { offset: 0, limit: 15 }])
  list(account: Account, page: PageRequest): Promise<[WebhookEntity[], number]> {
    return listOwned(this.webhooks, account, page);
  }

  /** The account's webhook, or 404. */
  @Sql((f) => [f.account, f.ids.webhook])
  get(account: Account, id: number): Promise<WebhookEntity> {
    return findOwned(this.webhooks, account, id, 'webhook');
  }

  @Sql((f) => [f.account])
  count(account: Account): Promise<number> {
    return this.webhooks.countBy({ userId: account.id });
  }

  /** Writes a new webhook or a changed one. */
  @Sql((f) => [
    { userId: f.account.id, url: 'https://93.184.215.14/written', events: ['link.*'], secret: 'whsec_d3JpdHRlbg==', enabled: false },
  ])
  save(webhook: Partial<WebhookEntity> & Pick<WebhookEntity, 'userId'>): Promise<WebhookEntity> {
    return this.webhooks.save(this.webhooks.create(webhook));
  }

  /** Its deliveries go with it (they cascade). */
  @Sql((f) => [f.account, f.spare.webhook])
  delete(account: Account, id: number): Promise<void> {
    return deleteOwned(this.webhooks, account, id, 'webhook');
  }

  /** The deliveries waiting to be sent, by webhook. */
  @Sql((f) => [[f.ids.webhook, f.spare.webhook]])
  async pending(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.webhooks.query<{ webhook_id: number; pending: string }[]>(
      `SELECT webhook_id, count(*) AS pending FROM webhook_deliveries WHERE webhook_id = ANY($1) AND status = 'pending' GROUP BY webhook_id`,
      [ids],
    );
    return new Map(rows.map((row) => [row.webhook_id, Number(row.pending)]));
  }

  /**
   * One page of the webhook's deliveries, newest first, through the newest-first index, and their
   * count from the same index alone (a window count over the join read every delivery of the
   * webhook with its event, page after page).
   */
  @Sql((f) => [f.ids.webhook, { offset: 0, limit: 15 }])
  async deliveries(webhookId: number, page: PageRequest): Promise<[DeliveryRow[], number]> {
    const [rows, [count]] = await Promise.all([
      this.webhooks.query<DeliveryRow[]>(
        `SELECT d.id, d.status, d.attempts, d.next_attempt_at, d.last_attempt_at, d.last_status, d.last_error, d.delivered_at,
                e.id AS event_id, e.type, e.created_at AS event_at
           FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
          WHERE d.webhook_id = $1 ORDER BY d.id DESC OFFSET $2 LIMIT $3`,
        [webhookId, page.offset, page.limit],
      ),
      this.webhooks.query<{ total: string }[]>(`SELECT count(*) AS total FROM webhook_deliveries WHERE webhook_id = $1`, [webhookId]),
    ]);
    return [rows, Number(count!.total)];
  }

  /** The account's deliveries waiting to be sent, counted up to `cap`. */
  @Sql((f) => [f.account, 50_000])
  async waiting(account: Account, cap: number): Promise<number> {
    const [waiting] = await this.webhooks.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
                                         WHERE w.user_id = $1 AND d.status = 'pending' LIMIT $2) waiting`,
      [account.id, cap],
    );
    return waiting!.n;
  }

  /**
   * Queues the event of one of the webhook's sent (or failed) deliveries again, as a new delivery
   * due `at`; answers its id, or null when there is no such delivery or it is still pending. The
   * event is locked (FOR KEY SHARE) so the pruning of old events cannot take it meanwhile.
   */
  @Sql((f) => [0, f.ids.webhook, EXAMPLE_TIME])
  async replay(deliveryId: number, webhookId: number, at: Date): Promise<number | null> {
    const rows = await this.webhooks.query<{ id: string }[]>(
      `WITH sent AS (
         SELECT d.webhook_id, d.event_id FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
          WHERE d.id = $1 AND d.webhook_id = $2 AND d.status <> 'pending' FOR KEY SHARE OF e)
       INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at, created_at)
       SELECT webhook_id, event_id, $3, $3 FROM sent
       RETURNING id`,
      [deliveryId, webhookId, at],
    );
    return rows.length > 0 ? Number(rows[0]!.id) : null;
  }

  /** Whether the webhook has this delivery. */
  @Sql((f) => [0, f.ids.webhook])
  async hasDelivery(webhookId: number, deliveryId: number): Promise<boolean> {
    const rows = await this.webhooks.query<unknown[]>(`SELECT 1 FROM webhook_deliveries WHERE id = $1 AND webhook_id = $2`, [
      deliveryId,
      webhookId,
    ]);
    return rows.length > 0;
  }
}
