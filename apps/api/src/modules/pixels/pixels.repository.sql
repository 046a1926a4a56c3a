-- The statements of pixels.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- PixelsRepository.list
SELECT r."id" AS "r.id", r."user_id" AS "r.userId", r."created_at" AS "r.createdAt", r."type" AS "r.type", r."name" AS "r.name", r."tag" AS "r.tag", count(*) OVER () AS total FROM "pixels" r
WHERE r."user_id" = $1 ORDER BY r."id" DESC OFFSET $2 LIMIT $3;

-- PixelsRepository.get
SELECT "PixelEntity"."id" AS "PixelEntity_id", "PixelEntity"."user_id" AS "PixelEntity_user_id", "PixelEntity"."created_at" AS "PixelEntity_created_at", "PixelEntity"."type" AS "PixelEntity_type", "PixelEntity"."name" AS "PixelEntity_name", "PixelEntity"."tag" AS "PixelEntity_tag" FROM "pixels" "PixelEntity" WHERE (("PixelEntity"."id" = $1) AND ("PixelEntity"."user_id" = $2)) LIMIT 1;

-- PixelsRepository.among
SELECT "PixelEntity"."id" AS "PixelEntity_id", "PixelEntity"."user_id" AS "PixelEntity_user_id", "PixelEntity"."created_at" AS "PixelEntity_created_at", "PixelEntity"."type" AS "PixelEntity_type", "PixelEntity"."name" AS "PixelEntity_name", "PixelEntity"."tag" AS "PixelEntity_tag" FROM "pixels" "PixelEntity" WHERE (("PixelEntity"."id" IN ($1, $2)) AND ("PixelEntity"."user_id" = $3));

-- PixelsRepository.save
START TRANSACTION;
INSERT INTO "pixels"("user_id", "created_at", "type", "name", "tag") VALUES ($1, DEFAULT, $2, $3, $4) RETURNING "id", "created_at";
COMMIT;

-- PixelsRepository.delete
START TRANSACTION;
DELETE FROM "pixels" WHERE ("id" = $1 AND "user_id" = $2);
COMMIT;
