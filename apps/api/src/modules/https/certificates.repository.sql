-- The statements of certificates.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- CertificatesRepository.find
SELECT host, certificate, private_key, not_before, not_after, updated_at FROM tls_certificates WHERE host = $1;

-- CertificatesRepository.versions
SELECT host, updated_at FROM tls_certificates;

-- CertificatesRepository.due
SELECT host FROM tls_certificates WHERE not_after - (not_after - not_before) / 3 <= $1 ORDER BY not_after;

-- CertificatesRepository.save
INSERT INTO tls_certificates (host, certificate, private_key, not_before, not_after, updated_at)
VALUES ($1, $2, $3, $4, $5, clock_timestamp())
ON CONFLICT (host) DO UPDATE SET certificate = excluded.certificate, private_key = excluded.private_key,
not_before = excluded.not_before, not_after = excluded.not_after, updated_at = excluded.updated_at;

-- CertificatesRepository.accountKey
SELECT value FROM settings WHERE name = $1;

-- CertificatesRepository.saveAccountKey
INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value;

-- CertificatesRepository.putChallenge
INSERT INTO acme_challenges (token, key_authorization, expires_at) VALUES ($1, $2, $3)
ON CONFLICT (token) DO UPDATE SET key_authorization = excluded.key_authorization, expires_at = excluded.expires_at;

-- CertificatesRepository.challenge
SELECT key_authorization FROM acme_challenges WHERE token = $1 AND expires_at > $2;

-- CertificatesRepository.delete
DELETE FROM tls_certificates WHERE host = $1;

-- CertificatesRepository.deleteChallenge
DELETE FROM acme_challenges WHERE token = $1 OR expires_at <= $2;
