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

/** One click as a webhook tells of it: never the visitor's address or key. */
export interface ClickOfEvent {
  linkId: number | null;
  qrId: number | null;
  at: Date;
  country: string | null;
  referrer: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  social: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  bot: boolean;
}

const CLICK_TYPES = `ARRAY['link.clicked', 'qr.scanned', 'link.*', 'qr.*']`;

/**
 * Writes the `link.clicked` and `qr.scanned` events of a batch of clicks, in the click batch's
 * transaction: one event per account and type for every CLICKS_PER_EVENT clicks, and a delivery
 * per webhook that wants it. The JSON is written here, from the batch in memory, so the database
 * stores one row per thousand clicks; with no webhook that wants clicks anywhere, one short query
 * answers that at once.
 */
export async function recordClickEvents(manager: EntityManager, clicks: ClickOfEvent[], now: Date): Promise<void> {
  const linkIds = [...new Set(clicks.flatMap((click) => (click.linkId === null ? [] : [click.linkId])))];
  const qrIds = [...new Set(clicks.flatMap((click) => (click.qrId === null ? [] : [click.qrId])))];
  const owners = await manager.query<{ kind: 'link' | 'qr'; id: number; user_id: number; alias: string }[]>(
    `SELECT 'link' AS kind, l.id, l.user_id, l.alias FROM links l
      WHERE EXISTS (SELECT 1 FROM webhooks WHERE enabled AND events && ${CLICK_TYPES}) AND l.id = ANY($1)
        AND EXISTS (SELECT 1 FROM webhooks w WHERE w.user_id = l.user_id AND w.enabled AND ${wants('w', "'link.clicked'")})
     UNION ALL
     SELECT 'qr', q.id, q.user_id, q.alias FROM qr_codes q
      WHERE EXISTS (SELECT 1 FROM webhooks WHERE enabled AND events && ${CLICK_TYPES}) AND q.id = ANY($2)
        AND EXISTS (SELECT 1 FROM webhooks w WHERE w.user_id = q.user_id AND w.enabled AND ${wants('w', "'qr.scanned'")})`,
    [linkIds, qrIds],
  );
  if (owners.length === 0) return;
  const ownerOf = new Map(owners.map((owner) => [`${owner.kind}:${owner.id}`, owner]));
  // Per account and type, the clicks' JSON, oldest first.
  const streams = new Map<string, { userId: number; type: EventType; clicks: string[] }>();
  for (const click of [...clicks].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const kind = click.linkId !== null ? 'link' : 'qr';
    const owner = ownerOf.get(`${kind}:${click.linkId ?? click.qrId}`);
    if (!owner) continue;
    const type: EventType = kind === 'link' ? 'link.clicked' : 'qr.scanned';
    const key = `${owner.user_id}:${type}`;
    let stream = streams.get(key);
    if (!stream) streams.set(key, (stream = { userId: owner.user_id, type, clicks: [] }));
    stream.clicks.push(
      JSON.stringify({
        [kind]: { id: owner.id, alias: owner.alias },
        date: click.at.toISOString(),
        country: click.country,
        referrer: click.referrer,
        browser: click.browser,
        os: click.os,
        device: click.device,
        social: click.social,
        utmSource: click.utmSource,
        utmMedium: click.utmMedium,
        utmCampaign: click.utmCampaign,
        bot: click.bot,
      }),
    );
  }
  const events: { userId: number; type: EventType; payload: string }[] = [];
  for (const stream of streams.values()) {
    for (let start = 0; start < stream.clicks.length; start += CLICKS_PER_EVENT) {
      events.push({
        userId: stream.userId,
        type: stream.type,
        payload: `{"clicks":[${stream.clicks.slice(start, start + CLICKS_PER_EVENT).join(',')}]}`,
      });
    }
  }
  await manager.query(
    `WITH events AS (
       INSERT INTO webhook_events (user_id, type, payload, created_at)
       SELECT e.user_id, e.type, e.payload, $4 FROM unnest($1::int[], $2::text[], $3::json[]) WITH ORDINALITY AS e(user_id, type, payload, n)
        ORDER BY e.n
       RETURNING id, user_id, type),
     hooks AS (SELECT w.id, w.user_id, w.events FROM webhooks w WHERE w.enabled AND w.user_id = ANY($1) FOR KEY SHARE)
     INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at, created_at)
     SELECT w.id, e.id, $4, $4 FROM events e JOIN hooks w ON w.user_id = e.user_id AND ${wants('w', 'e.type')} ORDER BY e.id, w.id`,
    [events.map((event) => event.userId), events.map((event) => event.type), events.map((event) => event.payload), now],
  );
}
