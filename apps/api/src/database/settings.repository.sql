-- The statements of settings.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- SettingsRepository.secret
INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING;
SELECT value FROM settings WHERE name = $1;
