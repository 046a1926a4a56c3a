-- The statements of sessions.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- SessionsRepository.add
START TRANSACTION;
INSERT INTO "sessions"("user_id", "token_hash", "created_at", "last_used_at", "key_hash", "password_ref", "sso", "expires_at") VALUES ($1, $2, $3, $4, $5, $6, DEFAULT, $7) RETURNING "id", "sso";
COMMIT;

-- SessionsRepository.byTokenHash
SELECT "SessionEntity"."id" AS "SessionEntity_id", "SessionEntity"."user_id" AS "SessionEntity_user_id", "SessionEntity"."token_hash" AS "SessionEntity_token_hash", "SessionEntity"."created_at" AS "SessionEntity_created_at", "SessionEntity"."last_used_at" AS "SessionEntity_last_used_at", "SessionEntity"."key_hash" AS "SessionEntity_key_hash", "SessionEntity"."password_ref" AS "SessionEntity_password_ref", "SessionEntity"."sso" AS "SessionEntity_sso", "SessionEntity"."expires_at" AS "SessionEntity_expires_at" FROM "sessions" "SessionEntity" WHERE (("SessionEntity"."token_hash" = $1)) LIMIT 1;

-- SessionsRepository.byId
SELECT "SessionEntity"."id" AS "SessionEntity_id", "SessionEntity"."user_id" AS "SessionEntity_user_id", "SessionEntity"."token_hash" AS "SessionEntity_token_hash", "SessionEntity"."created_at" AS "SessionEntity_created_at", "SessionEntity"."last_used_at" AS "SessionEntity_last_used_at", "SessionEntity"."key_hash" AS "SessionEntity_key_hash", "SessionEntity"."password_ref" AS "SessionEntity_password_ref", "SessionEntity"."sso" AS "SessionEntity_sso", "SessionEntity"."expires_at" AS "SessionEntity_expires_at" FROM "sessions" "SessionEntity" WHERE (("SessionEntity"."id" = $1)) LIMIT 1;

-- SessionsRepository.touch
UPDATE "sessions" SET "last_used_at" = $1 WHERE "id" = $2;

-- SessionsRepository.carryToKey
UPDATE "sessions" SET "key_hash" = $1, "password_ref" = $2 WHERE "id" = $3;

-- SessionsRepository.carryToKey (example 2)
UPDATE "sessions" SET "key_hash" = $1, "password_ref" = $2, "expires_at" = least("expires_at", $3) WHERE "id" = $4;

-- SessionsRepository.carryToPassword
UPDATE "sessions" SET "password_ref" = $1 WHERE "id" = $2 AND "key_hash" IS NULL;

-- SessionsRepository.deleteEnded
DELETE FROM "sessions" WHERE "user_id" = $1 AND ("expires_at" <= $2 OR "last_used_at" <= $3);

-- SessionsRepository.delete
DELETE FROM "sessions" WHERE "id" = $1;

-- SessionsRepository.deleteAllOf
DELETE FROM "sessions" WHERE "user_id" = $1;

-- SessionsRepository.deleteAllOf (example 2)
DELETE FROM "sessions" WHERE "user_id" = $1 AND "id" <> $2;
