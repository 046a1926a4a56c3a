-- The statements of bio.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- BioRepository.list
SELECT b."id" AS "b.id", b."user_id" AS "b.userId", b."created_at" AS "b.createdAt", b."domain_id" AS "b.domainId", b."alias" AS "b.alias", b."name" AS "b.name", b."title" AS "b.title", b."description" AS "b.description", b."avatar_id" AS "b.avatarId", b."theme" AS "b.theme", b."seo_title" AS "b.seoTitle", b."seo_description" AS "b.seoDescription", b."seo_image_id" AS "b.seoImageId", b."language" AS "b.language", b."public" AS "b.public", b."visits" AS "b.visits", b."unique_visits" AS "b.uniqueVisits", b."updated_at" AS "b.updatedAt", d."id" AS "d.id", d."user_id" AS "d.userId", d."created_at" AS "d.createdAt", d."domain" AS "d.domain", d."host" AS "d.host", d."redirect_root" AS "d.redirectRoot", d."redirect_404" AS "d.redirect404", count(*) OVER () AS total
FROM bio_pages b LEFT JOIN domains d ON d.id = b.domain_id
WHERE b.user_id = $1 ORDER BY b.id DESC OFFSET $2 LIMIT $3;

-- BioRepository.list (example 2)
SELECT b."id" AS "b.id", b."user_id" AS "b.userId", b."created_at" AS "b.createdAt", b."domain_id" AS "b.domainId", b."alias" AS "b.alias", b."name" AS "b.name", b."title" AS "b.title", b."description" AS "b.description", b."avatar_id" AS "b.avatarId", b."theme" AS "b.theme", b."seo_title" AS "b.seoTitle", b."seo_description" AS "b.seoDescription", b."seo_image_id" AS "b.seoImageId", b."language" AS "b.language", b."public" AS "b.public", b."visits" AS "b.visits", b."unique_visits" AS "b.uniqueVisits", b."updated_at" AS "b.updatedAt", d."id" AS "d.id", d."user_id" AS "d.userId", d."created_at" AS "d.createdAt", d."domain" AS "d.domain", d."host" AS "d.host", d."redirect_root" AS "d.redirectRoot", d."redirect_404" AS "d.redirect404", count(*) OVER () AS total
FROM bio_pages b LEFT JOIN domains d ON d.id = b.domain_id
WHERE b.user_id = $1 ORDER BY b.id DESC OFFSET $2 LIMIT $3;
SELECT COUNT(1) AS "cnt" FROM "bio_pages" "BioPageEntity" WHERE (("BioPageEntity"."user_id" = $1));

-- BioRepository.owned
SELECT "page"."id" AS "page_id", "page"."user_id" AS "page_user_id", "page"."created_at" AS "page_created_at", "page"."domain_id" AS "page_domain_id", "page"."alias" AS "page_alias", "page"."name" AS "page_name", "page"."title" AS "page_title", "page"."description" AS "page_description", "page"."avatar_id" AS "page_avatar_id", "page"."theme" AS "page_theme", "page"."seo_title" AS "page_seo_title", "page"."seo_description" AS "page_seo_description", "page"."seo_image_id" AS "page_seo_image_id", "page"."language" AS "page_language", "page"."public" AS "page_public", "page"."visits" AS "page_visits", "page"."unique_visits" AS "page_unique_visits", "page"."updated_at" AS "page_updated_at", "domain"."id" AS "domain_id", "domain"."user_id" AS "domain_user_id", "domain"."created_at" AS "domain_created_at", "domain"."domain" AS "domain_domain", "domain"."host" AS "domain_host", "domain"."redirect_root" AS "domain_redirect_root", "domain"."redirect_404" AS "domain_redirect_404" FROM "bio_pages" "page" LEFT JOIN "domains" "domain" ON "domain"."id"="page"."domain_id" WHERE "page"."id" = $1 AND "page"."user_id" = $2;

-- BioRepository.contents
SELECT "BioBlockEntity"."id" AS "BioBlockEntity_id", "BioBlockEntity"."bio_id" AS "BioBlockEntity_bio_id", "BioBlockEntity"."position" AS "BioBlockEntity_position", "BioBlockEntity"."type" AS "BioBlockEntity_type", "BioBlockEntity"."data" AS "BioBlockEntity_data", "BioBlockEntity"."image_id" AS "BioBlockEntity_image_id", "BioBlockEntity"."clicks" AS "BioBlockEntity_clicks", "BioBlockEntity"."unique_clicks" AS "BioBlockEntity_unique_clicks", "BioBlockEntity"."created_at" AS "BioBlockEntity_created_at" FROM "bio_blocks" "BioBlockEntity" WHERE (("BioBlockEntity"."bio_id" = $1)) ORDER BY "BioBlockEntity"."position" ASC;
SELECT id, type, width, height, hash FROM bio_media WHERE bio_id = $1;
SELECT pixel_id AS id FROM bio_pixels WHERE bio_id = $1 ORDER BY pixel_id;

-- BioRepository.block
SELECT b.id FROM bio_blocks b JOIN bio_pages p ON p.id = b.bio_id WHERE b.id = $1 AND p.id = $2 AND p.user_id = $3;
SELECT "BioBlockEntity"."id" AS "BioBlockEntity_id", "BioBlockEntity"."bio_id" AS "BioBlockEntity_bio_id", "BioBlockEntity"."position" AS "BioBlockEntity_position", "BioBlockEntity"."type" AS "BioBlockEntity_type", "BioBlockEntity"."data" AS "BioBlockEntity_data", "BioBlockEntity"."image_id" AS "BioBlockEntity_image_id", "BioBlockEntity"."clicks" AS "BioBlockEntity_clicks", "BioBlockEntity"."unique_clicks" AS "BioBlockEntity_unique_clicks", "BioBlockEntity"."created_at" AS "BioBlockEntity_created_at" FROM "bio_blocks" "BioBlockEntity" WHERE (("BioBlockEntity"."id" = $1)) LIMIT 1;

-- BioRepository.withDomains
SELECT "BioPageEntity"."id" AS "BioPageEntity_id", "BioPageEntity"."user_id" AS "BioPageEntity_user_id", "BioPageEntity"."created_at" AS "BioPageEntity_created_at", "BioPageEntity"."domain_id" AS "BioPageEntity_domain_id", "BioPageEntity"."alias" AS "BioPageEntity_alias", "BioPageEntity"."name" AS "BioPageEntity_name", "BioPageEntity"."title" AS "BioPageEntity_title", "BioPageEntity"."description" AS "BioPageEntity_description", "BioPageEntity"."avatar_id" AS "BioPageEntity_avatar_id", "BioPageEntity"."theme" AS "BioPageEntity_theme", "BioPageEntity"."seo_title" AS "BioPageEntity_seo_title", "BioPageEntity"."seo_description" AS "BioPageEntity_seo_description", "BioPageEntity"."seo_image_id" AS "BioPageEntity_seo_image_id", "BioPageEntity"."language" AS "BioPageEntity_language", "BioPageEntity"."public" AS "BioPageEntity_public", "BioPageEntity"."visits" AS "BioPageEntity_visits", "BioPageEntity"."unique_visits" AS "BioPageEntity_unique_visits", "BioPageEntity"."updated_at" AS "BioPageEntity_updated_at", "BioPageEntity__BioPageEntity_domain"."id" AS "BioPageEntity__BioPageEntity_domain_id", "BioPageEntity__BioPageEntity_domain"."user_id" AS "BioPageEntity__BioPageEntity_domain_user_id", "BioPageEntity__BioPageEntity_domain"."created_at" AS "BioPageEntity__BioPageEntity_domain_created_at", "BioPageEntity__BioPageEntity_domain"."domain" AS "BioPageEntity__BioPageEntity_domain_domain", "BioPageEntity__BioPageEntity_domain"."host" AS "BioPageEntity__BioPageEntity_domain_host", "BioPageEntity__BioPageEntity_domain"."redirect_root" AS "BioPageEntity__BioPageEntity_domain_redirect_root", "BioPageEntity__BioPageEntity_domain"."redirect_404" AS "BioPageEntity__BioPageEntity_domain_redirect_404" FROM "bio_pages" "BioPageEntity" LEFT JOIN "domains" "BioPageEntity__BioPageEntity_domain" ON "BioPageEntity__BioPageEntity_domain"."id"="BioPageEntity"."domain_id" WHERE (("BioPageEntity"."id" IN ($1, $2)));

-- BioRepository.imageBytes
SELECT id, data FROM bio_media WHERE bio_id = $1 AND id = ANY($2::int[]);

-- BioRepository.insertPage
INSERT INTO bio_pages (user_id, domain_id, alias, name, title, description, theme, seo_title, seo_description, language, public)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id;

-- BioRepository.lock
SELECT theme FROM bio_pages WHERE id = $1 AND user_id = $2 FOR UPDATE;

-- BioRepository.updatePage
UPDATE bio_pages SET title = $2, updated_at = now() WHERE id = $1;

-- BioRepository.insertImage
INSERT INTO bio_media (bio_id, type, data, width, height, hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id;

-- BioRepository.setImage
UPDATE bio_pages SET avatar_id = $2 WHERE id = $1;

-- BioRepository.writeBlocks
SELECT id FROM bio_blocks WHERE bio_id = $1 FOR UPDATE;
DELETE FROM bio_blocks WHERE bio_id = $1 AND NOT (id = ANY($2::int[]));
INSERT INTO bio_blocks (bio_id, position, type, data, image_id)
SELECT $1, v.position, v.type, v.data, v.image_id FROM unnest($2::int[], $3::varchar[], $4::jsonb[], $5::int[]) AS v(position, type, data, image_id);

-- BioRepository.writePixels
DELETE FROM bio_pixels WHERE bio_id = $1;
INSERT INTO bio_pixels (bio_id, pixel_id) SELECT $1, unnest($2::int[]);

-- BioRepository.moveToDefaultDomain
UPDATE bio_pages SET domain_id = NULL, updated_at = now() WHERE domain_id = $1;

-- BioRepository.publicPage
SELECT id, user_id, alias, name, title, description, avatar_id, theme, seo_title, seo_description, seo_image_id, language, public
FROM bio_pages WHERE coalesce(domain_id, 0) = $1 AND alias = $2;

-- BioRepository.publicContents
SELECT id, data, image_id FROM bio_blocks WHERE bio_id = $1 ORDER BY position;
SELECT id, type, width, height, hash FROM bio_media WHERE bio_id = $1;
SELECT p.type, p.tag FROM bio_pixels b JOIN pixels p ON p.id = b.pixel_id WHERE b.bio_id = $1 ORDER BY p.id;

-- BioRepository.image
SELECT type, data FROM bio_media WHERE id = $1 AND bio_id = $2;

-- BioRepository.deleteUnusedImages
DELETE FROM bio_media m WHERE m.bio_id = $1
AND NOT EXISTS (SELECT 1 FROM bio_pages p WHERE p.id = $1 AND (p.avatar_id = m.id OR p.seo_image_id = m.id))
AND NOT EXISTS (SELECT 1 FROM bio_blocks b WHERE b.bio_id = $1 AND b.image_id = m.id);

-- BioRepository.delete
START TRANSACTION;
DELETE FROM "bio_pages" WHERE ("id" = $1 AND "user_id" = $2);
COMMIT;
