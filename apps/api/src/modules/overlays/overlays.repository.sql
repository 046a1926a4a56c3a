-- The statements of overlays.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- OverlaysRepository.list
SELECT r."id" AS "r.id", r."user_id" AS "r.userId", r."created_at" AS "r.createdAt", r."type" AS "r.type", r."name" AS "r.name", r."message" AS "r.message", r."label" AS "r.label", r."link" AS "r.link", r."position" AS "r.position", r."color" AS "r.color", r."bg" AS "r.bg", r."email" AS "r.email", r."phone" AS "r.phone", count(*) OVER () AS total FROM "overlays" r
WHERE r."user_id" = $1 ORDER BY r."id" DESC OFFSET $2 LIMIT $3;

-- OverlaysRepository.get
SELECT "OverlayEntity"."id" AS "OverlayEntity_id", "OverlayEntity"."user_id" AS "OverlayEntity_user_id", "OverlayEntity"."created_at" AS "OverlayEntity_created_at", "OverlayEntity"."type" AS "OverlayEntity_type", "OverlayEntity"."name" AS "OverlayEntity_name", "OverlayEntity"."message" AS "OverlayEntity_message", "OverlayEntity"."label" AS "OverlayEntity_label", "OverlayEntity"."link" AS "OverlayEntity_link", "OverlayEntity"."position" AS "OverlayEntity_position", "OverlayEntity"."color" AS "OverlayEntity_color", "OverlayEntity"."bg" AS "OverlayEntity_bg", "OverlayEntity"."email" AS "OverlayEntity_email", "OverlayEntity"."phone" AS "OverlayEntity_phone" FROM "overlays" "OverlayEntity" WHERE (("OverlayEntity"."id" = $1) AND ("OverlayEntity"."user_id" = $2)) LIMIT 1;

-- OverlaysRepository.byId
SELECT "OverlayEntity"."id" AS "OverlayEntity_id", "OverlayEntity"."user_id" AS "OverlayEntity_user_id", "OverlayEntity"."created_at" AS "OverlayEntity_created_at", "OverlayEntity"."type" AS "OverlayEntity_type", "OverlayEntity"."name" AS "OverlayEntity_name", "OverlayEntity"."message" AS "OverlayEntity_message", "OverlayEntity"."label" AS "OverlayEntity_label", "OverlayEntity"."link" AS "OverlayEntity_link", "OverlayEntity"."position" AS "OverlayEntity_position", "OverlayEntity"."color" AS "OverlayEntity_color", "OverlayEntity"."bg" AS "OverlayEntity_bg", "OverlayEntity"."email" AS "OverlayEntity_email", "OverlayEntity"."phone" AS "OverlayEntity_phone" FROM "overlays" "OverlayEntity" WHERE (("OverlayEntity"."id" = $1)) LIMIT 1;

-- OverlaysRepository.idsAmong
SELECT "OverlayEntity"."id" AS "OverlayEntity_id" FROM "overlays" "OverlayEntity" WHERE (("OverlayEntity"."user_id" = $1) AND ("OverlayEntity"."id" IN ($2, $3)));

-- OverlaysRepository.save
START TRANSACTION;
INSERT INTO "overlays"("user_id", "created_at", "type", "name", "message", "label", "link", "position", "color", "bg", "email", "phone") VALUES ($1, DEFAULT, $2, $3, $4, DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT) RETURNING "id", "created_at", "label", "link", "position", "color", "bg", "email", "phone";
COMMIT;

-- OverlaysRepository.delete
DELETE FROM "overlays" WHERE ("id" = $1 AND "user_id" = $2);
