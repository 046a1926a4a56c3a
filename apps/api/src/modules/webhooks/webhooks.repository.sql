-- The statements of webhooks.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- WebhooksRepository.list
SELECT r."id" AS "r.id", r."user_id" AS "r.userId", r."created_at" AS "r.createdAt", r."url" AS "r.url", r."events" AS "r.events", r."secret" AS "r.secret", r."enabled" AS "r.enabled", r."disabled_reason" AS "r.disabledReason", r."dropped" AS "r.dropped", r."last_dropped_at" AS "r.lastDroppedAt", count(*) OVER () AS total FROM "webhooks" r
WHERE r."user_id" = $1 ORDER BY r."id" DESC OFFSET $2 LIMIT $3;

-- WebhooksRepository.get
SELECT "WebhookEntity"."id" AS "WebhookEntity_id", "WebhookEntity"."user_id" AS "WebhookEntity_user_id", "WebhookEntity"."created_at" AS "WebhookEntity_created_at", "WebhookEntity"."url" AS "WebhookEntity_url", "WebhookEntity"."events" AS "WebhookEntity_events", "WebhookEntity"."secret" AS "WebhookEntity_secret", "WebhookEntity"."enabled" AS "WebhookEntity_enabled", "WebhookEntity"."disabled_reason" AS "WebhookEntity_disabled_reason", "WebhookEntity"."dropped" AS "WebhookEntity_dropped", "WebhookEntity"."last_dropped_at" AS "WebhookEntity_last_dropped_at" FROM "webhooks" "WebhookEntity" WHERE (("WebhookEntity"."id" = $1) AND ("WebhookEntity"."user_id" = $2)) LIMIT 1;

-- WebhooksRepository.count
SELECT COUNT(1) AS "cnt" FROM "webhooks" "WebhookEntity" WHERE (("WebhookEntity"."user_id" = $1));

-- WebhooksRepository.save
START TRANSACTION;
INSERT INTO "webhooks"("user_id", "created_at", "url", "events", "secret", "enabled", "disabled_reason") VALUES ($1, DEFAULT, $2, $3, $4, $5, DEFAULT) RETURNING "id", "created_at", "enabled", "dropped";
COMMIT;

-- WebhooksRepository.pending
SELECT webhook_id, count(*) AS pending FROM webhook_deliveries WHERE webhook_id = ANY($1) AND status = 'pending' GROUP BY webhook_id;

-- WebhooksRepository.deliveries
SELECT d.id, d.status, d.attempts, d.next_attempt_at, d.last_attempt_at, d.last_status, d.last_error, d.delivered_at,
e.id AS event_id, e.type, e.created_at AS event_at
FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
WHERE d.webhook_id = $1 ORDER BY d.id DESC OFFSET $2 LIMIT $3;
SELECT count(*) AS total FROM webhook_deliveries WHERE webhook_id = $1;

-- WebhooksRepository.waiting
SELECT count(*)::int AS n FROM (SELECT 1 FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
WHERE w.user_id = $1 AND d.status = 'pending' LIMIT $2) waiting;

-- WebhooksRepository.replay
WITH sent AS (
SELECT d.webhook_id, d.event_id FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
WHERE d.id = $1 AND d.webhook_id = $2 AND d.status <> 'pending' FOR KEY SHARE OF e)
INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at, created_at)
SELECT webhook_id, event_id, $3, $3 FROM sent
RETURNING id;

-- WebhooksRepository.hasDelivery
SELECT 1 FROM webhook_deliveries WHERE id = $1 AND webhook_id = $2;

-- WebhooksRepository.delete
START TRANSACTION;
DELETE FROM "webhooks" WHERE ("id" = $1 AND "user_id" = $2);
COMMIT;
