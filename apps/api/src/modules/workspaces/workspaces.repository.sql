-- The statements of workspaces.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- WorkspacesRepository.roleOf
SELECT "MemberEntity"."workspace_id" AS "MemberEntity_workspace_id", "MemberEntity"."user_id" AS "MemberEntity_user_id", "MemberEntity"."role" AS "MemberEntity_role", "MemberEntity"."by_sso_rule" AS "MemberEntity_by_sso_rule", "MemberEntity"."created_at" AS "MemberEntity_created_at" FROM "workspace_members" "MemberEntity" WHERE (("MemberEntity"."user_id" = $1) AND ("MemberEntity"."workspace_id" = $2)) LIMIT 1;

-- WorkspacesRepository.placeOf
SELECT m.role, w.sso_only FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
WHERE m.user_id = $1 AND m.workspace_id = $2;

-- WorkspacesRepository.ruledOf
SELECT "MemberEntity"."workspace_id" AS "MemberEntity_workspace_id", "MemberEntity"."user_id" AS "MemberEntity_user_id", "MemberEntity"."role" AS "MemberEntity_role", "MemberEntity"."by_sso_rule" AS "MemberEntity_by_sso_rule", "MemberEntity"."created_at" AS "MemberEntity_created_at" FROM "workspace_members" "MemberEntity" WHERE (("MemberEntity"."user_id" = $1) AND ("MemberEntity"."by_sso_rule" = $2));

-- WorkspacesRepository.grantByRule
WITH granted AS (
INSERT INTO workspace_members (workspace_id, user_id, role, by_sso_rule)
SELECT id, $2, $3, true FROM workspaces WHERE id = $1 AND personal_of IS NULL
ON CONFLICT (workspace_id, user_id) DO UPDATE SET role = EXCLUDED.role
WHERE workspace_members.by_sso_rule AND workspace_members.role <> EXCLUDED.role
RETURNING 1)
SELECT 1 FROM granted;

-- WorkspacesRepository.revokeRuled
WITH taken AS (
DELETE FROM workspace_members m WHERE m.workspace_id = $1 AND m.user_id = $2 AND m.by_sso_rule
AND (m.role <> 'owner' OR (SELECT count(*) FROM workspace_members o WHERE o.workspace_id = $1 AND o.role = 'owner') > 1)
RETURNING 1)
SELECT 1 FROM taken;

-- WorkspacesRepository.of
SELECT w.id, coalesce(w.name, u.username) AS name, w.personal_of IS NOT NULL AS personal, w.sso_only, m.role, w.created_at,
(SELECT count(*) FROM workspace_members c WHERE c.workspace_id = w.id) AS members
FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id LEFT JOIN users u ON u.id = w.personal_of
WHERE m.user_id = $1 AND ($2::int IS NULL OR w.id = $2)
ORDER BY (w.personal_of = $1) IS TRUE DESC, lower(coalesce(w.name, u.username)), w.id;

-- WorkspacesRepository.one
SELECT w.id, coalesce(w.name, u.username) AS name, w.personal_of IS NOT NULL AS personal, w.sso_only, m.role, w.created_at,
(SELECT count(*) FROM workspace_members c WHERE c.workspace_id = w.id) AS members
FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id LEFT JOIN users u ON u.id = w.personal_of
WHERE m.user_id = $1 AND ($2::int IS NULL OR w.id = $2)
ORDER BY (w.personal_of = $1) IS TRUE DESC, lower(coalesce(w.name, u.username)), w.id;

-- WorkspacesRepository.create
START TRANSACTION;
INSERT INTO "workspaces"("name", "personal_of", "sso_only", "created_at") VALUES ($1, $2, DEFAULT, DEFAULT) RETURNING "id", "sso_only", "created_at";
INSERT INTO "workspace_members"("workspace_id", "user_id", "role", "by_sso_rule", "created_at") VALUES ($1, $2, $3, DEFAULT, DEFAULT) RETURNING "by_sso_rule", "created_at";
COMMIT;

-- WorkspacesRepository.update
UPDATE "workspaces" SET "name" = $1, "sso_only" = $2 WHERE "id" = $3;

-- WorkspacesRepository.membersOf
SELECT m.user_id, u.username, u.email, m.role, m.created_at, count(*) OVER () AS total
FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1
ORDER BY array_position(ARRAY['owner', 'admin', 'editor', 'viewer']::varchar[], m.role), lower(u.username) OFFSET $2 LIMIT $3;

-- WorkspacesRepository.memberOf
SELECT m.user_id, u.username, u.email, m.role, m.created_at
FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 AND m.user_id = $2;

-- WorkspacesRepository.owners
SELECT COUNT(1) AS "cnt" FROM "workspace_members" "MemberEntity" WHERE (("MemberEntity"."workspace_id" = $1) AND ("MemberEntity"."role" = $2));

-- WorkspacesRepository.setRole
UPDATE "workspace_members" SET "role" = $1, "by_sso_rule" = $2 WHERE ("workspace_id" = $3 AND "user_id" = $4);

-- WorkspacesRepository.invite
START TRANSACTION;
INSERT INTO "workspace_invitations"("workspace_id", "email", "role", "token_hash", "invited_by", "created_at", "expires_at") VALUES ($1, $2, $3, $4, $5, DEFAULT, $6) RETURNING "id", "created_at";
COMMIT;

-- WorkspacesRepository.invitationsOf
SELECT "InvitationEntity"."id" AS "InvitationEntity_id", "InvitationEntity"."workspace_id" AS "InvitationEntity_workspace_id", "InvitationEntity"."email" AS "InvitationEntity_email", "InvitationEntity"."role" AS "InvitationEntity_role", "InvitationEntity"."token_hash" AS "InvitationEntity_token_hash", "InvitationEntity"."invited_by" AS "InvitationEntity_invited_by", "InvitationEntity"."created_at" AS "InvitationEntity_created_at", "InvitationEntity"."expires_at" AS "InvitationEntity_expires_at" FROM "workspace_invitations" "InvitationEntity" WHERE (("InvitationEntity"."workspace_id" = $1)) ORDER BY "InvitationEntity"."id" DESC LIMIT 15 OFFSET 0;

-- WorkspacesRepository.invitationByToken
SELECT i.id, i.workspace_id, i.email, i.role, i.expires_at, i.created_at, coalesce(w.name, u.username) AS workspace_name
FROM workspace_invitations i JOIN workspaces w ON w.id = i.workspace_id LEFT JOIN users u ON u.id = w.personal_of
WHERE i.token_hash = $1;

-- WorkspacesRepository.accept
START TRANSACTION;
WITH taken AS (DELETE FROM workspace_invitations WHERE token_hash = $1 AND expires_at > $2 RETURNING workspace_id, role)
SELECT workspace_id, role FROM taken;
COMMIT;

-- WorkspacesRepository.addKey
START TRANSACTION;
INSERT INTO "workspace_keys"("workspace_id", "made_by", "name", "scope", "key_hash", "created_at") VALUES ($1, $2, $3, $4, $5, DEFAULT) RETURNING "id", "created_at";
COMMIT;

-- WorkspacesRepository.keysOf
SELECT "WorkspaceKeyEntity"."id" AS "WorkspaceKeyEntity_id", "WorkspaceKeyEntity"."workspace_id" AS "WorkspaceKeyEntity_workspace_id", "WorkspaceKeyEntity"."made_by" AS "WorkspaceKeyEntity_made_by", "WorkspaceKeyEntity"."name" AS "WorkspaceKeyEntity_name", "WorkspaceKeyEntity"."scope" AS "WorkspaceKeyEntity_scope", "WorkspaceKeyEntity"."created_at" AS "WorkspaceKeyEntity_created_at" FROM "workspace_keys" "WorkspaceKeyEntity" WHERE (("WorkspaceKeyEntity"."workspace_id" = $1)) ORDER BY "WorkspaceKeyEntity"."id" DESC LIMIT 15 OFFSET 0;

-- WorkspacesRepository.usernames
SELECT id, username FROM users WHERE id = ANY($1);

-- WorkspacesRepository.keyByHash
SELECT "WorkspaceKeyEntity"."id" AS "WorkspaceKeyEntity_id", "WorkspaceKeyEntity"."workspace_id" AS "WorkspaceKeyEntity_workspace_id", "WorkspaceKeyEntity"."made_by" AS "WorkspaceKeyEntity_made_by", "WorkspaceKeyEntity"."name" AS "WorkspaceKeyEntity_name", "WorkspaceKeyEntity"."scope" AS "WorkspaceKeyEntity_scope", "WorkspaceKeyEntity"."created_at" AS "WorkspaceKeyEntity_created_at" FROM "workspace_keys" "WorkspaceKeyEntity" WHERE (("WorkspaceKeyEntity"."key_hash" = $1)) LIMIT 1;

-- WorkspacesRepository.record
INSERT INTO "audit_entries"("workspace_id", "at", "user_id", "username", "key_id", "via", "operation", "method", "path", "record", "status", "address", "request_id") VALUES ($1, DEFAULT, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING "id", "at";

-- WorkspacesRepository.auditOf
SELECT "a"."id" AS "a_id", "a"."workspace_id" AS "a_workspace_id", "a"."at" AS "a_at", "a"."user_id" AS "a_user_id", "a"."username" AS "a_username", "a"."key_id" AS "a_key_id", "a"."via" AS "a_via", "a"."operation" AS "a_operation", "a"."method" AS "a_method", "a"."path" AS "a_path", "a"."record" AS "a_record", "a"."status" AS "a_status", "a"."address" AS "a_address", "a"."request_id" AS "a_request_id" FROM "audit_entries" "a" WHERE "a"."workspace_id" = $1 AND "a"."user_id" = $2 AND "a"."operation" = $3 AND "a"."at" >= $4 AND "a"."at" < $5 ORDER BY "a"."id" DESC LIMIT 15 OFFSET 0;

-- WorkspacesRepository.auditBefore
SELECT "a"."id" AS "a_id", "a"."workspace_id" AS "a_workspace_id", "a"."at" AS "a_at", "a"."user_id" AS "a_user_id", "a"."username" AS "a_username", "a"."key_id" AS "a_key_id", "a"."via" AS "a_via", "a"."operation" AS "a_operation", "a"."method" AS "a_method", "a"."path" AS "a_path", "a"."record" AS "a_record", "a"."status" AS "a_status", "a"."address" AS "a_address", "a"."request_id" AS "a_request_id" FROM "audit_entries" "a" WHERE "a"."workspace_id" = $1 AND "a"."operation" = $2 AND "a"."id" < $3 ORDER BY "a"."id" DESC LIMIT 1000;

-- WorkspacesRepository.prune
DELETE FROM "audit_entries" WHERE "at" < $1;

-- WorkspacesRepository.delete
START TRANSACTION;
SELECT "MemberEntity"."workspace_id" AS "MemberEntity_workspace_id", "MemberEntity"."user_id" AS "MemberEntity_user_id", "MemberEntity"."role" AS "MemberEntity_role", "MemberEntity"."by_sso_rule" AS "MemberEntity_by_sso_rule", "MemberEntity"."created_at" AS "MemberEntity_created_at" FROM "workspace_members" "MemberEntity" WHERE (("MemberEntity"."workspace_id" = $1));
DELETE FROM "workspaces" WHERE ("id" = $1 AND "personal_of" IS NULL);
COMMIT;

-- WorkspacesRepository.removeMember
DELETE FROM "workspace_members" WHERE ("workspace_id" = $1 AND "user_id" = $2);

-- WorkspacesRepository.deleteInvitation
DELETE FROM "workspace_invitations" WHERE ("workspace_id" = $1 AND "id" = $2);

-- WorkspacesRepository.deleteKey
START TRANSACTION;
SELECT "WorkspaceKeyEntity"."id" AS "WorkspaceKeyEntity_id", "WorkspaceKeyEntity"."workspace_id" AS "WorkspaceKeyEntity_workspace_id", "WorkspaceKeyEntity"."made_by" AS "WorkspaceKeyEntity_made_by", "WorkspaceKeyEntity"."name" AS "WorkspaceKeyEntity_name", "WorkspaceKeyEntity"."scope" AS "WorkspaceKeyEntity_scope", "WorkspaceKeyEntity"."created_at" AS "WorkspaceKeyEntity_created_at" FROM "workspace_keys" "WorkspaceKeyEntity" WHERE (("WorkspaceKeyEntity"."workspace_id" = $1) AND ("WorkspaceKeyEntity"."id" = $2)) LIMIT 1;
COMMIT;
