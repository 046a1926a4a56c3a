-- The statements of reports.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- ReportsRepository.list
SELECT r."id" AS "r.id", r."user_id" AS "r.userId", r."created_at" AS "r.createdAt", r."link_id" AS "r.linkId", r."campaign_id" AS "r.campaignId", r."token_hash" AS "r.tokenHash", r."hint" AS "r.hint", r."name" AS "r.name", r."show_destination" AS "r.showDestination", r."expires_at" AS "r.expiresAt", count(*) OVER () AS total FROM "shared_reports" r
WHERE r."user_id" = $1 ORDER BY r."id" DESC OFFSET $2 LIMIT $3;

-- ReportsRepository.insert
START TRANSACTION;
INSERT INTO "shared_reports"("user_id", "created_at", "link_id", "campaign_id", "token_hash", "hint", "name", "show_destination", "expires_at") VALUES ($1, DEFAULT, $2, $3, $4, $5, $6, DEFAULT, DEFAULT) RETURNING "id", "created_at", "name", "show_destination";
COMMIT;

-- ReportsRepository.byToken
SELECT r.id, r.link_id, r.campaign_id, r.show_destination, r.expires_at,
l.alias, l.title, l.url, d.domain, c.name AS campaign_name
FROM shared_reports r
JOIN users u ON u.id = r.user_id AND u.disabled_at IS NULL
LEFT JOIN links l ON l.id = r.link_id
LEFT JOIN domains d ON d.id = l.domain_id
LEFT JOIN campaigns c ON c.id = r.campaign_id
WHERE r.token_hash = $1 AND (r.expires_at IS NULL OR r.expires_at > $2);

-- ReportsRepository.delete
START TRANSACTION;
DELETE FROM "shared_reports" WHERE ("id" = $1 AND "user_id" = $2);
COMMIT;
