import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Account } from '../../common/account';
import { badRequest, notFound, tooManyRequests } from '../../common/api-error';
import type { Ok } from '../../common/contract';
import { formatDateTime, formatNullableDateTime } from '../../common/dates';
import type { PageRequest } from '../../common/pagination';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { Clock } from '../../common/clock';
import { RATE_LIMIT_STORAGE, type FixedWindowStorage } from '../../infrastructure/fixed-window.storage';
import { checkOutboundDestination, OutboundError } from '../../infrastructure/outbound-http';
import { HOST_RESOLVER, type HostResolver } from '../../infrastructure/host-resolver';
import type { WebhookEntity } from './webhook.entity';
import { WebhooksRepository, type DeliveryRow } from './webhooks.repository';
import type { AddWebhookDto, UpdateWebhookDto } from './webhooks.dto';

type Webhook = Ok<'getWebhook'>['data'];

/** Webhooks an account may have. */
export const MAX_WEBHOOKS = 20;
/** The window replays are counted in (WEBHOOK_REPLAYS_PER_HOUR), aligned on the hour. */
const REPLAY_WINDOW_MS = 3_600_000;
/** When a replay refused for the account's backlog may be tried again. */
const BACKLOG_RETRY_SECONDS = 60;
type Delivery = Ok<'listWebhookDeliveries'>['data']['deliveries'][number];

/** An account's webhooks, their deliveries, and a delivery sent again. */
@Injectable()
export class WebhooksService {
  constructor(
    @Inject(WebhooksRepository) private readonly webhooks: WebhooksRepository,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(HOST_RESOLVER) private readonly resolver: HostResolver,
    @Inject(RATE_LIMIT_STORAGE) private readonly windows: FixedWindowStorage,
  ) {}

  async list(account: Account, page: PageRequest): Promise<[Webhook[], number]> {
    const [webhooks, total] = await this.webhooks.list(account, page);
    const pending = await this.webhooks.pending(webhooks.map((webhook) => webhook.id));
    return [webhooks.map((webhook) => toWebhook(webhook, pending.get(webhook.id) ?? 0)), total];
  }

  async get(account: Account, id: number): Promise<Webhook> {
    const webhook = await this.webhooks.get(account, id);
    return toWebhook(webhook, (await this.webhooks.pending([webhook.id])).get(webhook.id) ?? 0);
  }

  /** A new webhook and its secret (which is shown this once). */
  async add(account: Account, input: AddWebhookDto): Promise<{ id: number; secret: string }> {
    await this.checkUrl(input.url);
    // Each event of the account is written once per webhook that wants it, clicks included.
    if ((await this.webhooks.count(account)) >= MAX_WEBHOOKS) {
      throw badRequest(`An account has at most ${MAX_WEBHOOKS} webhooks; delete one first.`);
    }
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const webhook = await this.webhooks.save({
      userId: account.id,
      url: input.url,
      events: [...new Set(input.events)],
      secret,
      enabled: input.enabled ?? true,
    });
    return { id: webhook.id, secret };
  }

  async update(account: Account, id: number, changes: UpdateWebhookDto): Promise<void> {
    const webhook = await this.webhooks.get(account, id);
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
    return this.webhooks.delete(account, id);
  }

  async deliveries(account: Account, id: number, page: PageRequest): Promise<[Delivery[], number]> {
    const webhook = await this.webhooks.get(account, id);
    const [rows, total] = await this.webhooks.deliveries(webhook.id, page);
    return [rows.map(toDelivery), total];
  }

  /**
   * The event of one of the webhook's sent (or failed) deliveries, queued again behind the others:
   * WEBHOOK_REPLAYS_PER_HOUR an account (counted like the API's rate limit, across instances when
   * Redis is configured), and none while the account has WEBHOOK_MAX_PENDING deliveries waiting.
   */
  async replay(account: Account, id: number, deliveryId: number): Promise<number> {
    const webhook = await this.webhooks.get(account, id);
    const limit = this.config.webhookReplaysPerHour;
    const window = await this.windows.increment(`webhook-replays:${account.id}`, REPLAY_WINDOW_MS, limit);
    if (window.isBlocked) {
      throw tooManyRequests(
        `An account may replay ${limit} webhook deliveries an hour. Try again in ${window.timeToExpire} seconds.`,
        window.timeToExpire,
      );
    }
    if ((await this.webhooks.waiting(account, this.config.webhookMaxPending)) >= this.config.webhookMaxPending) {
      throw tooManyRequests(
        `The account has ${this.config.webhookMaxPending} webhook deliveries waiting to be sent, the most kept; replay once some have been sent.`,
        BACKLOG_RETRY_SECONDS,
      );
    }
    const replayed = await this.webhooks.replay(deliveryId, webhook.id, new Date(this.clock.now()));
    if (replayed === null) {
      if (await this.webhooks.hasDelivery(webhook.id, deliveryId))
        throw badRequest(`Delivery ${deliveryId} is still waiting to be sent; it can be replayed once it was delivered or failed.`);
      throw notFound(`No delivery with id ${deliveryId} for this webhook.`);
    }
    return replayed;
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
        throw badRequest(
          `Invalid field "url": ${error.message}; webhooks call public http(s) addresses only (the operator may allow private ones, for local tests or a private network, with WEBHOOK_ALLOW_PRIVATE=true).`,
          'url',
        );
      throw error;
    }
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
