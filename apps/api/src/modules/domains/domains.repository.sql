-- The statements of domains.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- DomainsRepository.list
SELECT r."id" AS "r.id", r."user_id" AS "r.userId", r."created_at" AS "r.createdAt", r."domain" AS "r.domain", r."host" AS "r.host", r."redirect_root" AS "r.redirectRoot", r."redirect_404" AS "r.redirect404", count(*) OVER () AS total FROM "domains" r
WHERE r."user_id" = $1 ORDER BY r."id" DESC OFFSET $2 LIMIT $3;

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
