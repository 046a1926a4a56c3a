-- The statements of webhook-events.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- WebhookEvents.record
WITH source AS (SELECT p.payload, p.n FROM unnest($1::json[]) WITH ORDINALITY AS p(payload, n)),
wanted AS (SELECT w.id FROM webhooks w WHERE w.user_id = $2 AND w.enabled AND ($3::text = ANY(w.events) OR split_part($3::text, '.', 1) || '.*' = ANY(w.events)) FOR KEY SHARE),
room AS (SELECT (SELECT count(*) FROM wanted) AS hooks,
$5::bigint - (SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries d JOIN webhooks x ON x.id = d.webhook_id
WHERE x.user_id = $2 AND d.status = 'pending' LIMIT $5) waiting) AS free),
kept AS (SELECT s.payload, s.n FROM source s, room WHERE room.hooks > 0 AND s.n * room.hooks <= room.free),
events AS (
INSERT INTO webhook_events (user_id, type, payload, created_at)
SELECT $2, $3, k.payload, $4 FROM kept k ORDER BY k.n
RETURNING id),
deliveries AS (
INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at, created_at)
SELECT w.id, e.id, $4, $4 FROM wanted w CROSS JOIN events e ORDER BY e.id, w.id),
lost AS (SELECT CASE WHEN room.hooks > 0 THEN (SELECT count(*) FROM source) - (SELECT count(*) FROM kept) ELSE 0 END AS n FROM room),
counted AS (
UPDATE webhooks w SET dropped = w.dropped + lost.n, last_dropped_at = $4
FROM wanted, lost WHERE w.id = wanted.id AND lost.n > 0)
SELECT n::int AS dropped FROM lost;

-- WebhookEvents.recordClicks
SELECT 'link' AS kind, l.id, l.user_id, l.alias FROM links l
WHERE EXISTS (SELECT 1 FROM webhooks WHERE enabled AND events && ARRAY['link.clicked', 'qr.scanned', 'link.*', 'qr.*']) AND l.id = ANY($1)
AND EXISTS (SELECT 1 FROM webhooks w WHERE w.user_id = l.user_id AND w.enabled AND ('link.clicked' = ANY(w.events) OR split_part('link.clicked', '.', 1) || '.*' = ANY(w.events)))
UNION ALL
SELECT 'qr', q.id, q.user_id, q.alias FROM qr_codes q
WHERE EXISTS (SELECT 1 FROM webhooks WHERE enabled AND events && ARRAY['link.clicked', 'qr.scanned', 'link.*', 'qr.*']) AND q.id = ANY($2)
AND EXISTS (SELECT 1 FROM webhooks w WHERE w.user_id = q.user_id AND w.enabled AND ('qr.scanned' = ANY(w.events) OR split_part('qr.scanned', '.', 1) || '.*' = ANY(w.events)));
