import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';

/** What happens in an account that a webhook can ask to hear of. */
export const EVENT_TYPES = [
  'link.created',
  'link.updated',
  'link.deleted',
  'link.clicked',
  'qr.scanned',
  'campaign.created',
  'campaign.updated',
  'campaign.deleted',
  'domain.created',
  'domain.updated',
  'domain.deleted',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What a webhook may ask for: a type, or a family of them (`link.*`). */
export const EVENT_NAMES: readonly string[] = [...EVENT_TYPES, ...new Set(EVENT_TYPES.map((type) => `${type.split('.')[0]}.*`))];

/** Clicks (or scans) one `link.clicked` (`qr.scanned`) event carries at most. */
export const CLICKS_PER_EVENT = 1000;

/**
 * The condition "webhook `w` wants events of type `type`" in SQL (an exact type or its family).
 * `type` is an SQL expression.
 */
export const wants = (w: string, type: string) => `(${type} = ANY(${w}.events) OR split_part(${type}, '.', 1) || '.*' = ANY(${w}.events))`;

/**
 * Writes events to the outbox, in the transaction of the change they tell of: an event exists
 * exactly when its change committed. Each event gets a delivery for every enabled webhook of the
 * account that wants it, at once (so a webhook made later never receives older events, and one
 * turned off misses what happens meanwhile); with no such webhook, nothing is written.
 */
@Injectable()
export class WebhookEvents {
  constructor(@Inject(Clock) private readonly clock: Clock) {}

  /** Events of one type of one account, one per payload, in the order given. */
  async record(manager: EntityManager, userId: number, type: EventType, payloads: unknown[]): Promise<void> {
    if (payloads.length === 0) return;
    await manager.query(
      // FOR KEY SHARE: a webhook deleted meanwhile waits for this transaction (its deliveries' key).
      `WITH wanted AS (SELECT w.id FROM webhooks w WHERE w.user_id = $1 AND w.enabled AND ${wants('w', '$2::text')} FOR KEY SHARE),
            events AS (
              INSERT INTO webhook_events (user_id, type, payload, created_at)
              SELECT $1, $2, p.payload, $4 FROM unnest($3::json[]) WITH ORDINALITY AS p(payload, n)
               WHERE EXISTS (SELECT 1 FROM wanted) ORDER BY p.n
              RETURNING id)
       INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at, created_at)
       SELECT w.id, e.id, $4, $4 FROM wanted w CROSS JOIN events e ORDER BY e.id, w.id`,
      [userId, type, payloads.map((payload) => JSON.stringify(payload)), new Date(this.clock.now())],
    );
  }
}

/**
 * The SQL that turns the clicks a batch wrote into `link.clicked` and `qr.scanned` events (at most
 * CLICKS_PER_EVENT clicks each, per account), run in the click batch's own statement: `written`
 * names the rows the batch inserted (link_id, qr_id, created_at and the click's dimensions), `$now`
 * the time. With no webhook that wants clicks anywhere, it stops before reading a click.
 */
export function clickEventsSql(written: string, now: string): string {
  // json, not jsonb: the events are text sent on as they are, and json is built without being parsed.
  const click = `json_build_object(CASE WHEN h.link_id IS NOT NULL THEN 'link' ELSE 'qr' END,
                   json_build_object('id', coalesce(h.link_id, h.qr_id), 'alias', h.alias), 'date', h.created_at,
                   'country', h.country, 'referrer', h.referrer, 'browser', h.browser, 'os', h.os, 'device', h.device,
                   'social', h.social, 'utmSource', h.utm_source, 'utmMedium', h.utm_medium, 'utmCampaign', h.utm_campaign,
                   'bot', h.bot)`;
  return `
    hooked AS (
      SELECT c.*, coalesce(l.user_id, q.user_id) AS user_id, coalesce(l.alias, q.alias) AS alias,
             CASE WHEN c.link_id IS NOT NULL THEN 'link.clicked' ELSE 'qr.scanned' END AS type
        FROM ${written} c
        LEFT JOIN links l ON l.id = c.link_id
        LEFT JOIN qr_codes q ON q.id = c.qr_id
       WHERE EXISTS (SELECT 1 FROM webhooks WHERE enabled AND events && ARRAY['link.clicked', 'qr.scanned', 'link.*', 'qr.*'])),
    wanting AS (
      -- Only the clicks of accounts with a webhook that wants them are written out as JSON.
      SELECT h.user_id, h.type, h.created_at, ${click} AS click,
             (row_number() OVER (PARTITION BY h.user_id, h.type ORDER BY h.created_at) - 1) / ${CLICKS_PER_EVENT} AS part
        FROM hooked h
       WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.user_id = h.user_id AND w.enabled AND ${wants('w', 'h.type')})),
    click_events AS (
      INSERT INTO webhook_events (user_id, type, payload, created_at)
      SELECT user_id, type,
             json_build_object('clicks', json_agg(click ORDER BY created_at)),
             ${now}
        FROM wanting GROUP BY user_id, type, part ORDER BY min(created_at)
      RETURNING id, user_id, type),
    click_hooks AS (
      SELECT w.id, w.user_id, w.events FROM webhooks w
       WHERE w.enabled AND w.events && ARRAY['link.clicked', 'qr.scanned', 'link.*', 'qr.*'] AND EXISTS (SELECT 1 FROM hooked)
         FOR KEY SHARE),
    click_deliveries AS (
      INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at, created_at)
      SELECT w.id, e.id, ${now}, ${now} FROM click_events e JOIN click_hooks w ON w.user_id = e.user_id AND ${wants('w', 'e.type')}
       ORDER BY e.id, w.id)`;
}
