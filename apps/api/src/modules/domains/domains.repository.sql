-- The statements of domains.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- DomainsRepository.list
SELECT r."id" AS "r.id", r."user_id" AS "r.userId", r."created_at" AS "r.createdAt", r."domain" AS "r.domain", r."host" AS "r.host", r."redirect_root" AS "r.redirectRoot", r."redirect_404" AS "r.redirect404", count(*) OVER () AS total FROM "domains" r
WHERE r."user_id" = $1 ORDER BY r."id" DESC OFFSET $2 LIMIT $3;
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

-- DomainsRepository.get
SELECT "DomainEntity"."id" AS "DomainEntity_id", "DomainEntity"."user_id" AS "DomainEntity_user_id", "DomainEntity"."created_at" AS "DomainEntity_created_at", "DomainEntity"."domain" AS "DomainEntity_domain", "DomainEntity"."host" AS "DomainEntity_host", "DomainEntity"."redirect_root" AS "DomainEntity_redirect_root", "DomainEntity"."redirect_404" AS "DomainEntity_redirect_404" FROM "domains" "DomainEntity" WHERE (("DomainEntity"."id" = $1) AND ("DomainEntity"."user_id" = $2)) LIMIT 1;

-- DomainsRepository.byHost
SELECT "DomainEntity"."id" AS "DomainEntity_id", "DomainEntity"."user_id" AS "DomainEntity_user_id", "DomainEntity"."created_at" AS "DomainEntity_created_at", "DomainEntity"."domain" AS "DomainEntity_domain", "DomainEntity"."host" AS "DomainEntity_host", "DomainEntity"."redirect_root" AS "DomainEntity_redirect_root", "DomainEntity"."redirect_404" AS "DomainEntity_redirect_404" FROM "domains" "DomainEntity" WHERE (("DomainEntity"."host" = $1)) LIMIT 1;

-- DomainsRepository.ownedByHost
SELECT "DomainEntity"."id" AS "DomainEntity_id", "DomainEntity"."user_id" AS "DomainEntity_user_id", "DomainEntity"."created_at" AS "DomainEntity_created_at", "DomainEntity"."domain" AS "DomainEntity_domain", "DomainEntity"."host" AS "DomainEntity_host", "DomainEntity"."redirect_root" AS "DomainEntity_redirect_root", "DomainEntity"."redirect_404" AS "DomainEntity_redirect_404" FROM "domains" "DomainEntity" WHERE (("DomainEntity"."host" = $1) AND ("DomainEntity"."user_id" = $2)) LIMIT 1;

-- DomainsRepository.ownedAmong
SELECT "DomainEntity"."id" AS "DomainEntity_id", "DomainEntity"."user_id" AS "DomainEntity_user_id", "DomainEntity"."created_at" AS "DomainEntity_created_at", "DomainEntity"."domain" AS "DomainEntity_domain", "DomainEntity"."host" AS "DomainEntity_host", "DomainEntity"."redirect_root" AS "DomainEntity_redirect_root", "DomainEntity"."redirect_404" AS "DomainEntity_redirect_404" FROM "domains" "DomainEntity" WHERE (("DomainEntity"."user_id" = $1) AND ("DomainEntity"."host" IN ($2, $3)));

-- DomainsRepository.taken
SELECT 1 AS "row_exists" FROM (SELECT 1 AS dummy_column) "dummy_table" WHERE EXISTS (SELECT 1 FROM "domains" "DomainEntity" WHERE (("DomainEntity"."host" = $1))) LIMIT 1;

-- DomainsRepository.add
START TRANSACTION;
INSERT INTO "domains"("user_id", "created_at", "domain", "host", "redirect_root", "redirect_404") VALUES ($1, DEFAULT, $2, $3, $4, $5) RETURNING "id", "created_at", "redirect_root", "redirect_404";
COMMIT;

-- DomainsRepository.save
UPDATE "domains" SET "redirect_root" = $1, "redirect_404" = $2 WHERE ("id" = $3 AND "user_id" = $4);

-- DomainsRepository.delete
DELETE FROM "domains" WHERE ("id" = $1 AND "user_id" = $2);
