-- The statements of links.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- LinksRepository.get
SELECT l."id" AS "l.id", l."user_id" AS "l.userId", l."created_at" AS "l.createdAt", l."domain_id" AS "l.domainId", l."alias" AS "l.alias", l."url" AS "l.url", l."title" AS "l.title", l."description" AS "l.description", l."meta_description" AS "l.metaDescription", l."meta_image" AS "l.metaImage", l."password_hash" AS "l.passwordHash", l."expires_at" AS "l.expiresAt", l."type" AS "l.type", l."splash_id" AS "l.splashId", l."overlay_id" AS "l.overlayId", l."campaign_id" AS "l.campaignId", l."geotarget" AS "l.geotarget", l."devicetarget" AS "l.devicetarget", l."languagetarget" AS "l.languagetarget", l."deeplink" AS "l.deeplink", l."parameters" AS "l.parameters", l."status" AS "l.status", l."archived_at" AS "l.archivedAt", l."click_limit" AS "l.clickLimit", l."starts_at" AS "l.startsAt", l."variants" AS "l.variants", l."tags" AS "l.tags", l."clicks" AS "l.clicks", l."unique_clicks" AS "l.uniqueClicks", d."id" AS "d.id", d."user_id" AS "d.userId", d."created_at" AS "d.createdAt", d."domain" AS "d.domain", d."host" AS "d.host", d."redirect_root" AS "d.redirectRoot", d."redirect_404" AS "d.redirect404", ARRAY(SELECT p."pixel_id" FROM "link_pixels" p WHERE p."link_id" = l."id" ORDER BY p."pixel_id") AS pixel_ids
FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
WHERE l."id" = $1 AND l."user_id" = $2;

-- LinksRepository.withDetails
SELECT l."id" AS "l.id", l."user_id" AS "l.userId", l."created_at" AS "l.createdAt", l."domain_id" AS "l.domainId", l."alias" AS "l.alias", l."url" AS "l.url", l."title" AS "l.title", l."description" AS "l.description", l."meta_description" AS "l.metaDescription", l."meta_image" AS "l.metaImage", l."password_hash" AS "l.passwordHash", l."expires_at" AS "l.expiresAt", l."type" AS "l.type", l."splash_id" AS "l.splashId", l."overlay_id" AS "l.overlayId", l."campaign_id" AS "l.campaignId", l."geotarget" AS "l.geotarget", l."devicetarget" AS "l.devicetarget", l."languagetarget" AS "l.languagetarget", l."deeplink" AS "l.deeplink", l."parameters" AS "l.parameters", l."status" AS "l.status", l."archived_at" AS "l.archivedAt", l."click_limit" AS "l.clickLimit", l."starts_at" AS "l.startsAt", l."variants" AS "l.variants", l."tags" AS "l.tags", l."clicks" AS "l.clicks", l."unique_clicks" AS "l.uniqueClicks", d."id" AS "d.id", d."user_id" AS "d.userId", d."created_at" AS "d.createdAt", d."domain" AS "d.domain", d."host" AS "d.host", d."redirect_root" AS "d.redirectRoot", d."redirect_404" AS "d.redirect404", ARRAY(SELECT p."pixel_id" FROM "link_pixels" p WHERE p."link_id" = l."id" ORDER BY p."pixel_id") AS pixel_ids, ARRAY(SELECT c."channel_id" FROM "channel_items" c WHERE c."link_id" = l."id" ORDER BY c."channel_id") AS channel_ids,
(SELECT coalesce(json_agg(json_build_array(dimension, value, count::text) ORDER BY dimension, rank), '[]')
FROM (SELECT dimension, value, count, row_number() OVER (PARTITION BY dimension ORDER BY count DESC, value) AS rank
FROM click_counters WHERE link_id = l."id") ranked
WHERE rank <= 10) AS counters
FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
WHERE l."id" = $1 AND l."user_id" = $2;

-- LinksRepository.owned
SELECT "LinkEntity"."id" AS "LinkEntity_id", "LinkEntity"."user_id" AS "LinkEntity_user_id", "LinkEntity"."created_at" AS "LinkEntity_created_at", "LinkEntity"."domain_id" AS "LinkEntity_domain_id", "LinkEntity"."alias" AS "LinkEntity_alias", "LinkEntity"."url" AS "LinkEntity_url", "LinkEntity"."title" AS "LinkEntity_title", "LinkEntity"."description" AS "LinkEntity_description", "LinkEntity"."meta_description" AS "LinkEntity_meta_description", "LinkEntity"."meta_image" AS "LinkEntity_meta_image", "LinkEntity"."password_hash" AS "LinkEntity_password_hash", "LinkEntity"."expires_at" AS "LinkEntity_expires_at", "LinkEntity"."type" AS "LinkEntity_type", "LinkEntity"."splash_id" AS "LinkEntity_splash_id", "LinkEntity"."overlay_id" AS "LinkEntity_overlay_id", "LinkEntity"."campaign_id" AS "LinkEntity_campaign_id", "LinkEntity"."geotarget" AS "LinkEntity_geotarget", "LinkEntity"."devicetarget" AS "LinkEntity_devicetarget", "LinkEntity"."languagetarget" AS "LinkEntity_languagetarget", "LinkEntity"."deeplink" AS "LinkEntity_deeplink", "LinkEntity"."parameters" AS "LinkEntity_parameters", "LinkEntity"."status" AS "LinkEntity_status", "LinkEntity"."archived_at" AS "LinkEntity_archived_at", "LinkEntity"."click_limit" AS "LinkEntity_click_limit", "LinkEntity"."starts_at" AS "LinkEntity_starts_at", "LinkEntity"."variants" AS "LinkEntity_variants", "LinkEntity"."tags" AS "LinkEntity_tags", "LinkEntity"."clicks" AS "LinkEntity_clicks", "LinkEntity"."unique_clicks" AS "LinkEntity_unique_clicks" FROM "links" "LinkEntity" WHERE (("LinkEntity"."id" = $1) AND ("LinkEntity"."user_id" = $2)) LIMIT 1;

-- LinksRepository.forUpdate
SELECT DISTINCT "distinctAlias"."LinkEntity_id" AS "ids_LinkEntity_id" FROM (SELECT "LinkEntity"."id" AS "LinkEntity_id", "LinkEntity"."user_id" AS "LinkEntity_user_id", "LinkEntity"."created_at" AS "LinkEntity_created_at", "LinkEntity"."domain_id" AS "LinkEntity_domain_id", "LinkEntity"."alias" AS "LinkEntity_alias", "LinkEntity"."url" AS "LinkEntity_url", "LinkEntity"."title" AS "LinkEntity_title", "LinkEntity"."description" AS "LinkEntity_description", "LinkEntity"."meta_description" AS "LinkEntity_meta_description", "LinkEntity"."meta_image" AS "LinkEntity_meta_image", "LinkEntity"."password_hash" AS "LinkEntity_password_hash", "LinkEntity"."expires_at" AS "LinkEntity_expires_at", "LinkEntity"."type" AS "LinkEntity_type", "LinkEntity"."splash_id" AS "LinkEntity_splash_id", "LinkEntity"."overlay_id" AS "LinkEntity_overlay_id", "LinkEntity"."campaign_id" AS "LinkEntity_campaign_id", "LinkEntity"."geotarget" AS "LinkEntity_geotarget", "LinkEntity"."devicetarget" AS "LinkEntity_devicetarget", "LinkEntity"."languagetarget" AS "LinkEntity_languagetarget", "LinkEntity"."deeplink" AS "LinkEntity_deeplink", "LinkEntity"."parameters" AS "LinkEntity_parameters", "LinkEntity"."status" AS "LinkEntity_status", "LinkEntity"."archived_at" AS "LinkEntity_archived_at", "LinkEntity"."click_limit" AS "LinkEntity_click_limit", "LinkEntity"."starts_at" AS "LinkEntity_starts_at", "LinkEntity"."variants" AS "LinkEntity_variants", "LinkEntity"."tags" AS "LinkEntity_tags", "LinkEntity"."clicks" AS "LinkEntity_clicks", "LinkEntity"."unique_clicks" AS "LinkEntity_unique_clicks", "LinkEntity__LinkEntity_pixels"."id" AS "LinkEntity__LinkEntity_pixels_id", "LinkEntity__LinkEntity_pixels"."user_id" AS "LinkEntity__LinkEntity_pixels_user_id", "LinkEntity__LinkEntity_pixels"."created_at" AS "LinkEntity__LinkEntity_pixels_created_at", "LinkEntity__LinkEntity_pixels"."type" AS "LinkEntity__LinkEntity_pixels_type", "LinkEntity__LinkEntity_pixels"."name" AS "LinkEntity__LinkEntity_pixels_name", "LinkEntity__LinkEntity_pixels"."tag" AS "LinkEntity__LinkEntity_pixels_tag", "LinkEntity__LinkEntity_domain"."id" AS "LinkEntity__LinkEntity_domain_id", "LinkEntity__LinkEntity_domain"."user_id" AS "LinkEntity__LinkEntity_domain_user_id", "LinkEntity__LinkEntity_domain"."created_at" AS "LinkEntity__LinkEntity_domain_created_at", "LinkEntity__LinkEntity_domain"."domain" AS "LinkEntity__LinkEntity_domain_domain", "LinkEntity__LinkEntity_domain"."host" AS "LinkEntity__LinkEntity_domain_host", "LinkEntity__LinkEntity_domain"."redirect_root" AS "LinkEntity__LinkEntity_domain_redirect_root", "LinkEntity__LinkEntity_domain"."redirect_404" AS "LinkEntity__LinkEntity_domain_redirect_404" FROM "links" "LinkEntity" LEFT JOIN "link_pixels" "LinkEntity_LinkEntity__LinkEntity_pixels" ON "LinkEntity_LinkEntity__LinkEntity_pixels"."link_id"="LinkEntity"."id" LEFT JOIN "pixels" "LinkEntity__LinkEntity_pixels" ON "LinkEntity__LinkEntity_pixels"."id"="LinkEntity_LinkEntity__LinkEntity_pixels"."pixel_id"  LEFT JOIN "domains" "LinkEntity__LinkEntity_domain" ON "LinkEntity__LinkEntity_domain"."id"="LinkEntity"."domain_id" WHERE (("LinkEntity"."id" = $1) AND ("LinkEntity"."user_id" = $2))) "distinctAlias" ORDER BY "LinkEntity_id" ASC LIMIT 1;
SELECT "LinkEntity"."id" AS "LinkEntity_id", "LinkEntity"."user_id" AS "LinkEntity_user_id", "LinkEntity"."created_at" AS "LinkEntity_created_at", "LinkEntity"."domain_id" AS "LinkEntity_domain_id", "LinkEntity"."alias" AS "LinkEntity_alias", "LinkEntity"."url" AS "LinkEntity_url", "LinkEntity"."title" AS "LinkEntity_title", "LinkEntity"."description" AS "LinkEntity_description", "LinkEntity"."meta_description" AS "LinkEntity_meta_description", "LinkEntity"."meta_image" AS "LinkEntity_meta_image", "LinkEntity"."password_hash" AS "LinkEntity_password_hash", "LinkEntity"."expires_at" AS "LinkEntity_expires_at", "LinkEntity"."type" AS "LinkEntity_type", "LinkEntity"."splash_id" AS "LinkEntity_splash_id", "LinkEntity"."overlay_id" AS "LinkEntity_overlay_id", "LinkEntity"."campaign_id" AS "LinkEntity_campaign_id", "LinkEntity"."geotarget" AS "LinkEntity_geotarget", "LinkEntity"."devicetarget" AS "LinkEntity_devicetarget", "LinkEntity"."languagetarget" AS "LinkEntity_languagetarget", "LinkEntity"."deeplink" AS "LinkEntity_deeplink", "LinkEntity"."parameters" AS "LinkEntity_parameters", "LinkEntity"."status" AS "LinkEntity_status", "LinkEntity"."archived_at" AS "LinkEntity_archived_at", "LinkEntity"."click_limit" AS "LinkEntity_click_limit", "LinkEntity"."starts_at" AS "LinkEntity_starts_at", "LinkEntity"."variants" AS "LinkEntity_variants", "LinkEntity"."tags" AS "LinkEntity_tags", "LinkEntity"."clicks" AS "LinkEntity_clicks", "LinkEntity"."unique_clicks" AS "LinkEntity_unique_clicks", "LinkEntity__LinkEntity_pixels"."id" AS "LinkEntity__LinkEntity_pixels_id", "LinkEntity__LinkEntity_pixels"."user_id" AS "LinkEntity__LinkEntity_pixels_user_id", "LinkEntity__LinkEntity_pixels"."created_at" AS "LinkEntity__LinkEntity_pixels_created_at", "LinkEntity__LinkEntity_pixels"."type" AS "LinkEntity__LinkEntity_pixels_type", "LinkEntity__LinkEntity_pixels"."name" AS "LinkEntity__LinkEntity_pixels_name", "LinkEntity__LinkEntity_pixels"."tag" AS "LinkEntity__LinkEntity_pixels_tag", "LinkEntity__LinkEntity_domain"."id" AS "LinkEntity__LinkEntity_domain_id", "LinkEntity__LinkEntity_domain"."user_id" AS "LinkEntity__LinkEntity_domain_user_id", "LinkEntity__LinkEntity_domain"."created_at" AS "LinkEntity__LinkEntity_domain_created_at", "LinkEntity__LinkEntity_domain"."domain" AS "LinkEntity__LinkEntity_domain_domain", "LinkEntity__LinkEntity_domain"."host" AS "LinkEntity__LinkEntity_domain_host", "LinkEntity__LinkEntity_domain"."redirect_root" AS "LinkEntity__LinkEntity_domain_redirect_root", "LinkEntity__LinkEntity_domain"."redirect_404" AS "LinkEntity__LinkEntity_domain_redirect_404" FROM "links" "LinkEntity" LEFT JOIN "link_pixels" "LinkEntity_LinkEntity__LinkEntity_pixels" ON "LinkEntity_LinkEntity__LinkEntity_pixels"."link_id"="LinkEntity"."id" LEFT JOIN "pixels" "LinkEntity__LinkEntity_pixels" ON "LinkEntity__LinkEntity_pixels"."id"="LinkEntity_LinkEntity__LinkEntity_pixels"."pixel_id"  LEFT JOIN "domains" "LinkEntity__LinkEntity_domain" ON "LinkEntity__LinkEntity_domain"."id"="LinkEntity"."domain_id" WHERE ( (("LinkEntity"."id" = $1) AND ("LinkEntity"."user_id" = $2)) ) AND ( "LinkEntity"."id" IN (1) );

-- LinksRepository.forRedirect
SELECT DISTINCT "distinctAlias"."LinkEntity_id" AS "ids_LinkEntity_id" FROM (SELECT "LinkEntity"."id" AS "LinkEntity_id", "LinkEntity"."user_id" AS "LinkEntity_user_id", "LinkEntity"."created_at" AS "LinkEntity_created_at", "LinkEntity"."domain_id" AS "LinkEntity_domain_id", "LinkEntity"."alias" AS "LinkEntity_alias", "LinkEntity"."url" AS "LinkEntity_url", "LinkEntity"."title" AS "LinkEntity_title", "LinkEntity"."description" AS "LinkEntity_description", "LinkEntity"."meta_description" AS "LinkEntity_meta_description", "LinkEntity"."meta_image" AS "LinkEntity_meta_image", "LinkEntity"."password_hash" AS "LinkEntity_password_hash", "LinkEntity"."expires_at" AS "LinkEntity_expires_at", "LinkEntity"."type" AS "LinkEntity_type", "LinkEntity"."splash_id" AS "LinkEntity_splash_id", "LinkEntity"."overlay_id" AS "LinkEntity_overlay_id", "LinkEntity"."campaign_id" AS "LinkEntity_campaign_id", "LinkEntity"."geotarget" AS "LinkEntity_geotarget", "LinkEntity"."devicetarget" AS "LinkEntity_devicetarget", "LinkEntity"."languagetarget" AS "LinkEntity_languagetarget", "LinkEntity"."deeplink" AS "LinkEntity_deeplink", "LinkEntity"."parameters" AS "LinkEntity_parameters", "LinkEntity"."status" AS "LinkEntity_status", "LinkEntity"."archived_at" AS "LinkEntity_archived_at", "LinkEntity"."click_limit" AS "LinkEntity_click_limit", "LinkEntity"."starts_at" AS "LinkEntity_starts_at", "LinkEntity"."variants" AS "LinkEntity_variants", "LinkEntity"."tags" AS "LinkEntity_tags", "LinkEntity"."clicks" AS "LinkEntity_clicks", "LinkEntity"."unique_clicks" AS "LinkEntity_unique_clicks", "LinkEntity__LinkEntity_pixels"."id" AS "LinkEntity__LinkEntity_pixels_id", "LinkEntity__LinkEntity_pixels"."user_id" AS "LinkEntity__LinkEntity_pixels_user_id", "LinkEntity__LinkEntity_pixels"."created_at" AS "LinkEntity__LinkEntity_pixels_created_at", "LinkEntity__LinkEntity_pixels"."type" AS "LinkEntity__LinkEntity_pixels_type", "LinkEntity__LinkEntity_pixels"."name" AS "LinkEntity__LinkEntity_pixels_name", "LinkEntity__LinkEntity_pixels"."tag" AS "LinkEntity__LinkEntity_pixels_tag" FROM "links" "LinkEntity" LEFT JOIN "link_pixels" "LinkEntity_LinkEntity__LinkEntity_pixels" ON "LinkEntity_LinkEntity__LinkEntity_pixels"."link_id"="LinkEntity"."id" LEFT JOIN "pixels" "LinkEntity__LinkEntity_pixels" ON "LinkEntity__LinkEntity_pixels"."id"="LinkEntity_LinkEntity__LinkEntity_pixels"."pixel_id" WHERE (("LinkEntity"."alias" = $1) AND ("LinkEntity"."domain_id" IS NULL))) "distinctAlias" ORDER BY "LinkEntity_id" ASC LIMIT 1;
SELECT "LinkEntity"."id" AS "LinkEntity_id", "LinkEntity"."user_id" AS "LinkEntity_user_id", "LinkEntity"."created_at" AS "LinkEntity_created_at", "LinkEntity"."domain_id" AS "LinkEntity_domain_id", "LinkEntity"."alias" AS "LinkEntity_alias", "LinkEntity"."url" AS "LinkEntity_url", "LinkEntity"."title" AS "LinkEntity_title", "LinkEntity"."description" AS "LinkEntity_description", "LinkEntity"."meta_description" AS "LinkEntity_meta_description", "LinkEntity"."meta_image" AS "LinkEntity_meta_image", "LinkEntity"."password_hash" AS "LinkEntity_password_hash", "LinkEntity"."expires_at" AS "LinkEntity_expires_at", "LinkEntity"."type" AS "LinkEntity_type", "LinkEntity"."splash_id" AS "LinkEntity_splash_id", "LinkEntity"."overlay_id" AS "LinkEntity_overlay_id", "LinkEntity"."campaign_id" AS "LinkEntity_campaign_id", "LinkEntity"."geotarget" AS "LinkEntity_geotarget", "LinkEntity"."devicetarget" AS "LinkEntity_devicetarget", "LinkEntity"."languagetarget" AS "LinkEntity_languagetarget", "LinkEntity"."deeplink" AS "LinkEntity_deeplink", "LinkEntity"."parameters" AS "LinkEntity_parameters", "LinkEntity"."status" AS "LinkEntity_status", "LinkEntity"."archived_at" AS "LinkEntity_archived_at", "LinkEntity"."click_limit" AS "LinkEntity_click_limit", "LinkEntity"."starts_at" AS "LinkEntity_starts_at", "LinkEntity"."variants" AS "LinkEntity_variants", "LinkEntity"."tags" AS "LinkEntity_tags", "LinkEntity"."clicks" AS "LinkEntity_clicks", "LinkEntity"."unique_clicks" AS "LinkEntity_unique_clicks", "LinkEntity__LinkEntity_pixels"."id" AS "LinkEntity__LinkEntity_pixels_id", "LinkEntity__LinkEntity_pixels"."user_id" AS "LinkEntity__LinkEntity_pixels_user_id", "LinkEntity__LinkEntity_pixels"."created_at" AS "LinkEntity__LinkEntity_pixels_created_at", "LinkEntity__LinkEntity_pixels"."type" AS "LinkEntity__LinkEntity_pixels_type", "LinkEntity__LinkEntity_pixels"."name" AS "LinkEntity__LinkEntity_pixels_name", "LinkEntity__LinkEntity_pixels"."tag" AS "LinkEntity__LinkEntity_pixels_tag" FROM "links" "LinkEntity" LEFT JOIN "link_pixels" "LinkEntity_LinkEntity__LinkEntity_pixels" ON "LinkEntity_LinkEntity__LinkEntity_pixels"."link_id"="LinkEntity"."id" LEFT JOIN "pixels" "LinkEntity__LinkEntity_pixels" ON "LinkEntity__LinkEntity_pixels"."id"="LinkEntity_LinkEntity__LinkEntity_pixels"."pixel_id" WHERE ( (("LinkEntity"."alias" = $1) AND ("LinkEntity"."domain_id" IS NULL)) ) AND ( "LinkEntity"."id" IN (1) );

-- LinksRepository.withDomains
SELECT "LinkEntity"."id" AS "LinkEntity_id", "LinkEntity"."user_id" AS "LinkEntity_user_id", "LinkEntity"."created_at" AS "LinkEntity_created_at", "LinkEntity"."domain_id" AS "LinkEntity_domain_id", "LinkEntity"."alias" AS "LinkEntity_alias", "LinkEntity"."url" AS "LinkEntity_url", "LinkEntity"."title" AS "LinkEntity_title", "LinkEntity"."description" AS "LinkEntity_description", "LinkEntity"."meta_description" AS "LinkEntity_meta_description", "LinkEntity"."meta_image" AS "LinkEntity_meta_image", "LinkEntity"."password_hash" AS "LinkEntity_password_hash", "LinkEntity"."expires_at" AS "LinkEntity_expires_at", "LinkEntity"."type" AS "LinkEntity_type", "LinkEntity"."splash_id" AS "LinkEntity_splash_id", "LinkEntity"."overlay_id" AS "LinkEntity_overlay_id", "LinkEntity"."campaign_id" AS "LinkEntity_campaign_id", "LinkEntity"."geotarget" AS "LinkEntity_geotarget", "LinkEntity"."devicetarget" AS "LinkEntity_devicetarget", "LinkEntity"."languagetarget" AS "LinkEntity_languagetarget", "LinkEntity"."deeplink" AS "LinkEntity_deeplink", "LinkEntity"."parameters" AS "LinkEntity_parameters", "LinkEntity"."status" AS "LinkEntity_status", "LinkEntity"."archived_at" AS "LinkEntity_archived_at", "LinkEntity"."click_limit" AS "LinkEntity_click_limit", "LinkEntity"."starts_at" AS "LinkEntity_starts_at", "LinkEntity"."variants" AS "LinkEntity_variants", "LinkEntity"."tags" AS "LinkEntity_tags", "LinkEntity"."clicks" AS "LinkEntity_clicks", "LinkEntity"."unique_clicks" AS "LinkEntity_unique_clicks", "LinkEntity__LinkEntity_domain"."id" AS "LinkEntity__LinkEntity_domain_id", "LinkEntity__LinkEntity_domain"."user_id" AS "LinkEntity__LinkEntity_domain_user_id", "LinkEntity__LinkEntity_domain"."created_at" AS "LinkEntity__LinkEntity_domain_created_at", "LinkEntity__LinkEntity_domain"."domain" AS "LinkEntity__LinkEntity_domain_domain", "LinkEntity__LinkEntity_domain"."host" AS "LinkEntity__LinkEntity_domain_host", "LinkEntity__LinkEntity_domain"."redirect_root" AS "LinkEntity__LinkEntity_domain_redirect_root", "LinkEntity__LinkEntity_domain"."redirect_404" AS "LinkEntity__LinkEntity_domain_redirect_404" FROM "links" "LinkEntity" LEFT JOIN "domains" "LinkEntity__LinkEntity_domain" ON "LinkEntity__LinkEntity_domain"."id"="LinkEntity"."domain_id" WHERE (("LinkEntity"."id" IN ($1, $2)));

-- LinksRepository.ofCampaign
SELECT "LinkEntity"."id" AS "LinkEntity_id", "LinkEntity"."user_id" AS "LinkEntity_user_id", "LinkEntity"."created_at" AS "LinkEntity_created_at", "LinkEntity"."domain_id" AS "LinkEntity_domain_id", "LinkEntity"."alias" AS "LinkEntity_alias", "LinkEntity"."url" AS "LinkEntity_url", "LinkEntity"."title" AS "LinkEntity_title", "LinkEntity"."description" AS "LinkEntity_description", "LinkEntity"."meta_description" AS "LinkEntity_meta_description", "LinkEntity"."meta_image" AS "LinkEntity_meta_image", "LinkEntity"."password_hash" AS "LinkEntity_password_hash", "LinkEntity"."expires_at" AS "LinkEntity_expires_at", "LinkEntity"."type" AS "LinkEntity_type", "LinkEntity"."splash_id" AS "LinkEntity_splash_id", "LinkEntity"."overlay_id" AS "LinkEntity_overlay_id", "LinkEntity"."campaign_id" AS "LinkEntity_campaign_id", "LinkEntity"."geotarget" AS "LinkEntity_geotarget", "LinkEntity"."devicetarget" AS "LinkEntity_devicetarget", "LinkEntity"."languagetarget" AS "LinkEntity_languagetarget", "LinkEntity"."deeplink" AS "LinkEntity_deeplink", "LinkEntity"."parameters" AS "LinkEntity_parameters", "LinkEntity"."status" AS "LinkEntity_status", "LinkEntity"."archived_at" AS "LinkEntity_archived_at", "LinkEntity"."click_limit" AS "LinkEntity_click_limit", "LinkEntity"."starts_at" AS "LinkEntity_starts_at", "LinkEntity"."variants" AS "LinkEntity_variants", "LinkEntity"."tags" AS "LinkEntity_tags", "LinkEntity"."clicks" AS "LinkEntity_clicks", "LinkEntity"."unique_clicks" AS "LinkEntity_unique_clicks", "LinkEntity__LinkEntity_domain"."id" AS "LinkEntity__LinkEntity_domain_id", "LinkEntity__LinkEntity_domain"."user_id" AS "LinkEntity__LinkEntity_domain_user_id", "LinkEntity__LinkEntity_domain"."created_at" AS "LinkEntity__LinkEntity_domain_created_at", "LinkEntity__LinkEntity_domain"."domain" AS "LinkEntity__LinkEntity_domain_domain", "LinkEntity__LinkEntity_domain"."host" AS "LinkEntity__LinkEntity_domain_host", "LinkEntity__LinkEntity_domain"."redirect_root" AS "LinkEntity__LinkEntity_domain_redirect_root", "LinkEntity__LinkEntity_domain"."redirect_404" AS "LinkEntity__LinkEntity_domain_redirect_404" FROM "links" "LinkEntity" LEFT JOIN "domains" "LinkEntity__LinkEntity_domain" ON "LinkEntity__LinkEntity_domain"."id"="LinkEntity"."domain_id" WHERE (("LinkEntity"."campaign_id" = $1)) ORDER BY "LinkEntity"."id" ASC;

-- LinksRepository.ofCampaign (example 2)
SELECT "LinkEntity"."id" AS "LinkEntity_id", "LinkEntity"."user_id" AS "LinkEntity_user_id", "LinkEntity"."created_at" AS "LinkEntity_created_at", "LinkEntity"."domain_id" AS "LinkEntity_domain_id", "LinkEntity"."alias" AS "LinkEntity_alias", "LinkEntity"."url" AS "LinkEntity_url", "LinkEntity"."title" AS "LinkEntity_title", "LinkEntity"."description" AS "LinkEntity_description", "LinkEntity"."meta_description" AS "LinkEntity_meta_description", "LinkEntity"."meta_image" AS "LinkEntity_meta_image", "LinkEntity"."password_hash" AS "LinkEntity_password_hash", "LinkEntity"."expires_at" AS "LinkEntity_expires_at", "LinkEntity"."type" AS "LinkEntity_type", "LinkEntity"."splash_id" AS "LinkEntity_splash_id", "LinkEntity"."overlay_id" AS "LinkEntity_overlay_id", "LinkEntity"."campaign_id" AS "LinkEntity_campaign_id", "LinkEntity"."geotarget" AS "LinkEntity_geotarget", "LinkEntity"."devicetarget" AS "LinkEntity_devicetarget", "LinkEntity"."languagetarget" AS "LinkEntity_languagetarget", "LinkEntity"."deeplink" AS "LinkEntity_deeplink", "LinkEntity"."parameters" AS "LinkEntity_parameters", "LinkEntity"."status" AS "LinkEntity_status", "LinkEntity"."archived_at" AS "LinkEntity_archived_at", "LinkEntity"."click_limit" AS "LinkEntity_click_limit", "LinkEntity"."starts_at" AS "LinkEntity_starts_at", "LinkEntity"."variants" AS "LinkEntity_variants", "LinkEntity"."tags" AS "LinkEntity_tags", "LinkEntity"."clicks" AS "LinkEntity_clicks", "LinkEntity"."unique_clicks" AS "LinkEntity_unique_clicks", "LinkEntity__LinkEntity_domain"."id" AS "LinkEntity__LinkEntity_domain_id", "LinkEntity__LinkEntity_domain"."user_id" AS "LinkEntity__LinkEntity_domain_user_id", "LinkEntity__LinkEntity_domain"."created_at" AS "LinkEntity__LinkEntity_domain_created_at", "LinkEntity__LinkEntity_domain"."domain" AS "LinkEntity__LinkEntity_domain_domain", "LinkEntity__LinkEntity_domain"."host" AS "LinkEntity__LinkEntity_domain_host", "LinkEntity__LinkEntity_domain"."redirect_root" AS "LinkEntity__LinkEntity_domain_redirect_root", "LinkEntity__LinkEntity_domain"."redirect_404" AS "LinkEntity__LinkEntity_domain_redirect_404" FROM "links" "LinkEntity" LEFT JOIN "domains" "LinkEntity__LinkEntity_domain" ON "LinkEntity__LinkEntity_domain"."id"="LinkEntity"."domain_id" WHERE (("LinkEntity"."campaign_id" = $1) AND ("LinkEntity"."status" = $2)) ORDER BY "LinkEntity"."id" ASC;

-- LinksRepository.withAliases
SELECT l.id, l.alias, l.url, d.domain
FROM links l LEFT JOIN domains d ON d.id = l.domain_id
WHERE l.user_id = $1 AND l.alias = ANY($2::varchar[]);

-- LinksRepository.list
SELECT l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date",
(SELECT count(*) FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL) AS total
FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
WHERE l."id" IN (SELECT l."id" FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL ORDER BY l."created_at" DESC, l."id" DESC OFFSET $2 LIMIT $3)
ORDER BY l."created_at" DESC, l."id" DESC;

-- LinksRepository.list (example 2)
WITH matched AS MATERIALIZED (SELECT l."id", l."clicks", l."created_at" FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL AND l."campaign_id" = $2 AND (l."alias" ILIKE $3 OR l."url" ILIKE $3 OR l."title" ILIKE $3 OR l."description" ILIKE $3))
SELECT l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date",
(SELECT count(*) FROM matched l) AS total
FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
WHERE l."id" IN (SELECT l."id" FROM matched l ORDER BY l."clicks" DESC, l."id" DESC OFFSET $4 LIMIT $5)
ORDER BY l."clicks" DESC, l."id" DESC;

-- LinksRepository.list (example 3)
SELECT l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date",
(SELECT count(*) FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL AND l."tags" @> $2::varchar[]) AS total
FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
WHERE l."id" IN (SELECT l."id" FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL AND l."tags" @> $2::varchar[] ORDER BY l."created_at" DESC, l."id" DESC OFFSET $3 LIMIT $4)
ORDER BY l."created_at" DESC, l."id" DESC;

-- LinksRepository.list (example 4)
SELECT l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date",
(SELECT count(*) FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL AND l."id" IN (SELECT c."link_id" FROM "channel_items" c WHERE c."channel_id" = $2 AND c."link_id" IS NOT NULL) AND coalesce(l."domain_id", 0) = $3 AND l."status" = $4 AND (l."expires_at" IS NULL OR l."expires_at" > $5) AND NOT coalesce((l."click_limit" IS NOT NULL AND l."clicks" >= l."click_limit"), false) AND (l."starts_at" IS NULL OR l."starts_at" <= $5) AND l."created_at" >= $6 AND l."created_at" < $7) AS total
FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
WHERE l."id" IN (SELECT l."id" FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL AND l."id" IN (SELECT c."link_id" FROM "channel_items" c WHERE c."channel_id" = $2 AND c."link_id" IS NOT NULL) AND coalesce(l."domain_id", 0) = $3 AND l."status" = $4 AND (l."expires_at" IS NULL OR l."expires_at" > $5) AND NOT coalesce((l."click_limit" IS NOT NULL AND l."clicks" >= l."click_limit"), false) AND (l."starts_at" IS NULL OR l."starts_at" <= $5) AND l."created_at" >= $6 AND l."created_at" < $7 ORDER BY l."created_at" DESC, l."id" DESC OFFSET $8 LIMIT $9)
ORDER BY l."created_at" DESC, l."id" DESC;

-- LinksRepository.list (example 5)
SELECT l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date",
(SELECT count(*) FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL AND coalesce(l."domain_id", 0) = $2 AND (l."expires_at" <= $3 OR (l."click_limit" IS NOT NULL AND l."clicks" >= l."click_limit"))) AS total
FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
WHERE l."id" IN (SELECT l."id" FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL AND coalesce(l."domain_id", 0) = $2 AND (l."expires_at" <= $3 OR (l."click_limit" IS NOT NULL AND l."clicks" >= l."click_limit")) ORDER BY l."created_at" DESC, l."id" DESC OFFSET $4 LIMIT $5)
ORDER BY l."created_at" DESC, l."id" DESC;

-- LinksRepository.list (example 6)
SELECT l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date",
(SELECT count(*) FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL AND l."starts_at" > $2) AS total
FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
WHERE l."id" IN (SELECT l."id" FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL AND l."starts_at" > $2 ORDER BY l."created_at" DESC, l."id" DESC OFFSET $3 LIMIT $4)
ORDER BY l."created_at" DESC, l."id" DESC;

-- LinksRepository.list (example 7)
SELECT l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date",
(SELECT count(*) FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL AND (l."click_limit" IS NOT NULL AND l."clicks" >= l."click_limit")) AS total
FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
WHERE l."id" IN (SELECT l."id" FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL AND (l."click_limit" IS NOT NULL AND l."clicks" >= l."click_limit") ORDER BY l."created_at" DESC, l."id" DESC OFFSET $2 LIMIT $3)
ORDER BY l."created_at" DESC, l."id" DESC;

-- LinksRepository.list (example 8)
SELECT l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date",
(SELECT count(*) FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL) AS total
FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
WHERE l."id" IN (SELECT l."id" FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL ORDER BY l."created_at" DESC, l."id" DESC OFFSET $2 LIMIT $3)
ORDER BY l."created_at" DESC, l."id" DESC;
SELECT count(*) AS total FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL;

-- LinksRepository.list (example 9)
SELECT l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date",
(SELECT count(*) FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NOT NULL) AS total
FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
WHERE l."id" IN (SELECT l."id" FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NOT NULL ORDER BY l."created_at" DESC, l."id" DESC OFFSET $2 LIMIT $3)
ORDER BY l."created_at" DESC, l."id" DESC;

-- LinksRepository.list (example 10)
SELECT l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date",
(SELECT count(*) FROM "links" l WHERE l."user_id" = $1) AS total
FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
WHERE l."id" IN (SELECT l."id" FROM "links" l WHERE l."user_id" = $1 ORDER BY l."clicks" DESC, l."id" DESC OFFSET $2 LIMIT $3)
ORDER BY l."clicks" DESC, l."id" DESC;

-- LinksRepository.pageAfter
SELECT l."id" AS "l.id", l."user_id" AS "l.userId", l."created_at" AS "l.createdAt", l."domain_id" AS "l.domainId", l."alias" AS "l.alias", l."url" AS "l.url", l."title" AS "l.title", l."description" AS "l.description", l."meta_description" AS "l.metaDescription", l."meta_image" AS "l.metaImage", l."password_hash" AS "l.passwordHash", l."expires_at" AS "l.expiresAt", l."type" AS "l.type", l."splash_id" AS "l.splashId", l."overlay_id" AS "l.overlayId", l."campaign_id" AS "l.campaignId", l."geotarget" AS "l.geotarget", l."devicetarget" AS "l.devicetarget", l."languagetarget" AS "l.languagetarget", l."deeplink" AS "l.deeplink", l."parameters" AS "l.parameters", l."status" AS "l.status", l."archived_at" AS "l.archivedAt", l."click_limit" AS "l.clickLimit", l."starts_at" AS "l.startsAt", l."variants" AS "l.variants", l."tags" AS "l.tags", l."clicks" AS "l.clicks", l."unique_clicks" AS "l.uniqueClicks", d."id" AS "d.id", d."user_id" AS "d.userId", d."created_at" AS "d.createdAt", d."domain" AS "d.domain", d."host" AS "d.host", d."redirect_root" AS "d.redirectRoot", d."redirect_404" AS "d.redirect404"
FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
WHERE l."user_id" = $1 AND l."id" > $2 ORDER BY l."id" LIMIT $3;
SELECT link_id AS link, pixel_id AS pixel FROM link_pixels WHERE link_id = ANY($1) ORDER BY pixel_id;
SELECT link_id AS link, channel_id AS channel FROM channel_items WHERE link_id = ANY($1) ORDER BY channel_id;

-- LinksRepository.insert
WITH link AS (INSERT INTO links (user_id, domain_id, alias, url, title, description, meta_description, meta_image, password_hash,
expires_at, type, splash_id, overlay_id, campaign_id, geotarget, devicetarget, languagetarget,
deeplink, parameters, status, created_at, clicks, tags, archived_at, click_limit, starts_at, variants)
SELECT u.user_id, u.domain_id, u.alias, u.url, u.title, u.description, u.meta_description, u.meta_image, u.password_hash,
u.expires_at, u.type, u.splash_id, u.overlay_id, u.campaign_id, u.geotarget, u.devicetarget, u.languagetarget,
u.deeplink, u.parameters, u.status, coalesce(u.created_at, now()), u.clicks,
ARRAY(SELECT jsonb_array_elements_text(u.tags))::varchar(50)[], u.archived_at, u.click_limit, u.starts_at, u.variants
FROM unnest($1::int[], $2::int[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[],
$8::varchar[], $9::text[], $10::timestamptz[], $11::varchar[], $12::int[], $13::int[], $14::int[],
$15::jsonb[], $16::jsonb[], $17::jsonb[], $18::jsonb[], $19::jsonb[], $20::varchar[], $21::timestamptz[],
$22::bigint[], $23::jsonb[], $24::timestamptz[], $25::int[], $26::timestamptz[], $27::jsonb[])
AS u(user_id, domain_id, alias, url, title, description, meta_description, meta_image, password_hash, expires_at, type,
splash_id, overlay_id, campaign_id, geotarget, devicetarget, languagetarget, deeplink, parameters, status,
created_at, clicks, tags, archived_at, click_limit, starts_at, variants)
ON CONFLICT DO NOTHING
RETURNING id, coalesce(domain_id, 0) AS domain, alias, created_at),
source AS (
SELECT ('{"id":' || l.id || ',' || m.middle || ',"date":"'
|| coalesce(m.date, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')) || '"}')::json AS payload,
row_number() OVER (ORDER BY m.n) AS n
FROM link l
JOIN unnest($2::int[], $3::varchar[], $28::text[], $29::text[])
WITH ORDINALITY AS m(domain_id, alias, middle, date, n)
ON l.domain = coalesce(m.domain_id, 0) AND l.alias = m.alias),
wanted AS (SELECT w.id FROM webhooks w WHERE w.user_id = $30 AND w.enabled AND ($31::text = ANY(w.events) OR split_part($31::text, '.', 1) || '.*' = ANY(w.events)) FOR KEY SHARE),
room AS (SELECT (SELECT count(*) FROM wanted) AS hooks,
$33::bigint - (SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries d JOIN webhooks x ON x.id = d.webhook_id
WHERE x.user_id = $30 AND d.status = 'pending' LIMIT $33) waiting) AS free),
kept AS (SELECT s.payload, s.n FROM source s, room WHERE room.hooks > 0 AND s.n * room.hooks <= room.free),
events AS (
INSERT INTO webhook_events (user_id, type, payload, created_at)
SELECT $30, $31, k.payload, $32 FROM kept k ORDER BY k.n
RETURNING id),
deliveries AS (
INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at, created_at)
SELECT w.id, e.id, $32, $32 FROM wanted w CROSS JOIN events e ORDER BY e.id, w.id),
lost AS (SELECT CASE WHEN room.hooks > 0 THEN (SELECT count(*) FROM source) - (SELECT count(*) FROM kept) ELSE 0 END AS n FROM room),
counted AS (
UPDATE webhooks w SET dropped = w.dropped + lost.n, last_dropped_at = $32
FROM wanted, lost WHERE w.id = wanted.id AND lost.n > 0)
SELECT l.id, l.domain, l.alias, l.created_at, (SELECT n::int FROM lost) AS dropped FROM link l;

-- LinksRepository.attachPixels
INSERT INTO link_pixels (link_id, pixel_id) SELECT * FROM unnest($1::int[], $2::int[]);

-- LinksRepository.save
SELECT "LinkEntity"."id" AS "LinkEntity_id", "LinkEntity"."user_id" AS "LinkEntity_user_id", "LinkEntity"."created_at" AS "LinkEntity_created_at", "LinkEntity"."domain_id" AS "LinkEntity_domain_id", "LinkEntity"."alias" AS "LinkEntity_alias", "LinkEntity"."url" AS "LinkEntity_url", "LinkEntity"."title" AS "LinkEntity_title", "LinkEntity"."description" AS "LinkEntity_description", "LinkEntity"."meta_description" AS "LinkEntity_meta_description", "LinkEntity"."meta_image" AS "LinkEntity_meta_image", "LinkEntity"."password_hash" AS "LinkEntity_password_hash", "LinkEntity"."expires_at" AS "LinkEntity_expires_at", "LinkEntity"."type" AS "LinkEntity_type", "LinkEntity"."splash_id" AS "LinkEntity_splash_id", "LinkEntity"."overlay_id" AS "LinkEntity_overlay_id", "LinkEntity"."campaign_id" AS "LinkEntity_campaign_id", "LinkEntity"."geotarget" AS "LinkEntity_geotarget", "LinkEntity"."devicetarget" AS "LinkEntity_devicetarget", "LinkEntity"."languagetarget" AS "LinkEntity_languagetarget", "LinkEntity"."deeplink" AS "LinkEntity_deeplink", "LinkEntity"."parameters" AS "LinkEntity_parameters", "LinkEntity"."status" AS "LinkEntity_status", "LinkEntity"."archived_at" AS "LinkEntity_archived_at", "LinkEntity"."click_limit" AS "LinkEntity_click_limit", "LinkEntity"."starts_at" AS "LinkEntity_starts_at", "LinkEntity"."variants" AS "LinkEntity_variants", "LinkEntity"."tags" AS "LinkEntity_tags", "LinkEntity"."clicks" AS "LinkEntity_clicks", "LinkEntity"."unique_clicks" AS "LinkEntity_unique_clicks" FROM "links" "LinkEntity" WHERE "LinkEntity"."id" = $1;
SELECT "LinkEntity_pixels_rid"."pixel_id" AS "pixel_id", "LinkEntity_pixels_rid"."link_id" AS "link_id" FROM "pixels" "pixels" INNER JOIN "link_pixels" "LinkEntity_pixels_rid" ON ("LinkEntity_pixels_rid"."link_id" = $1 AND "LinkEntity_pixels_rid"."pixel_id" = "pixels"."id") ORDER BY "LinkEntity_pixels_rid"."pixel_id" ASC, "LinkEntity_pixels_rid"."link_id" ASC;
START TRANSACTION;
UPDATE "links" SET "title" = $1 WHERE "id" = $2;
DELETE FROM "link_pixels" WHERE ("link_id" = $1 AND "pixel_id" = $2);
COMMIT;

-- LinksRepository.moveToCampaign
UPDATE "links" SET "campaign_id" = $1 WHERE ("id" = $2 AND "user_id" = $3);

-- LinksRepository.forEdit
SELECT l."id", l."alias", l."domain_id", l."tags" FROM "links" l WHERE l."user_id" = $1 AND l."id" = ANY($2::int[]) ORDER BY l."id" LIMIT $3 FOR UPDATE;

-- LinksRepository.forEdit (example 2)
SELECT l."id", l."alias", l."domain_id", l."tags" FROM "links" l WHERE l."user_id" = $1 AND l."archived_at" IS NULL AND l."tags" @> $2::varchar[] AND coalesce(l."domain_id", 0) = $3 AND (l."alias" ILIKE $4 OR l."url" ILIKE $4 OR l."title" ILIKE $4 OR l."description" ILIKE $4) ORDER BY l."id" LIMIT $5 FOR UPDATE;

-- LinksRepository.aliasesTaken
SELECT "alias" FROM "links" WHERE coalesce("domain_id", 0) = $1 AND "alias" = ANY($2::varchar[]) AND NOT ("id" = ANY($3::int[]));

-- LinksRepository.editMany
WITH changed AS (UPDATE "links" l SET "tags" = ARRAY(SELECT t FROM unnest(l."tags" || $3::varchar[]) WITH ORDINALITY AS u(t, n)
WHERE t <> ALL($4::varchar[]) GROUP BY t ORDER BY min(n))::varchar(50)[], "campaign_id" = $5::int, "status" = $6, "archived_at" = coalesce(l."archived_at", $7::timestamptz) WHERE l."user_id" = $1 AND l."id" = ANY($2::int[]) RETURNING l.*)
SELECT l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date" FROM changed l LEFT JOIN "domains" d ON d."id" = l."domain_id" ORDER BY l."id";

-- LinksRepository.editMany (example 2)
WITH changed AS (UPDATE "links" l SET "domain_id" = $3::int, "expires_at" = $4::timestamptz, "archived_at" = NULL WHERE l."user_id" = $1 AND l."id" = ANY($2::int[]) RETURNING l.*)
SELECT l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date" FROM changed l LEFT JOIN "domains" d ON d."id" = l."domain_id" ORDER BY l."id";

-- LinksRepository.editMany (example 3)
WITH changed AS (SELECT l.* FROM "links" l WHERE l."user_id" = $1 AND l."id" = ANY($2::int[]))
SELECT l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date" FROM changed l LEFT JOIN "domains" d ON d."id" = l."domain_id" ORDER BY l."id";

-- LinksRepository.dropOverlay
UPDATE "links" SET "type" = $1, "overlay_id" = $2 WHERE ("overlay_id" = $3 AND "user_id" = $4);

-- LinksRepository.dropSplash
UPDATE "links" SET "type" = $1, "splash_id" = $2 WHERE ("splash_id" = $3 AND "user_id" = $4);

-- LinksRepository.moveToDefaultDomain
SELECT "LinkEntity"."id" AS "LinkEntity_id", "LinkEntity"."user_id" AS "LinkEntity_user_id", "LinkEntity"."created_at" AS "LinkEntity_created_at", "LinkEntity"."domain_id" AS "LinkEntity_domain_id", "LinkEntity"."alias" AS "LinkEntity_alias", "LinkEntity"."url" AS "LinkEntity_url", "LinkEntity"."title" AS "LinkEntity_title", "LinkEntity"."description" AS "LinkEntity_description", "LinkEntity"."meta_description" AS "LinkEntity_meta_description", "LinkEntity"."meta_image" AS "LinkEntity_meta_image", "LinkEntity"."password_hash" AS "LinkEntity_password_hash", "LinkEntity"."expires_at" AS "LinkEntity_expires_at", "LinkEntity"."type" AS "LinkEntity_type", "LinkEntity"."splash_id" AS "LinkEntity_splash_id", "LinkEntity"."overlay_id" AS "LinkEntity_overlay_id", "LinkEntity"."campaign_id" AS "LinkEntity_campaign_id", "LinkEntity"."geotarget" AS "LinkEntity_geotarget", "LinkEntity"."devicetarget" AS "LinkEntity_devicetarget", "LinkEntity"."languagetarget" AS "LinkEntity_languagetarget", "LinkEntity"."deeplink" AS "LinkEntity_deeplink", "LinkEntity"."parameters" AS "LinkEntity_parameters", "LinkEntity"."status" AS "LinkEntity_status", "LinkEntity"."archived_at" AS "LinkEntity_archived_at", "LinkEntity"."click_limit" AS "LinkEntity_click_limit", "LinkEntity"."starts_at" AS "LinkEntity_starts_at", "LinkEntity"."variants" AS "LinkEntity_variants", "LinkEntity"."tags" AS "LinkEntity_tags", "LinkEntity"."clicks" AS "LinkEntity_clicks", "LinkEntity"."unique_clicks" AS "LinkEntity_unique_clicks" FROM "links" "LinkEntity" WHERE (("LinkEntity"."domain_id" = $1) AND ("LinkEntity"."user_id" = $2)) ORDER BY "LinkEntity"."id" ASC;

-- LinksRepository.delete
START TRANSACTION;
DELETE FROM "links" WHERE ("id" = $1 AND "user_id" = $2);
COMMIT;
