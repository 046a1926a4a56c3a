-- The statements of click-copy.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- ClickCopyRepository.clicks
SELECT id::text AS id, link_id, qr_id, bio_id, block_id, domain_id, created_at, country, referrer, browser, os, device, social, bot,
visitor, utm_source, utm_medium, utm_campaign, variant, orphan, alias
FROM clicks WHERE id > $1::bigint ORDER BY id LIMIT 1000;

-- ClickCopyRepository.hours
SELECT link_id AS id, hour, clicks, visitors, bots FROM click_hours
WHERE link_id IS NOT NULL AND ($1::int IS NULL OR (link_id, hour) > ($1::int, $2::timestamptz))
ORDER BY link_id, hour LIMIT 1000;

-- ClickCopyRepository.hours (example 2)
SELECT domain_id AS id, hour, clicks, visitors, bots FROM click_hours
WHERE domain_id IS NOT NULL AND ($1::int IS NULL OR (domain_id, hour) > ($1::int, $2::timestamptz))
ORDER BY domain_id, hour LIMIT 1000;

-- ClickCopyRepository.groups
SELECT qr_id AS id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias, clicks FROM click_hour_groups
WHERE qr_id IS NOT NULL AND (qr_id, hour) >= ($1::int, $2::timestamptz) AND (qr_id, hour) <= ($3::int, $4::timestamptz);

-- ClickCopyRepository.visitors
SELECT link_id AS id, visitor FROM click_visitors
WHERE link_id IS NOT NULL
ORDER BY link_id, visitor LIMIT 1000;

-- ClickCopyRepository.visitors (example 2)
SELECT bio_id AS id, visitor FROM click_visitors
WHERE bio_id IS NOT NULL AND (bio_id, visitor) > ($1::int, $2::bpchar)
ORDER BY bio_id, visitor LIMIT 1000;

-- ClickCopyRepository.totals
SELECT (SELECT count(*) FROM clicks)::text AS raw,
(SELECT coalesce(sum(clicks), 0) FROM click_hours WHERE link_id IS NOT NULL)::text AS link_clicks,
(SELECT coalesce(sum(bots), 0) FROM click_hours WHERE link_id IS NOT NULL)::text AS link_bots, (SELECT coalesce(sum(clicks), 0) FROM click_hours WHERE qr_id IS NOT NULL)::text AS qr_clicks,
(SELECT coalesce(sum(bots), 0) FROM click_hours WHERE qr_id IS NOT NULL)::text AS qr_bots, (SELECT coalesce(sum(clicks), 0) FROM click_hours WHERE bio_id IS NOT NULL)::text AS bio_clicks,
(SELECT coalesce(sum(bots), 0) FROM click_hours WHERE bio_id IS NOT NULL)::text AS bio_bots, (SELECT coalesce(sum(clicks), 0) FROM click_hours WHERE block_id IS NOT NULL)::text AS block_clicks,
(SELECT coalesce(sum(bots), 0) FROM click_hours WHERE block_id IS NOT NULL)::text AS block_bots, (SELECT coalesce(sum(clicks), 0) FROM click_hours WHERE domain_id IS NOT NULL)::text AS domain_clicks,
(SELECT coalesce(sum(bots), 0) FROM click_hours WHERE domain_id IS NOT NULL)::text AS domain_bots;
