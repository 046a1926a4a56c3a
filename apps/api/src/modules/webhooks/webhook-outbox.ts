import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { statementText } from '../../database/guarded-pg';
import type { EventType } from './webhook-events';
import { WebhookMetrics } from './webhook-metrics';

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

/** CTEs of the outbox, for a statement that writes events (outboxPart). */
export interface OutboxPart {
  sql: string;
  params: unknown[];
  /** Counts the events the bound kept out (the statement's `lost`). */
  settle(dropped: number): void;
}

/**
 * The outbox's part of a statement that writes a change and the events telling of it at once
 * (what WebhookEvents.record sends, for a change the same statement writes): CTEs that write the
 * events of the CTE `source` (columns `payload`, json, and `n`, their order from 1 without gaps)
 * of type `type` for the account `userId`, dated `now`, and leave in the CTE `lost` (column `n`)
 * how many the bound kept out. Its parameters are numbered from `first`; `settle` takes that
 * count once the statement has run.
 */
export function outboxPart(userId: number, type: EventType, first: number, now: Date, limit: PendingLimit): OutboxPart {
  return {
    sql: outboxSql(first),
    params: [userId, type, now, limit.maxPending],
    settle: (dropped) => {
      if (dropped > 0) limit.dropped(dropped);
    },
  };
}

/** The outbox's CTEs by where their parameters start, each text built once (the same string for every statement). */
const outboxTexts = new Map<number, string>();

function outboxSql(first: number): string {
  return statementText(outboxTexts, first, () => {
    const [user, kind, at, max] = [first, first + 1, first + 2, first + 3].map((n) => `$${n}`);
    // FOR KEY SHARE: a webhook deleted meanwhile waits for this transaction (its deliveries' key).
    // The account's backlog is counted up to the bound only.
    return `wanted AS (SELECT w.id FROM webhooks w WHERE w.user_id = ${user} AND w.enabled AND ${wants('w', `${kind}::text`)} FOR KEY SHARE),
          room AS (SELECT (SELECT count(*) FROM wanted) AS hooks,
                          ${max}::bigint - (SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries d JOIN webhooks x ON x.id = d.webhook_id
                                                                 WHERE x.user_id = ${user} AND d.status = 'pending' LIMIT ${max}) waiting) AS free),
          kept AS (SELECT s.payload, s.n FROM source s, room WHERE room.hooks > 0 AND s.n * room.hooks <= room.free),
          events AS (
            INSERT INTO webhook_events (user_id, type, payload, created_at)
            SELECT ${user}, ${kind}, k.payload, ${at} FROM kept k ORDER BY k.n
            RETURNING id),
          deliveries AS (
            INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at, created_at)
            SELECT w.id, e.id, ${at}, ${at} FROM wanted w CROSS JOIN events e ORDER BY e.id, w.id),
          lost AS (SELECT CASE WHEN room.hooks > 0 THEN (SELECT count(*) FROM source) - (SELECT count(*) FROM kept) ELSE 0 END AS n FROM room),
          counted AS (
            UPDATE webhooks w SET dropped = w.dropped + lost.n, last_dropped_at = ${at}
              FROM wanted, lost WHERE w.id = wanted.id AND lost.n > 0)`;
  });
}

/**
 * The outbox's parts for the statements that write events (WebhookEvents, and the repositories
 * whose statements write a change with its events), under the account's bound, dated now.
 */
@Injectable()
export class WebhookOutbox {
  readonly limit: PendingLimit;

  constructor(
    @Inject(Clock) private readonly clock: Clock,
    @Inject(CONFIG) config: Config,
    @Inject(WebhookMetrics) metrics: WebhookMetrics,
  ) {
    this.limit = { maxPending: config.webhookMaxPending, dropped: (events) => metrics.dropped.inc(events) };
  }

  /** The events of type `type` of the account `userId`, now: outboxPart. */
  part(userId: number, type: EventType, first: number): OutboxPart {
    return outboxPart(userId, type, first, new Date(this.clock.now()), this.limit);
  }
}
