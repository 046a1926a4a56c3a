import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { WebhookMetrics } from './webhook-metrics';

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
 * The bound on an account's deliveries waiting to be sent (WEBHOOK_MAX_PENDING), and what counts
 * the events it keeps out.
 */
export interface PendingLimit {
  maxPending: number;
  dropped(events: number): void;
}

/**
 * Writes events to the outbox, in the transaction of the change they tell of: an event exists
 * exactly when its change committed. Each event gets a delivery for every enabled webhook of the
 * account that wants it, at once (so a webhook made later never receives older events, and one
 * turned off misses what happens meanwhile); with no such webhook, nothing is written.
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
  private readonly limit: PendingLimit;

  constructor(
    @Inject(Clock) private readonly clock: Clock,
    @Inject(CONFIG) config: Config,
    @Inject(WebhookMetrics) metrics: WebhookMetrics,
  ) {
    this.limit = { maxPending: config.webhookMaxPending, dropped: (events) => metrics.dropped.inc(events) };
  }

  /** Events of one type of one account, one per payload, in the order given. */
  async record(manager: EntityManager, userId: number, type: EventType, payloads: unknown[]): Promise<void> {
    if (payloads.length === 0) return;
    const [result] = await manager.query<{ dropped: number }[]>(
      // FOR KEY SHARE: a webhook deleted meanwhile waits for this transaction (its deliveries' key).
      // The account's backlog is counted up to the bound only.
      `WITH wanted AS (SELECT w.id FROM webhooks w WHERE w.user_id = $1 AND w.enabled AND ${wants('w', '$2::text')} FOR KEY SHARE),
            room AS (SELECT (SELECT count(*) FROM wanted) AS hooks,
                            $5::bigint - (SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries d JOIN webhooks x ON x.id = d.webhook_id
                                                                 WHERE x.user_id = $1 AND d.status = 'pending' LIMIT $5) waiting) AS free),
            kept AS (SELECT p.payload, p.n FROM unnest($3::json[]) WITH ORDINALITY AS p(payload, n), room
                      WHERE room.hooks > 0 AND p.n * room.hooks <= room.free),
            events AS (
              INSERT INTO webhook_events (user_id, type, payload, created_at)
              SELECT $1, $2, k.payload, $4 FROM kept k ORDER BY k.n
              RETURNING id),
            deliveries AS (
              INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at, created_at)
              SELECT w.id, e.id, $4, $4 FROM wanted w CROSS JOIN events e ORDER BY e.id, w.id),
            lost AS (SELECT CASE WHEN room.hooks > 0 THEN cardinality($3::json[]) - (SELECT count(*) FROM kept) ELSE 0 END AS n FROM room),
            counted AS (
              UPDATE webhooks w SET dropped = w.dropped + lost.n, last_dropped_at = $4
                FROM wanted, lost WHERE w.id = wanted.id AND lost.n > 0)
       SELECT n::int AS dropped FROM lost`,
      [userId, type, payloads.map((payload) => JSON.stringify(payload)), new Date(this.clock.now()), this.limit.maxPending],
    );
    if (result && result.dropped > 0) this.limit.dropped(result.dropped);
  }

  /** The `link.clicked` and `qr.scanned` events of a batch of clicks (recordClickEvents), under the same bound. */
  recordClicks(manager: EntityManager, clicks: ClickOfEvent[], now: Date): Promise<void> {
    return recordClickEvents(manager, clicks, now, this.limit);
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

/** What a click tells, as its event carries it, but its time: `link` (or `qr`) first, then the rest. */
type ClickFacts = Record<string, unknown>;

/**
 * A `link.clicked` or `qr.scanned` event as the outbox keeps it: each combination of what its
 * clicks tell (a group) once, then per click the index of its group and its time in milliseconds
 * after `start`. A thousand clicks of a few visitors take a few kilobytes instead of a few hundred,
 * and are made on the click path without a JSON object per click; the dispatcher writes the
 * receiver's form (eventBody) when it sends the event.
 */
interface StoredClicks {
  v: 2;
  start: number;
  groups: ClickFacts[];
  /** Pairs: group index, milliseconds after start. */
  clicks: number[];
}

/** A value in a group's key: no stored value holds a NUL or a U+0001, so null is told apart from every string. */
const text = (value: string | null) => (value === null ? '\u0001' : value);

/** The clicks of one account and type in a batch, an event per CLICKS_PER_EVENT. */
interface ClickStream {
  userId: number;
  type: EventType;
  chunks: ClickChunk[];
}

/** A link or QR code clicked in a batch, with the stream its clicks go to. */
interface Target {
  kind: 'link' | 'qr';
  id: number;
  alias: string;
  stream: ClickStream;
}

/** One event's clicks while a batch is read: its groups by key, and the pairs. */
class ClickChunk {
  private readonly groups = new Map<string, number>();
  private readonly facts: ClickFacts[] = [];
  private readonly pairs: number[] = [];
  private start = 0;

  get size(): number {
    return this.pairs.length / 2;
  }

  add(target: Target, click: ClickOfEvent): void {
    const at = click.at.getTime();
    if (this.pairs.length === 0) this.start = at;
    const key = `${target.id}\0${click.bot ? 1 : 0}\0${text(click.country)}\0${text(click.referrer)}\0${text(click.browser)}\0${text(click.os)}\0${text(click.device)}\0${text(click.social)}\0${text(click.utmSource)}\0${text(click.utmMedium)}\0${text(click.utmCampaign)}`;
    let group = this.groups.get(key);
    if (group === undefined) {
      group = this.facts.length;
      this.groups.set(key, group);
      this.facts.push({
        [target.kind]: { id: target.id, alias: target.alias },
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
      });
    }
    this.pairs.push(group, at - this.start);
  }

  toJSON(): StoredClicks {
    return { v: 2, start: this.start, groups: this.facts, clicks: this.pairs };
  }
}

/** A link or QR code of a batch whose owner has a webhook that wants its clicks. */
export interface ClickOwner {
  kind: 'link' | 'qr';
  id: number;
  user_id: number;
  alias: string;
}

/**
 * The events of a batch of clicks, in their stored form: per account and type, an event for every
 * CLICKS_PER_EVENT clicks, oldest first. Clicks of a link or QR code not among `owners` are left out.
 */
export function clickEvents(clicks: ClickOfEvent[], owners: ClickOwner[]): { userId: number; type: EventType; payload: string }[] {
  // Per account and type, its events' clicks, oldest first; each link or QR code finds its stream once.
  const streams = new Map<string, ClickStream>();
  const found = { link: new Map<number, Target>(), qr: new Map<number, Target>() };
  for (const owner of owners) {
    const type: EventType = owner.kind === 'link' ? 'link.clicked' : 'qr.scanned';
    const key = `${owner.user_id}:${type}`;
    let stream = streams.get(key);
    if (!stream) streams.set(key, (stream = { userId: owner.user_id, type, chunks: [] }));
    found[owner.kind].set(owner.id, { kind: owner.kind, id: owner.id, alias: owner.alias, stream });
  }
  // A batch is in the order its clicks came, which is their time's but for a clock set back.
  const ordered = clicks.every((click, index) => index === 0 || clicks[index - 1]!.at <= click.at)
    ? clicks
    : [...clicks].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const click of ordered) {
    const target = click.linkId !== null ? found.link.get(click.linkId) : found.qr.get(click.qrId!);
    if (!target) continue;
    const chunks = target.stream.chunks;
    let chunk = chunks[chunks.length - 1];
    if (!chunk || chunk.size === CLICKS_PER_EVENT) chunks.push((chunk = new ClickChunk()));
    chunk.add(target, click);
  }
  return [...streams.values()].flatMap((stream) =>
    stream.chunks.map((chunk) => ({ userId: stream.userId, type: stream.type, payload: JSON.stringify(chunk) })),
  );
}

/**
 * Writes the `link.clicked` and `qr.scanned` events of a batch of clicks, in the click batch's
 * transaction: one event per account and type for every CLICKS_PER_EVENT clicks, oldest first, and
 * a delivery per webhook that wants it, each account's up to its bound (`limit`, as WebhookEvents
 * keeps it: the events past it are counted on the webhooks that wanted them, not queued). The
 * events are written here, from the batch in memory, in their stored form (StoredClicks); with no
 * webhook that wants clicks anywhere, one short query answers that at once.
 */
export async function recordClickEvents(manager: EntityManager, clicks: ClickOfEvent[], now: Date, limit: PendingLimit): Promise<void> {
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

/** 0 to 999 as three digits. */
const MILLIS = Array.from({ length: 1000 }, (_, index) => String(index).padStart(3, '0'));

/** The longest text of a date's second, with its dot (an extended year: `+275760-09-13T00:00:00.`). */
const SECOND_TEXT_MAX = 23;

/**
 * The body a receiver gets for an event (`type`, `timestamp`, `data`), as the bytes that are signed
 * and sent, from its payload as the outbox keeps it. A click event's stored form becomes
 * `{"clicks": [...]}`, one object per click, oldest first, written straight into the body's bytes
 * (no string of the whole body is made); every other payload, and a click event written before the
 * stored form, is sent as it is.
 */
export function eventBody(type: string, timestamp: Date, payload: string): Buffer {
  const head = `{"type":${JSON.stringify(type)},"timestamp":"${timestamp.toISOString()}","data":`;
  const stored = type === 'link.clicked' || type === 'qr.scanned' ? (JSON.parse(payload) as Partial<StoredClicks>) : null;
  if (!stored || stored.v !== 2 || !stored.groups || !stored.clicks || typeof stored.start !== 'number') {
    return Buffer.from(`${head}${payload}}`);
  }
  // Per group, the click's JSON before and after its date, written once; the date's text up to
  // its milliseconds written once a second.
  const heads: Buffer[] = [];
  const tails: Buffer[] = [];
  for (const group of stored.groups) {
    const [target, ...rest] = Object.entries(group);
    heads.push(Buffer.from(`{${JSON.stringify(target![0])}:${JSON.stringify(target![1])},"date":"`));
    tails.push(Buffer.from(`Z",${JSON.stringify(Object.fromEntries(rest)).slice(1)}`));
  }
  const { start, clicks } = stored;
  const opening = `${head}{"clicks":[`;
  let size = Buffer.byteLength(opening) + 3;
  for (let index = 0; index < clicks.length; index += 2) {
    size += heads[clicks[index]!]!.length + SECOND_TEXT_MAX + 3 + tails[clicks[index]!]!.length + 1;
  }
  const body = Buffer.allocUnsafe(size);
  let at = body.write(opening);
  let second = NaN;
  let upToSecond = '';
  for (let index = 0; index < clicks.length; index += 2) {
    const group = clicks[index]!;
    const time = start + clicks[index + 1]!;
    const millis = ((time % 1000) + 1000) % 1000;
    if (time - millis !== second) {
      second = time - millis;
      const iso = new Date(second).toISOString();
      upToSecond = iso.slice(0, iso.length - 4);
    }
    if (index > 0) body[at++] = 0x2c; // ,
    body.set(heads[group]!, at);
    at += heads[group]!.length;
    at += body.write(upToSecond, at, 'latin1');
    at += body.write(MILLIS[millis]!, at, 'latin1');
    body.set(tails[group]!, at);
    at += tails[group]!.length;
  }
  at += body.write(']}}', at, 'latin1');
  return body.subarray(0, at);
}
