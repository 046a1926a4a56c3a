-- The statements of splash.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- SplashRepository.list
SELECT r."id" AS "r.id", r."user_id" AS "r.userId", r."created_at" AS "r.createdAt", r."name" AS "r.name", r."title" AS "r.title", r."text" AS "r.text", r."image" AS "r.image", r."delay" AS "r.delay", count(*) OVER () AS total FROM "splash_pages" r
WHERE r."user_id" = $1 ORDER BY r."id" DESC OFFSET $2 LIMIT $3;

-- SplashRepository.get
SELECT "SplashEntity"."id" AS "SplashEntity_id", "SplashEntity"."user_id" AS "SplashEntity_user_id", "SplashEntity"."created_at" AS "SplashEntity_created_at", "SplashEntity"."name" AS "SplashEntity_name", "SplashEntity"."title" AS "SplashEntity_title", "SplashEntity"."text" AS "SplashEntity_text", "SplashEntity"."image" AS "SplashEntity_image", "SplashEntity"."delay" AS "SplashEntity_delay" FROM "splash_pages" "SplashEntity" WHERE (("SplashEntity"."id" = $1) AND ("SplashEntity"."user_id" = $2)) LIMIT 1;

-- SplashRepository.byId
SELECT "SplashEntity"."id" AS "SplashEntity_id", "SplashEntity"."user_id" AS "SplashEntity_user_id", "SplashEntity"."created_at" AS "SplashEntity_created_at", "SplashEntity"."name" AS "SplashEntity_name", "SplashEntity"."title" AS "SplashEntity_title", "SplashEntity"."text" AS "SplashEntity_text", "SplashEntity"."image" AS "SplashEntity_image", "SplashEntity"."delay" AS "SplashEntity_delay" FROM "splash_pages" "SplashEntity" WHERE (("SplashEntity"."id" = $1)) LIMIT 1;

-- SplashRepository.idsAmong
SELECT "SplashEntity"."id" AS "SplashEntity_id" FROM "splash_pages" "SplashEntity" WHERE (("SplashEntity"."user_id" = $1) AND ("SplashEntity"."id" IN ($2, $3)));

-- SplashRepository.save
START TRANSACTION;
INSERT INTO "splash_pages"("user_id", "created_at", "name", "title", "text", "image", "delay") VALUES ($1, DEFAULT, $2, $3, $4, $5, $6) RETURNING "id", "created_at", "text", "image", "delay";
COMMIT;

-- SplashRepository.delete
DELETE FROM "splash_pages" WHERE ("id" = $1 AND "user_id" = $2);
