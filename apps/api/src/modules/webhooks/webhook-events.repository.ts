import { Inject, Injectable } from '@nestjs/common';
import { prepared, statementText } from '../../database/guarded-pg';
import { Sql, type Scope } from '../../database/sql';
import { clickEvents, type ClickOfEvent, type ClickOwner, type EventType } from './webhook-events';
import { WebhookOutbox, wants, type PendingLimit } from './webhook-outbox';

const CLICK_TYPES = `ARRAY['link.clicked', 'qr.scanned', 'link.*', 'qr.*']`;

const EXAMPLE_TIME = new Date('2026-01-01T00:00:00Z');
const exampleClick = (linkId: number): ClickOfEvent => ({
  linkId,
  qrId: null,
  at: EXAMPLE_TIME,
  country: 'FR',
  referrer: null,
  browser: 'Firefox',
  os: 'Linux',
  device: 'desktop',
  social: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  variant: null,
  bot: false,
});

/** `record`'s statement by the outbox's text it holds, built once. */
const recordTexts = new Map<string, string>();

/**
 * Writes events to the outbox, in the transaction of the change they tell of (or in its statement,
 * outboxPart): an event exists exactly when its change committed. Each event gets a delivery for
 * every enabled webhook of the account that wants it, at once (so a webhook made later never
 * receives older events, and one turned off misses what happens meanwhile); with no such webhook,
 * nothing is written.
 *
 * An account has at most WEBHOOK_MAX_PENDING deliveries waiting: the deliveries already waiting
 * are kept, and an event that would take the account past the bound is not queued. It is never
 * lost without a trace: each webhook that wanted it counts it (`dropped`, with `lastDropped`, on
 * the webhook), and so does the metric `linkyard_webhook_dropped_total`; the change itself is
 * written all the same. Events are kept or left out whole, in order: the first ones fit, the rest
 * do not.
 */
@Injectable()
export class WebhookEvents {
  constructor(@Inject(WebhookOutbox) private readonly outbox: WebhookOutbox) {}

  /** Events of one type of one account, one per payload, in the order given. */
  @Sql((f) => [f.scope, f.account.id, 'link.updated', [{ id: f.ids.link }]])
  async record(manager: Scope, userId: number, type: EventType, payloads: unknown[]): Promise<void> {
    if (payloads.length === 0) return;
    const outbox = this.outbox.part(userId, type, 2);
    const text = statementText(recordTexts, outbox.sql, () =>
      prepared(`WITH source AS (SELECT p.payload, p.n FROM unnest($1::json[]) WITH ORDINALITY AS p(payload, n)),
            ${outbox.sql}
       SELECT n::int AS dropped FROM lost`),
    );
    const [result] = await manager.query<{ dropped: number }[]>(text, [
      payloads.map((payload) => JSON.stringify(payload)),
      ...outbox.params,
    ]);
    outbox.settle(result?.dropped ?? 0);
  }

  /** The `link.clicked` and `qr.scanned` events of a batch of clicks (recordClickEvents), under the same bound. */
  @Sql((f) => [f.scope, [exampleClick(f.ids.link)], EXAMPLE_TIME])
  recordClicks(manager: Scope, clicks: ClickOfEvent[], now: Date): Promise<void> {
    return recordClickEvents(manager, clicks, now, this.outbox.limit);
  }
}

/**
 * Writes the `link.clicked` and `qr.scanned` events of a batch of clicks, in the click batch's
 * transaction: one event per account and type for every CLICKS_PER_EVENT clicks, oldest first, and
 * a delivery per webhook that wants it, each account's up to its bound (`limit`, as WebhookEvents
 * keeps it: the events past it are counted on the webhooks that wanted them, not queued). The
 * events are written here, from the batch in memory, in their stored form (StoredClicks); with no
 * webhook that wants clicks anywhere, one short query answers that at once.
 */
async function recordClickEvents(manager: Scope, clicks: ClickOfEvent[], now: Date, limit: PendingLimit): Promise<void> {
  const links = new Set<number>();
  const qrs = new Set<number>();
  for (const click of clicks) {
    if (click.linkId !== null) links.add(click.linkId);
    else if (click.qrId !== null) qrs.add(click.qrId);
  }
  const owners = await manager.query<ClickOwner[]>(
    `SELECT 'link' AS kind, l.id, l.user_id, l.alias FROM links l
      WHERE EXISTS (SELECT 1 FROM webhooks WHERE enabled AND events && ${CLICK_TYPES}) AND l.id = ANY($1)
        AND EXISTS (SELECT 1 FROM webhooks w WHERE w.user_id = l.user_id AND w.enabled AND ${wants('w', "'link.clicked'")})
     UNION ALL
     SELECT 'qr', q.id, q.user_id, q.alias FROM qr_codes q
      WHERE EXISTS (SELECT 1 FROM webhooks WHERE enabled AND events && ${CLICK_TYPES}) AND q.id = ANY($2)
        AND EXISTS (SELECT 1 FROM webhooks w WHERE w.user_id = q.user_id AND w.enabled AND ${wants('w', "'qr.scanned'")})`,
    [[...links], [...qrs]],
  );
  if (owners.length === 0) return;
  const events = clickEvents(clicks, owners);
  // Per account, its events in order, each kept while the deliveries it needs fit in what the
  // account's backlog leaves of the bound; the others are counted on the webhooks that wanted them.
  const [result] = await manager.query<{ dropped: number }[]>(
    `WITH input AS (
       SELECT e.user_id, e.type, e.payload, e.n FROM unnest($1::int[], $2::text[], $3::json[]) WITH ORDINALITY AS e(user_id, type, payload, n)),
     hooks AS (SELECT w.id, w.user_id, w.events FROM webhooks w WHERE w.enabled AND w.user_id = ANY($1) FOR KEY SHARE),
     wanting AS (
       SELECT i.user_id, i.type, i.payload, i.n, (SELECT count(*) FROM hooks w WHERE w.user_id = i.user_id AND ${wants('w', 'i.type')}) AS hooks
         FROM input i),
     backlog AS (
       SELECT a.user_id, (SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries d JOIN webhooks x ON x.id = d.webhook_id
                                                 WHERE x.user_id = a.user_id AND d.status = 'pending' LIMIT $5) waiting) AS waiting
         FROM (SELECT DISTINCT user_id FROM input) a),
     ranked AS (SELECT w.*, sum(w.hooks) OVER (PARTITION BY w.user_id ORDER BY w.n) AS needed FROM wanting w WHERE w.hooks > 0),
     kept AS (SELECT r.* FROM ranked r JOIN backlog b ON b.user_id = r.user_id WHERE r.needed <= $5 - b.waiting),
     events AS (
       INSERT INTO webhook_events (user_id, type, payload, created_at)
       SELECT k.user_id, k.type, k.payload, $4 FROM kept k ORDER BY k.n
       RETURNING id, user_id, type),
     deliveries AS (
       INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at, created_at)
       SELECT w.id, e.id, $4, $4 FROM events e JOIN hooks w ON w.user_id = e.user_id AND ${wants('w', 'e.type')} ORDER BY e.id, w.id),
     lost AS (SELECT r.user_id, r.type, count(*) AS n FROM ranked r WHERE NOT EXISTS (SELECT 1 FROM kept k WHERE k.n = r.n) GROUP BY r.user_id, r.type),
     counted AS (
       UPDATE webhooks w SET dropped = w.dropped + x.n, last_dropped_at = $4
         FROM (SELECT h.id, sum(l.n) AS n FROM hooks h JOIN lost l ON l.user_id = h.user_id AND ${wants('h', 'l.type')} GROUP BY h.id) x
        WHERE w.id = x.id)
     SELECT coalesce(sum(n), 0)::int AS dropped FROM lost`,
    [events.map((event) => event.userId), events.map((event) => event.type), events.map((event) => event.payload), now, limit.maxPending],
  );
  if (result && result.dropped > 0) limit.dropped(result.dropped);
}
