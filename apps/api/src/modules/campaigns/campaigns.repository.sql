-- The statements of campaigns.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- CampaignsRepository.list
SELECT r."id" AS "r.id", r."user_id" AS "r.userId", r."created_at" AS "r.createdAt", r."name" AS "r.name", r."slug" AS "r.slug", r."public" AS "r.public", count(*) OVER () AS total FROM "campaigns" r
WHERE r."user_id" = $1 ORDER BY r."id" DESC OFFSET $2 LIMIT $3;

-- CampaignsRepository.get
SELECT "CampaignEntity"."id" AS "CampaignEntity_id", "CampaignEntity"."user_id" AS "CampaignEntity_user_id", "CampaignEntity"."created_at" AS "CampaignEntity_created_at", "CampaignEntity"."name" AS "CampaignEntity_name", "CampaignEntity"."slug" AS "CampaignEntity_slug", "CampaignEntity"."public" AS "CampaignEntity_public" FROM "campaigns" "CampaignEntity" WHERE (("CampaignEntity"."id" = $1) AND ("CampaignEntity"."user_id" = $2)) LIMIT 1;

-- CampaignsRepository.bySlug
SELECT "CampaignEntity"."id" AS "CampaignEntity_id", "CampaignEntity"."user_id" AS "CampaignEntity_user_id", "CampaignEntity"."created_at" AS "CampaignEntity_created_at", "CampaignEntity"."name" AS "CampaignEntity_name", "CampaignEntity"."slug" AS "CampaignEntity_slug", "CampaignEntity"."public" AS "CampaignEntity_public" FROM "campaigns" "CampaignEntity" WHERE (("CampaignEntity"."slug" = $1)) LIMIT 1;

-- CampaignsRepository.byId
SELECT "CampaignEntity"."id" AS "CampaignEntity_id", "CampaignEntity"."user_id" AS "CampaignEntity_user_id", "CampaignEntity"."created_at" AS "CampaignEntity_created_at", "CampaignEntity"."name" AS "CampaignEntity_name", "CampaignEntity"."slug" AS "CampaignEntity_slug", "CampaignEntity"."public" AS "CampaignEntity_public" FROM "campaigns" "CampaignEntity" WHERE (("CampaignEntity"."id" = $1)) LIMIT 1;

-- CampaignsRepository.save
START TRANSACTION;
INSERT INTO "campaigns"("user_id", "created_at", "name", "slug", "public") VALUES ($1, DEFAULT, $2, $3, $4) RETURNING "id", "created_at", "public";
COMMIT;

-- CampaignsRepository.delete
START TRANSACTION;
DELETE FROM "campaigns" WHERE ("id" = $1 AND "user_id" = $2);
COMMIT;
