-- The statements of qr.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- QrRepository.list
SELECT r."id" AS "r.id", r."user_id" AS "r.userId", r."created_at" AS "r.createdAt", r."alias" AS "r.alias", r."name" AS "r.name", r."type" AS "r.type", r."data" AS "r.data", r."background" AS "r.background", r."foreground" AS "r.foreground", r."logo_url" AS "r.logoUrl", r."logo" AS "r.logo", r."logo_type" AS "r.logoType", r."scans" AS "r.scans", r."unique_scans" AS "r.uniqueScans", count(*) OVER () AS total FROM "qr_codes" r
WHERE r."user_id" = $1 ORDER BY r."id" DESC OFFSET $2 LIMIT $3;

-- QrRepository.get
SELECT "QrEntity"."id" AS "QrEntity_id", "QrEntity"."user_id" AS "QrEntity_user_id", "QrEntity"."created_at" AS "QrEntity_created_at", "QrEntity"."alias" AS "QrEntity_alias", "QrEntity"."name" AS "QrEntity_name", "QrEntity"."type" AS "QrEntity_type", "QrEntity"."data" AS "QrEntity_data", "QrEntity"."background" AS "QrEntity_background", "QrEntity"."foreground" AS "QrEntity_foreground", "QrEntity"."logo_url" AS "QrEntity_logo_url", "QrEntity"."logo_type" AS "QrEntity_logo_type", "QrEntity"."scans" AS "QrEntity_scans", "QrEntity"."unique_scans" AS "QrEntity_unique_scans" FROM "qr_codes" "QrEntity" WHERE (("QrEntity"."id" = $1) AND ("QrEntity"."user_id" = $2)) LIMIT 1;

-- QrRepository.byIds
SELECT "QrEntity"."id" AS "QrEntity_id", "QrEntity"."user_id" AS "QrEntity_user_id", "QrEntity"."created_at" AS "QrEntity_created_at", "QrEntity"."alias" AS "QrEntity_alias", "QrEntity"."name" AS "QrEntity_name", "QrEntity"."type" AS "QrEntity_type", "QrEntity"."data" AS "QrEntity_data", "QrEntity"."background" AS "QrEntity_background", "QrEntity"."foreground" AS "QrEntity_foreground", "QrEntity"."logo_url" AS "QrEntity_logo_url", "QrEntity"."logo_type" AS "QrEntity_logo_type", "QrEntity"."scans" AS "QrEntity_scans", "QrEntity"."unique_scans" AS "QrEntity_unique_scans" FROM "qr_codes" "QrEntity" WHERE (("QrEntity"."id" IN ($1, $2)));

-- QrRepository.byAlias
SELECT "QrEntity"."id" AS "QrEntity_id", "QrEntity"."user_id" AS "QrEntity_user_id", "QrEntity"."alias" AS "QrEntity_alias", "QrEntity"."type" AS "QrEntity_type", "QrEntity"."data" AS "QrEntity_data", "QrEntity"."background" AS "QrEntity_background", "QrEntity"."foreground" AS "QrEntity_foreground", "QrEntity"."logo_url" AS "QrEntity_logo_url", "QrEntity"."logo" AS "QrEntity_logo", "QrEntity"."logo_type" AS "QrEntity_logo_type" FROM "qr_codes" "QrEntity" WHERE (("QrEntity"."alias" = $1)) LIMIT 1;

-- QrRepository.save
START TRANSACTION;
INSERT INTO "qr_codes"("user_id", "created_at", "alias", "name", "type", "data", "background", "foreground", "logo_url", "logo", "logo_type", "scans", "unique_scans") VALUES ($1, DEFAULT, $2, $3, $4, $5, DEFAULT, DEFAULT, DEFAULT, $6, $7, DEFAULT, DEFAULT) RETURNING "id", "created_at", "background", "foreground", "logo_url", "scans", "unique_scans";
COMMIT;

-- QrRepository.delete
START TRANSACTION;
DELETE FROM "qr_codes" WHERE ("id" = $1 AND "user_id" = $2);
COMMIT;
