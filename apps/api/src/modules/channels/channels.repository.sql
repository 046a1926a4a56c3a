-- The statements of channels.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- ChannelsRepository.list
SELECT r."id" AS "r.id", r."user_id" AS "r.userId", r."created_at" AS "r.createdAt", r."name" AS "r.name", r."description" AS "r.description", r."color" AS "r.color", r."starred" AS "r.starred", count(*) OVER () AS total FROM "channels" r
WHERE r."user_id" = $1 ORDER BY r."id" DESC OFFSET $2 LIMIT $3;

-- ChannelsRepository.get
SELECT "ChannelEntity"."id" AS "ChannelEntity_id", "ChannelEntity"."user_id" AS "ChannelEntity_user_id", "ChannelEntity"."created_at" AS "ChannelEntity_created_at", "ChannelEntity"."name" AS "ChannelEntity_name", "ChannelEntity"."description" AS "ChannelEntity_description", "ChannelEntity"."color" AS "ChannelEntity_color", "ChannelEntity"."starred" AS "ChannelEntity_starred" FROM "channels" "ChannelEntity" WHERE (("ChannelEntity"."id" = $1) AND ("ChannelEntity"."user_id" = $2)) LIMIT 1;

-- ChannelsRepository.save
START TRANSACTION;
INSERT INTO "channels"("user_id", "created_at", "name", "description", "color", "starred") VALUES ($1, DEFAULT, $2, $3, $4, $5) RETURNING "id", "created_at", "description", "color", "starred";
COMMIT;

-- ChannelsRepository.addItems
INSERT INTO "channel_items"("channel_id", "link_id", "qr_id", "bio_id", "created_at") VALUES ($1, $2, DEFAULT, DEFAULT, DEFAULT) ON CONFLICT DO NOTHING  RETURNING "id", "created_at";

-- ChannelsRepository.channelsOf
SELECT "ChannelItemEntity"."id" AS "ChannelItemEntity_id", "ChannelItemEntity"."channel_id" AS "ChannelItemEntity_channel_id", "ChannelItemEntity"."link_id" AS "ChannelItemEntity_link_id", "ChannelItemEntity"."qr_id" AS "ChannelItemEntity_qr_id", "ChannelItemEntity"."bio_id" AS "ChannelItemEntity_bio_id", "ChannelItemEntity"."created_at" AS "ChannelItemEntity_created_at" FROM "channel_items" "ChannelItemEntity" WHERE (("ChannelItemEntity"."link_id" = $1)) ORDER BY "ChannelItemEntity"."channel_id" ASC;

-- ChannelsRepository.members
SELECT "ChannelItemEntity"."id" AS "ChannelItemEntity_id", "ChannelItemEntity"."channel_id" AS "ChannelItemEntity_channel_id", "ChannelItemEntity"."link_id" AS "ChannelItemEntity_link_id", "ChannelItemEntity"."qr_id" AS "ChannelItemEntity_qr_id", "ChannelItemEntity"."bio_id" AS "ChannelItemEntity_bio_id", "ChannelItemEntity"."created_at" AS "ChannelItemEntity_created_at" FROM "channel_items" "ChannelItemEntity" WHERE (("ChannelItemEntity"."channel_id" = $1)) ORDER BY "ChannelItemEntity"."id" DESC LIMIT 15 OFFSET 0;

-- ChannelsRepository.delete
START TRANSACTION;
DELETE FROM "channels" WHERE ("id" = $1 AND "user_id" = $2);
COMMIT;

-- ChannelsRepository.removeItem
DELETE FROM "channel_items" WHERE ("channel_id" = $1 AND "qr_id" = $2);
