-- The statements of webhook-deliveries.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- WebhookDeliveries.claim
WITH heads AS (
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
SELECT * FROM claimed;

-- WebhookDeliveries.due
SELECT count(*)::int AS count FROM webhooks w
CROSS JOIN LATERAL (SELECT p.next_attempt_at, p.claimed_until FROM webhook_deliveries p
WHERE p.webhook_id = w.id AND p.status = 'pending' ORDER BY p.id LIMIT 1) head
WHERE w.enabled AND head.next_attempt_at <= $1 AND (head.claimed_until IS NULL OR head.claimed_until <= $1);

-- WebhookDeliveries.delivered
UPDATE webhook_deliveries SET status = 'delivered', attempts = $3, last_attempt_at = $4, last_status = $5,
last_error = NULL, delivered_at = $4, claimed_until = NULL WHERE id = $1 AND claimed_until = $2;

-- WebhookDeliveries.retry
UPDATE webhook_deliveries SET attempts = $3, last_attempt_at = $4, last_status = $5, last_error = $6,
next_attempt_at = $7, claimed_until = NULL WHERE id = $1 AND claimed_until = $2;

-- WebhookDeliveries.failed
START TRANSACTION;
UPDATE webhook_deliveries SET status = 'failed', attempts = $3, last_attempt_at = $4, last_status = $5, last_error = $6,
claimed_until = NULL WHERE id = $1 AND claimed_until = $2;
COMMIT;

-- WebhookDeliveries.prune
DELETE FROM webhook_deliveries WHERE status = 'delivered' AND delivered_at < $1;
DELETE FROM webhook_events WHERE id IN (
SELECT e.id FROM webhook_events e
WHERE e.created_at < $1 AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
FOR UPDATE SKIP LOCKED);

-- WebhookDeliveries.backlog
SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'pending';
