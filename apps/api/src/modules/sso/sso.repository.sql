-- The statements of sso.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- SsoRepository.signedIn
WITH seen AS (UPDATE sso_identities SET last_signed_in_at = $3 WHERE issuer = $1 AND subject = $2 RETURNING user_id)
SELECT user_id FROM seen;

-- SsoRepository.link
INSERT INTO sso_identities (issuer, subject, user_id, created_at, last_signed_in_at) VALUES ($1, $2, $3, $4, $4)
ON CONFLICT (issuer, subject) DO NOTHING;
