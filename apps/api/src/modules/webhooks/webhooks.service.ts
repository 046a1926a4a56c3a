import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Account } from '../../common/account';
import { badRequest, notFound, tooManyRequests } from '../../common/api-error';
import type { Ok } from '../../common/contract';
import { formatDateTime, formatNullableDateTime } from '../../common/dates';
import { deleteOwned, findOwned, listOwned } from '../../database/owned';
import type { PageRequest } from '../../common/pagination';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { Clock } from '../../common/clock';
import { RATE_LIMIT_STORAGE, type FixedWindowStorage } from '../../infrastructure/fixed-window.storage';
import { checkOutboundDestination, OutboundError } from '../../infrastructure/outbound-http';
import { HOST_RESOLVER, type HostResolver } from '../domains/dns-check';
import { WebhookEntity } from './webhook.entity';
import type { AddWebhookDto, UpdateWebhookDto } from './webhooks.dto';

type Webhook = Ok<'getWebhook'>['data'];

/** Webhooks an account may have. */
export const MAX_WEBHOOKS = 20;
/** The window replays are counted in (WEBHOOK_REPLAYS_PER_HOUR), aligned on the hour. */
const REPLAY_WINDOW_MS = 3_600_000;
/** When a replay refused for the account's backlog may be tried again. */
const BACKLOG_RETRY_SECONDS = 60;
type Delivery = Ok<'listWebhookDeliveries'>['data']['deliveries'][number];

interface DeliveryRow {
  id: string;
  status: Delivery['status'];
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

/** An account's webhooks, their deliveries, and a delivery sent again. */
@Injectable()
export class WebhooksService {
  constructor(
    @InjectRepository(WebhookEntity) private readonly webhooks: Repository<WebhookEntity>,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(HOST_RESOLVER) private readonly resolver: HostResolver,
    @Inject(RATE_LIMIT_STORAGE) private readonly windows: FixedWindowStorage,
  ) {}

  async list(account: Account, page: PageRequest): Promise<[Webhook[], number]> {
    const [webhooks, total] = await listOwned(this.webhooks, account, page);
    const pending = await this.pending(webhooks.map((webhook) => webhook.id));
    return [webhooks.map((webhook) => toWebhook(webhook, pending.get(webhook.id) ?? 0)), total];
  }

  async get(account: Account, id: number): Promise<Webhook> {
    const webhook = await findOwned(this.webhooks, account, id, 'webhook');
    return toWebhook(webhook, (await this.pending([webhook.id])).get(webhook.id) ?? 0);
  }

  /** A new webhook and its secret (which is shown this once). */
  async add(account: Account, input: AddWebhookDto): Promise<{ id: number; secret: string }> {
    await this.checkUrl(input.url);
    // Each event of the account is written once per webhook that wants it, clicks included.
    if ((await this.webhooks.countBy({ userId: account.id })) >= MAX_WEBHOOKS) {
      throw badRequest(`An account has at most ${MAX_WEBHOOKS} webhooks; delete one first.`);
    }
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const webhook = await this.webhooks.save(
      this.webhooks.create({
        userId: account.id,
        url: input.url,
        events: [...new Set(input.events)],
        secret,
        enabled: input.enabled ?? true,
      }),
    );
    return { id: webhook.id, secret };
  }

  async update(account: Account, id: number, changes: UpdateWebhookDto): Promise<void> {
    const webhook = await findOwned(this.webhooks, account, id, 'webhook');
    if (changes.url !== undefined) {
      await this.checkUrl(changes.url);
      webhook.url = changes.url;
    }
    if (changes.events !== undefined) webhook.events = [...new Set(changes.events)];
    if (changes.enabled !== undefined) {
      webhook.enabled = changes.enabled;
      if (changes.enabled) webhook.disabledReason = null;
    }
    await this.webhooks.save(webhook);
  }

  delete(account: Account, id: number): Promise<void> {
    return deleteOwned(this.webhooks, account, id, 'webhook');
  }

  async deliveries(account: Account, id: number, page: PageRequest): Promise<[Delivery[], number]> {
    const webhook = await findOwned(this.webhooks, account, id, 'webhook');
    // The page through the newest-first index; the count from the same index alone (a window count
    // over the join read every delivery of the webhook with its event, page after page).
    const [rows, [count]] = await Promise.all([
      this.webhooks.query<DeliveryRow[]>(
        `SELECT d.id, d.status, d.attempts, d.next_attempt_at, d.last_attempt_at, d.last_status, d.last_error, d.delivered_at,
                e.id AS event_id, e.type, e.created_at AS event_at
           FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
          WHERE d.webhook_id = $1 ORDER BY d.id DESC OFFSET $2 LIMIT $3`,
        [webhook.id, page.offset, page.limit],
      ),
      this.webhooks.query<{ total: string }[]>(`SELECT count(*) AS total FROM webhook_deliveries WHERE webhook_id = $1`, [webhook.id]),
    ]);
    const total = Number(count!.total);
    return [rows.map(toDelivery), total];
  }

  /**
   * The event of one of the webhook's sent (or failed) deliveries, queued again behind the others:
   * WEBHOOK_REPLAYS_PER_HOUR an account (counted like the API's rate limit, across instances when
   * Redis is configured), and none while the account has WEBHOOK_MAX_PENDING deliveries waiting.
   */
  async replay(account: Account, id: number, deliveryId: number): Promise<number> {
    const webhook = await findOwned(this.webhooks, account, id, 'webhook');
    const limit = this.config.webhookReplaysPerHour;
    const window = await this.windows.increment(`webhook-replays:${account.id}`, REPLAY_WINDOW_MS, limit);
    if (window.isBlocked) {
      throw tooManyRequests(
        `An account may replay ${limit} webhook deliveries an hour. Try again in ${window.timeToExpire} seconds.`,
        window.timeToExpire,
      );
    }
    const [waiting] = await this.webhooks.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
                                         WHERE w.user_id = $1 AND d.status = 'pending' LIMIT $2) waiting`,
      [account.id, this.config.webhookMaxPending],
    );
    if (waiting!.n >= this.config.webhookMaxPending) {
      throw tooManyRequests(
        `The account has ${this.config.webhookMaxPending} webhook deliveries waiting to be sent, the most kept; replay once some have been sent.`,
        BACKLOG_RETRY_SECONDS,
      );
    }
    // The event is locked (FOR KEY SHARE) so the pruning of old events cannot take it meanwhile.
    const rows = await this.webhooks.query<{ id: string }[]>(
      `WITH sent AS (
         SELECT d.webhook_id, d.event_id FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
          WHERE d.id = $1 AND d.webhook_id = $2 AND d.status <> 'pending' FOR KEY SHARE OF e)
       INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at, created_at)
       SELECT webhook_id, event_id, $3, $3 FROM sent
       RETURNING id`,
      [deliveryId, webhook.id, new Date(this.clock.now())],
    );
    if (rows.length === 0) {
      const exists = await this.webhooks.query<unknown[]>(`SELECT 1 FROM webhook_deliveries WHERE id = $1 AND webhook_id = $2`, [
        deliveryId,
        webhook.id,
      ]);
      if (exists.length > 0)
        throw badRequest(`Delivery ${deliveryId} is still waiting to be sent; it can be replayed once it was delivered or failed.`);
      throw notFound(`No delivery with id ${deliveryId} for this webhook.`);
    }
    return Number(rows[0]!.id);
  }

  /**
   * A URL the dispatcher would refuse to call is refused now, rather than failing for a day: its
   * name is resolved now, by the rule a delivery applies when it connects (which checks again).
   */
  private async checkUrl(url: string): Promise<void> {
    try {
      await checkOutboundDestination(url, this.config.webhookAllowPrivate, async (host) => (await this.resolver.resolve(host)).addresses);
    } catch (error) {
      if (error instanceof OutboundError)
        throw badRequest(`Invalid field "url": ${error.message}; webhooks call public http(s) addresses only.`, 'url');
      throw error;
    }
  }

  private async pending(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.webhooks.query<{ webhook_id: number; pending: string }[]>(
      `SELECT webhook_id, count(*) AS pending FROM webhook_deliveries WHERE webhook_id = ANY($1) AND status = 'pending' GROUP BY webhook_id`,
      [ids],
    );
    return new Map(rows.map((row) => [row.webhook_id, Number(row.pending)]));
  }
}

function toWebhook(webhook: WebhookEntity, pending: number): Webhook {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events as Webhook['events'],
    enabled: webhook.enabled,
    disabledReason: webhook.disabledReason,
    pending,
    dropped: Number(webhook.dropped),
    lastDropped: formatNullableDateTime(webhook.lastDroppedAt),
    date: formatDateTime(webhook.createdAt),
  };
}

function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: Number(row.id),
    event: { id: `evt_${row.event_id}`, type: row.type, date: formatDateTime(row.event_at) },
    status: row.status,
    attempts: row.attempts,
    nextAttempt: row.status === 'pending' ? formatDateTime(row.next_attempt_at) : null,
    lastAttempt: formatNullableDateTime(row.last_attempt_at),
    lastStatus: row.last_status,
    lastError: row.last_error,
    delivered: formatNullableDateTime(row.delivered_at),
  };
}
