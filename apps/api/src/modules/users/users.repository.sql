-- The statements of users.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- UsersRepository.withPlan
SELECT u."id" AS "u.id", u."username" AS "u.username", u."email" AS "u.email", u."password_hash" AS "u.passwordHash", u."password_by_key" AS "u.passwordByKey", u."admin" AS "u.admin", u."plan_id" AS "u.planId", u."plan_expires" AS "u.planExpires", u."ratelimit" AS "u.ratelimit", u."api_key_hash" AS "u.apiKeyHash", u."api_key_expires" AS "u.apiKeyExpires", u."disabled_at" AS "u.disabledAt", u."created_at" AS "u.createdAt", p."id" AS "p.id", p."name" AS "p.name", p."free" AS "p.free", p."ratelimit" AS "p.ratelimit", p."price" AS "p.price", p."created_at" AS "p.createdAt" FROM users u LEFT JOIN plans p ON p.id = u.plan_id WHERE u.id = $1;

-- UsersRepository.withPlan (example 2)
SELECT u."id" AS "u.id", u."username" AS "u.username", u."email" AS "u.email", u."password_hash" AS "u.passwordHash", u."password_by_key" AS "u.passwordByKey", u."admin" AS "u.admin", u."plan_id" AS "u.planId", u."plan_expires" AS "u.planExpires", u."ratelimit" AS "u.ratelimit", u."api_key_hash" AS "u.apiKeyHash", u."api_key_expires" AS "u.apiKeyExpires", u."disabled_at" AS "u.disabledAt", u."created_at" AS "u.createdAt", p."id" AS "p.id", p."name" AS "p.name", p."free" AS "p.free", p."ratelimit" AS "p.ratelimit", p."price" AS "p.price", p."created_at" AS "p.createdAt" FROM users u LEFT JOIN plans p ON p.id = u.plan_id WHERE u.api_key_hash = $1;

-- UsersRepository.byLogin
SELECT "user"."id" AS "user_id", "user"."username" AS "user_username", "user"."email" AS "user_email", "user"."password_hash" AS "user_password_hash", "user"."password_by_key" AS "user_password_by_key", "user"."admin" AS "user_admin", "user"."plan_id" AS "user_plan_id", "user"."plan_expires" AS "user_plan_expires", "user"."ratelimit" AS "user_ratelimit", "user"."api_key_hash" AS "user_api_key_hash", "user"."api_key_expires" AS "user_api_key_expires", "user"."disabled_at" AS "user_disabled_at", "user"."created_at" AS "user_created_at" FROM "users" "user" WHERE lower("user"."username") = lower($1) OR lower("user"."email") = lower($1) ORDER BY "user"."id" ASC;

-- UsersRepository.byKeyHash
SELECT "UserEntity"."id" AS "UserEntity_id", "UserEntity"."username" AS "UserEntity_username", "UserEntity"."email" AS "UserEntity_email", "UserEntity"."password_hash" AS "UserEntity_password_hash", "UserEntity"."password_by_key" AS "UserEntity_password_by_key", "UserEntity"."admin" AS "UserEntity_admin", "UserEntity"."plan_id" AS "UserEntity_plan_id", "UserEntity"."plan_expires" AS "UserEntity_plan_expires", "UserEntity"."ratelimit" AS "UserEntity_ratelimit", "UserEntity"."api_key_hash" AS "UserEntity_api_key_hash", "UserEntity"."api_key_expires" AS "UserEntity_api_key_expires", "UserEntity"."disabled_at" AS "UserEntity_disabled_at", "UserEntity"."created_at" AS "UserEntity_created_at" FROM "users" "UserEntity" WHERE (("UserEntity"."api_key_hash" = $1)) LIMIT 1;

-- UsersRepository.firstAdmin
SELECT "UserEntity"."id" AS "UserEntity_id", "UserEntity"."username" AS "UserEntity_username", "UserEntity"."email" AS "UserEntity_email", "UserEntity"."password_hash" AS "UserEntity_password_hash", "UserEntity"."password_by_key" AS "UserEntity_password_by_key", "UserEntity"."admin" AS "UserEntity_admin", "UserEntity"."plan_id" AS "UserEntity_plan_id", "UserEntity"."plan_expires" AS "UserEntity_plan_expires", "UserEntity"."ratelimit" AS "UserEntity_ratelimit", "UserEntity"."api_key_hash" AS "UserEntity_api_key_hash", "UserEntity"."api_key_expires" AS "UserEntity_api_key_expires", "UserEntity"."disabled_at" AS "UserEntity_disabled_at", "UserEntity"."created_at" AS "UserEntity_created_at" FROM "users" "UserEntity" WHERE (("UserEntity"."admin" = $1)) ORDER BY "UserEntity"."id" ASC LIMIT 1;

-- UsersRepository.list
SELECT DISTINCT "distinctAlias"."UserEntity_id" AS "ids_UserEntity_id", "distinctAlias"."UserEntity_id" FROM (SELECT "UserEntity"."id" AS "UserEntity_id", "UserEntity"."username" AS "UserEntity_username", "UserEntity"."email" AS "UserEntity_email", "UserEntity"."password_hash" AS "UserEntity_password_hash", "UserEntity"."password_by_key" AS "UserEntity_password_by_key", "UserEntity"."admin" AS "UserEntity_admin", "UserEntity"."plan_id" AS "UserEntity_plan_id", "UserEntity"."plan_expires" AS "UserEntity_plan_expires", "UserEntity"."ratelimit" AS "UserEntity_ratelimit", "UserEntity"."api_key_hash" AS "UserEntity_api_key_hash", "UserEntity"."api_key_expires" AS "UserEntity_api_key_expires", "UserEntity"."disabled_at" AS "UserEntity_disabled_at", "UserEntity"."created_at" AS "UserEntity_created_at", "UserEntity__UserEntity_plan"."id" AS "UserEntity__UserEntity_plan_id", "UserEntity__UserEntity_plan"."name" AS "UserEntity__UserEntity_plan_name", "UserEntity__UserEntity_plan"."free" AS "UserEntity__UserEntity_plan_free", "UserEntity__UserEntity_plan"."ratelimit" AS "UserEntity__UserEntity_plan_ratelimit", "UserEntity__UserEntity_plan"."price" AS "UserEntity__UserEntity_plan_price", "UserEntity__UserEntity_plan"."created_at" AS "UserEntity__UserEntity_plan_created_at" FROM "users" "UserEntity" LEFT JOIN "plans" "UserEntity__UserEntity_plan" ON "UserEntity__UserEntity_plan"."id"="UserEntity"."plan_id") "distinctAlias" ORDER BY "distinctAlias"."UserEntity_id" DESC, "UserEntity_id" ASC LIMIT 15 OFFSET 0;
SELECT "UserEntity"."id" AS "UserEntity_id", "UserEntity"."username" AS "UserEntity_username", "UserEntity"."email" AS "UserEntity_email", "UserEntity"."password_hash" AS "UserEntity_password_hash", "UserEntity"."password_by_key" AS "UserEntity_password_by_key", "UserEntity"."admin" AS "UserEntity_admin", "UserEntity"."plan_id" AS "UserEntity_plan_id", "UserEntity"."plan_expires" AS "UserEntity_plan_expires", "UserEntity"."ratelimit" AS "UserEntity_ratelimit", "UserEntity"."api_key_hash" AS "UserEntity_api_key_hash", "UserEntity"."api_key_expires" AS "UserEntity_api_key_expires", "UserEntity"."disabled_at" AS "UserEntity_disabled_at", "UserEntity"."created_at" AS "UserEntity_created_at", "UserEntity__UserEntity_plan"."id" AS "UserEntity__UserEntity_plan_id", "UserEntity__UserEntity_plan"."name" AS "UserEntity__UserEntity_plan_name", "UserEntity__UserEntity_plan"."free" AS "UserEntity__UserEntity_plan_free", "UserEntity__UserEntity_plan"."ratelimit" AS "UserEntity__UserEntity_plan_ratelimit", "UserEntity__UserEntity_plan"."price" AS "UserEntity__UserEntity_plan_price", "UserEntity__UserEntity_plan"."created_at" AS "UserEntity__UserEntity_plan_created_at" FROM "users" "UserEntity" LEFT JOIN "plans" "UserEntity__UserEntity_plan" ON "UserEntity__UserEntity_plan"."id"="UserEntity"."plan_id" WHERE "UserEntity"."id" IN (4, 3, 2, 1) ORDER BY "UserEntity"."id" DESC;

-- UsersRepository.count
SELECT COUNT(1) AS "cnt" FROM "users" "UserEntity";

-- UsersRepository.taken
SELECT 1 AS "row_exists" FROM (SELECT 1 AS dummy_column) "dummy_table" WHERE EXISTS (SELECT 1 FROM "users" "user" WHERE (lower("user"."username") = lower($1) OR lower("user"."email") = lower($2))) LIMIT 1;

-- UsersRepository.taken (example 2)
SELECT 1 AS "row_exists" FROM (SELECT 1 AS dummy_column) "dummy_table" WHERE EXISTS (SELECT 1 FROM "users" "user" WHERE (lower("user"."email") = lower($1)) AND "user"."id" <> $2) LIMIT 1;

-- UsersRepository.add
START TRANSACTION;
INSERT INTO "users"("username", "email", "password_hash", "password_by_key", "admin", "plan_id", "plan_expires", "ratelimit", "api_key_hash", "api_key_expires", "disabled_at", "created_at") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, DEFAULT, DEFAULT) RETURNING "id", "password_by_key", "admin", "created_at";
COMMIT;

-- UsersRepository.updateCredentials
UPDATE "users" SET "email" = $1 WHERE "id" = $2 AND "password_hash" IS NULL AND "api_key_hash" = $3;

-- UsersRepository.updateCredentials (example 2)
UPDATE "users" SET "password_hash" = $1, "password_by_key" = $2 WHERE "id" = $3 AND "password_hash" = $4;

-- UsersRepository.setKey
UPDATE "users" SET "api_key_hash" = $1, "api_key_expires" = $2, "password_hash" = CASE WHEN "password_by_key" THEN NULL ELSE "password_hash" END, "password_by_key" = $3 WHERE "id" = $4;

-- UsersRepository.setDisabled
UPDATE "users" SET "disabled_at" = coalesce("disabled_at", $1) WHERE "id" = $2;

-- UsersRepository.setDisabled (example 2)
UPDATE "users" SET "disabled_at" = $1 WHERE "id" = $2;

-- UsersRepository.makeAdmin
UPDATE "users" SET "admin" = $1, "api_key_expires" = $2, "disabled_at" = $3 WHERE "id" = $4;

-- UsersRepository.subscribe
UPDATE "users" SET "plan_id" = $1, "plan_expires" = $2 WHERE "id" = $3;

-- UsersRepository.listPlans
SELECT "PlanEntity"."id" AS "PlanEntity_id", "PlanEntity"."name" AS "PlanEntity_name", "PlanEntity"."free" AS "PlanEntity_free", "PlanEntity"."ratelimit" AS "PlanEntity_ratelimit", "PlanEntity"."price" AS "PlanEntity_price", "PlanEntity"."created_at" AS "PlanEntity_created_at" FROM "plans" "PlanEntity" ORDER BY "PlanEntity"."id" ASC LIMIT 15 OFFSET 0;

-- UsersRepository.plan
SELECT "PlanEntity"."id" AS "PlanEntity_id", "PlanEntity"."name" AS "PlanEntity_name", "PlanEntity"."free" AS "PlanEntity_free", "PlanEntity"."ratelimit" AS "PlanEntity_ratelimit", "PlanEntity"."price" AS "PlanEntity_price", "PlanEntity"."created_at" AS "PlanEntity_created_at" FROM "plans" "PlanEntity" WHERE (("PlanEntity"."id" = $1)) LIMIT 1;

-- UsersRepository.freePlan
SELECT "PlanEntity"."id" AS "PlanEntity_id", "PlanEntity"."name" AS "PlanEntity_name", "PlanEntity"."free" AS "PlanEntity_free", "PlanEntity"."ratelimit" AS "PlanEntity_ratelimit", "PlanEntity"."price" AS "PlanEntity_price", "PlanEntity"."created_at" AS "PlanEntity_created_at" FROM "plans" "PlanEntity" WHERE (("PlanEntity"."free" = $1)) ORDER BY "PlanEntity"."id" ASC LIMIT 1;

-- UsersRepository.setFreeRateLimit
UPDATE "plans" SET "ratelimit" = $1 WHERE "free" = $2;

-- UsersRepository.delete
DELETE FROM "users" WHERE "id" = $1;
