-- The statements of clicks.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- ClicksRepository.writeBatch
START TRANSACTION;
INSERT INTO clicks (link_id, qr_id, bio_id, block_id, created_at, country, referrer, browser, os, device, social, bot, visitor,
utm_source, utm_medium, utm_campaign, variant, domain_id, orphan, alias)
SELECT c.* FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::timestamptz[], $6::text[], $7::text[], $8::text[],
$9::text[], $10::text[], $11::text[], $12::bool[], $13::text[], $14::text[], $15::text[], $16::text[],
$17::text[], $18::int[], $19::text[], $20::text[])
AS c(link_id, qr_id, bio_id, block_id, created_at, country, referrer, browser, os, device, social, bot, visitor,
utm_source, utm_medium, utm_campaign, variant, domain_id, orphan, alias)
WHERE EXISTS (SELECT 1 FROM links WHERE links.id = c.link_id)
OR EXISTS (SELECT 1 FROM qr_codes WHERE qr_codes.id = c.qr_id)
OR EXISTS (SELECT 1 FROM bio_pages WHERE bio_pages.id = c.bio_id)
OR EXISTS (SELECT 1 FROM bio_blocks WHERE bio_blocks.id = c.block_id)
OR EXISTS (SELECT 1 FROM domains WHERE domains.id = c.domain_id);
INSERT INTO click_hour_visitors (link_id, hour, visitor)
SELECT v.id, v.hour, v.visitor FROM unnest($1::int[], $2::timestamptz[], $3::text[]) AS v(id, hour, visitor)
JOIN links t ON t.id = v.id
ON CONFLICT DO NOTHING RETURNING link_id AS id, hour;
INSERT INTO click_hours (link_id, hour, clicks, visitors, bots)
SELECT v.id, v.hour, v.clicks, v.visitors, v.bots
FROM unnest($1::int[], $2::timestamptz[], $3::int[], $4::int[], $5::int[]) AS v(id, hour, clicks, visitors, bots)
JOIN links t ON t.id = v.id
ON CONFLICT (link_id, hour) WHERE link_id IS NOT NULL
DO UPDATE SET clicks = click_hours.clicks + EXCLUDED.clicks, visitors = click_hours.visitors + EXCLUDED.visitors,
bots = click_hours.bots + EXCLUDED.bots;
INSERT INTO click_hour_groups (link_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias, clicks)
SELECT v.* FROM unnest($1::int[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[],
$15::int[]) AS v(id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias, clicks)
JOIN links t ON t.id = v.id
ON CONFLICT (link_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias) WHERE link_id IS NOT NULL
DO UPDATE SET clicks = click_hour_groups.clicks + EXCLUDED.clicks;
INSERT INTO click_day_values (link_id, day, dimension, value, clicks)
SELECT v.* FROM unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::int[]) AS v(id, day, dimension, value, clicks)
JOIN links t ON t.id = v.id
ON CONFLICT (link_id, day, dimension, value) WHERE link_id IS NOT NULL
DO UPDATE SET clicks = click_day_values.clicks + EXCLUDED.clicks;
INSERT INTO click_visitors (link_id, visitor)
SELECT v.id, v.visitor FROM unnest($1::int[], $2::text[]) AS v(id, visitor) JOIN links t ON t.id = v.id
ON CONFLICT DO NOTHING RETURNING link_id AS id;
WITH counted AS (UPDATE links t SET clicks = t.clicks + v.clicks, unique_clicks = t.unique_clicks + v.uniques
FROM unnest($1::int[], $2::int[], $3::bigint[]) AS v(id, clicks, uniques) WHERE t.id = v.id RETURNING t.user_id) SELECT DISTINCT user_id AS account FROM counted;
INSERT INTO click_counters (link_id, dimension, value, count)
SELECT v.id, v.dimension, v.value, v.count
FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS v(id, dimension, value, count) JOIN links t ON t.id = v.id
ON CONFLICT (link_id, dimension, value) WHERE link_id IS NOT NULL
DO UPDATE SET count = click_counters.count + EXCLUDED.count;
INSERT INTO click_hour_visitors (qr_id, hour, visitor)
SELECT v.id, v.hour, v.visitor FROM unnest($1::int[], $2::timestamptz[], $3::text[]) AS v(id, hour, visitor)
JOIN qr_codes t ON t.id = v.id
ON CONFLICT DO NOTHING RETURNING qr_id AS id, hour;
INSERT INTO click_hours (qr_id, hour, clicks, visitors, bots)
SELECT v.id, v.hour, v.clicks, v.visitors, v.bots
FROM unnest($1::int[], $2::timestamptz[], $3::int[], $4::int[], $5::int[]) AS v(id, hour, clicks, visitors, bots)
JOIN qr_codes t ON t.id = v.id
ON CONFLICT (qr_id, hour) WHERE qr_id IS NOT NULL
DO UPDATE SET clicks = click_hours.clicks + EXCLUDED.clicks, visitors = click_hours.visitors + EXCLUDED.visitors,
bots = click_hours.bots + EXCLUDED.bots;
INSERT INTO click_hour_groups (qr_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias, clicks)
SELECT v.* FROM unnest($1::int[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[],
$15::int[]) AS v(id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias, clicks)
JOIN qr_codes t ON t.id = v.id
ON CONFLICT (qr_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias) WHERE qr_id IS NOT NULL
DO UPDATE SET clicks = click_hour_groups.clicks + EXCLUDED.clicks;
INSERT INTO click_day_values (qr_id, day, dimension, value, clicks)
SELECT v.* FROM unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::int[]) AS v(id, day, dimension, value, clicks)
JOIN qr_codes t ON t.id = v.id
ON CONFLICT (qr_id, day, dimension, value) WHERE qr_id IS NOT NULL
DO UPDATE SET clicks = click_day_values.clicks + EXCLUDED.clicks;
INSERT INTO click_visitors (qr_id, visitor)
SELECT v.id, v.visitor FROM unnest($1::int[], $2::text[]) AS v(id, visitor) JOIN qr_codes t ON t.id = v.id
ON CONFLICT DO NOTHING RETURNING qr_id AS id;
WITH counted AS (UPDATE qr_codes t SET scans = t.scans + v.clicks, unique_scans = t.unique_scans + v.uniques
FROM unnest($1::int[], $2::int[], $3::bigint[]) AS v(id, clicks, uniques) WHERE t.id = v.id RETURNING t.user_id) SELECT DISTINCT user_id AS account FROM counted;
INSERT INTO click_counters (qr_id, dimension, value, count)
SELECT v.id, v.dimension, v.value, v.count
FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS v(id, dimension, value, count) JOIN qr_codes t ON t.id = v.id
ON CONFLICT (qr_id, dimension, value) WHERE qr_id IS NOT NULL
DO UPDATE SET count = click_counters.count + EXCLUDED.count;
INSERT INTO click_hour_visitors (bio_id, hour, visitor)
SELECT v.id, v.hour, v.visitor FROM unnest($1::int[], $2::timestamptz[], $3::text[]) AS v(id, hour, visitor)
JOIN bio_pages t ON t.id = v.id
ON CONFLICT DO NOTHING RETURNING bio_id AS id, hour;
INSERT INTO click_hours (bio_id, hour, clicks, visitors, bots)
SELECT v.id, v.hour, v.clicks, v.visitors, v.bots
FROM unnest($1::int[], $2::timestamptz[], $3::int[], $4::int[], $5::int[]) AS v(id, hour, clicks, visitors, bots)
JOIN bio_pages t ON t.id = v.id
ON CONFLICT (bio_id, hour) WHERE bio_id IS NOT NULL
DO UPDATE SET clicks = click_hours.clicks + EXCLUDED.clicks, visitors = click_hours.visitors + EXCLUDED.visitors,
bots = click_hours.bots + EXCLUDED.bots;
INSERT INTO click_hour_groups (bio_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias, clicks)
SELECT v.* FROM unnest($1::int[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[],
$15::int[]) AS v(id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias, clicks)
JOIN bio_pages t ON t.id = v.id
ON CONFLICT (bio_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias) WHERE bio_id IS NOT NULL
DO UPDATE SET clicks = click_hour_groups.clicks + EXCLUDED.clicks;
INSERT INTO click_day_values (bio_id, day, dimension, value, clicks)
SELECT v.* FROM unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::int[]) AS v(id, day, dimension, value, clicks)
JOIN bio_pages t ON t.id = v.id
ON CONFLICT (bio_id, day, dimension, value) WHERE bio_id IS NOT NULL
DO UPDATE SET clicks = click_day_values.clicks + EXCLUDED.clicks;
INSERT INTO click_visitors (bio_id, visitor)
SELECT v.id, v.visitor FROM unnest($1::int[], $2::text[]) AS v(id, visitor) JOIN bio_pages t ON t.id = v.id
ON CONFLICT DO NOTHING RETURNING bio_id AS id;
WITH counted AS (UPDATE bio_pages t SET visits = t.visits + v.clicks, unique_visits = t.unique_visits + v.uniques
FROM unnest($1::int[], $2::int[], $3::bigint[]) AS v(id, clicks, uniques) WHERE t.id = v.id RETURNING t.user_id) SELECT DISTINCT user_id AS account FROM counted;
INSERT INTO click_counters (bio_id, dimension, value, count)
SELECT v.id, v.dimension, v.value, v.count
FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS v(id, dimension, value, count) JOIN bio_pages t ON t.id = v.id
ON CONFLICT (bio_id, dimension, value) WHERE bio_id IS NOT NULL
DO UPDATE SET count = click_counters.count + EXCLUDED.count;
INSERT INTO click_hour_visitors (block_id, hour, visitor)
SELECT v.id, v.hour, v.visitor FROM unnest($1::int[], $2::timestamptz[], $3::text[]) AS v(id, hour, visitor)
JOIN bio_blocks t ON t.id = v.id
ON CONFLICT DO NOTHING RETURNING block_id AS id, hour;
INSERT INTO click_hours (block_id, hour, clicks, visitors, bots)
SELECT v.id, v.hour, v.clicks, v.visitors, v.bots
FROM unnest($1::int[], $2::timestamptz[], $3::int[], $4::int[], $5::int[]) AS v(id, hour, clicks, visitors, bots)
JOIN bio_blocks t ON t.id = v.id
ON CONFLICT (block_id, hour) WHERE block_id IS NOT NULL
DO UPDATE SET clicks = click_hours.clicks + EXCLUDED.clicks, visitors = click_hours.visitors + EXCLUDED.visitors,
bots = click_hours.bots + EXCLUDED.bots;
INSERT INTO click_hour_groups (block_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias, clicks)
SELECT v.* FROM unnest($1::int[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[],
$15::int[]) AS v(id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias, clicks)
JOIN bio_blocks t ON t.id = v.id
ON CONFLICT (block_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias) WHERE block_id IS NOT NULL
DO UPDATE SET clicks = click_hour_groups.clicks + EXCLUDED.clicks;
INSERT INTO click_day_values (block_id, day, dimension, value, clicks)
SELECT v.* FROM unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::int[]) AS v(id, day, dimension, value, clicks)
JOIN bio_blocks t ON t.id = v.id
ON CONFLICT (block_id, day, dimension, value) WHERE block_id IS NOT NULL
DO UPDATE SET clicks = click_day_values.clicks + EXCLUDED.clicks;
INSERT INTO click_visitors (block_id, visitor)
SELECT v.id, v.visitor FROM unnest($1::int[], $2::text[]) AS v(id, visitor) JOIN bio_blocks t ON t.id = v.id
ON CONFLICT DO NOTHING RETURNING block_id AS id;
UPDATE bio_blocks t SET clicks = t.clicks + v.clicks, unique_clicks = t.unique_clicks + v.uniques
FROM unnest($1::int[], $2::int[], $3::bigint[]) AS v(id, clicks, uniques) WHERE t.id = v.id;
INSERT INTO click_counters (block_id, dimension, value, count)
SELECT v.id, v.dimension, v.value, v.count
FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS v(id, dimension, value, count) JOIN bio_blocks t ON t.id = v.id
ON CONFLICT (block_id, dimension, value) WHERE block_id IS NOT NULL
DO UPDATE SET count = click_counters.count + EXCLUDED.count;
INSERT INTO click_hour_visitors (domain_id, hour, visitor)
SELECT v.id, v.hour, v.visitor FROM unnest($1::int[], $2::timestamptz[], $3::text[]) AS v(id, hour, visitor)
JOIN domains t ON t.id = v.id
ON CONFLICT DO NOTHING RETURNING domain_id AS id, hour;
INSERT INTO click_hours (domain_id, hour, clicks, visitors, bots)
SELECT v.id, v.hour, v.clicks, v.visitors, v.bots
FROM unnest($1::int[], $2::timestamptz[], $3::int[], $4::int[], $5::int[]) AS v(id, hour, clicks, visitors, bots)
JOIN domains t ON t.id = v.id
ON CONFLICT (domain_id, hour) WHERE domain_id IS NOT NULL
DO UPDATE SET clicks = click_hours.clicks + EXCLUDED.clicks, visitors = click_hours.visitors + EXCLUDED.visitors,
bots = click_hours.bots + EXCLUDED.bots;
INSERT INTO click_hour_groups (domain_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias, clicks)
SELECT v.* FROM unnest($1::int[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[],
$15::int[]) AS v(id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias, clicks)
JOIN domains t ON t.id = v.id
ON CONFLICT (domain_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias) WHERE domain_id IS NOT NULL
DO UPDATE SET clicks = click_hour_groups.clicks + EXCLUDED.clicks;
INSERT INTO click_day_values (domain_id, day, dimension, value, clicks)
SELECT v.* FROM unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::int[]) AS v(id, day, dimension, value, clicks)
JOIN domains t ON t.id = v.id
ON CONFLICT (domain_id, day, dimension, value) WHERE domain_id IS NOT NULL
DO UPDATE SET clicks = click_day_values.clicks + EXCLUDED.clicks;
INSERT INTO click_visitors (domain_id, visitor)
SELECT v.id, v.visitor FROM unnest($1::int[], $2::text[]) AS v(id, visitor) JOIN domains t ON t.id = v.id
ON CONFLICT DO NOTHING RETURNING domain_id AS id;
UPDATE domains t SET orphan_visits = t.orphan_visits + v.clicks, unique_orphan_visits = t.unique_orphan_visits + v.uniques
FROM unnest($1::int[], $2::int[], $3::bigint[]) AS v(id, clicks, uniques) WHERE t.id = v.id;
INSERT INTO click_counters (domain_id, dimension, value, count)
SELECT v.id, v.dimension, v.value, v.count
FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS v(id, dimension, value, count) JOIN domains t ON t.id = v.id
ON CONFLICT (domain_id, dimension, value) WHERE domain_id IS NOT NULL
DO UPDATE SET count = click_counters.count + EXCLUDED.count;
COMMIT;

-- ClicksRepository.writeBatch (example 2)
START TRANSACTION;
INSERT INTO click_batches (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id;
INSERT INTO clicks (link_id, qr_id, bio_id, block_id, created_at, country, referrer, browser, os, device, social, bot, visitor,
utm_source, utm_medium, utm_campaign, variant, domain_id, orphan, alias)
SELECT c.* FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::timestamptz[], $6::text[], $7::text[], $8::text[],
$9::text[], $10::text[], $11::text[], $12::bool[], $13::text[], $14::text[], $15::text[], $16::text[],
$17::text[], $18::int[], $19::text[], $20::text[])
AS c(link_id, qr_id, bio_id, block_id, created_at, country, referrer, browser, os, device, social, bot, visitor,
utm_source, utm_medium, utm_campaign, variant, domain_id, orphan, alias)
WHERE EXISTS (SELECT 1 FROM links WHERE links.id = c.link_id)
OR EXISTS (SELECT 1 FROM qr_codes WHERE qr_codes.id = c.qr_id)
OR EXISTS (SELECT 1 FROM bio_pages WHERE bio_pages.id = c.bio_id)
OR EXISTS (SELECT 1 FROM bio_blocks WHERE bio_blocks.id = c.block_id)
OR EXISTS (SELECT 1 FROM domains WHERE domains.id = c.domain_id);
INSERT INTO click_hour_visitors (link_id, hour, visitor)
SELECT v.id, v.hour, v.visitor FROM unnest($1::int[], $2::timestamptz[], $3::text[]) AS v(id, hour, visitor)
JOIN links t ON t.id = v.id
ON CONFLICT DO NOTHING RETURNING link_id AS id, hour;
INSERT INTO click_hours (link_id, hour, clicks, visitors, bots)
SELECT v.id, v.hour, v.clicks, v.visitors, v.bots
FROM unnest($1::int[], $2::timestamptz[], $3::int[], $4::int[], $5::int[]) AS v(id, hour, clicks, visitors, bots)
JOIN links t ON t.id = v.id
ON CONFLICT (link_id, hour) WHERE link_id IS NOT NULL
DO UPDATE SET clicks = click_hours.clicks + EXCLUDED.clicks, visitors = click_hours.visitors + EXCLUDED.visitors,
bots = click_hours.bots + EXCLUDED.bots;
INSERT INTO click_hour_groups (link_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias, clicks)
SELECT v.* FROM unnest($1::int[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[],
$15::int[]) AS v(id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias, clicks)
JOIN links t ON t.id = v.id
ON CONFLICT (link_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, orphan, alias) WHERE link_id IS NOT NULL
DO UPDATE SET clicks = click_hour_groups.clicks + EXCLUDED.clicks;
INSERT INTO click_day_values (link_id, day, dimension, value, clicks)
SELECT v.* FROM unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::int[]) AS v(id, day, dimension, value, clicks)
JOIN links t ON t.id = v.id
ON CONFLICT (link_id, day, dimension, value) WHERE link_id IS NOT NULL
DO UPDATE SET clicks = click_day_values.clicks + EXCLUDED.clicks;
INSERT INTO click_visitors (link_id, visitor)
SELECT v.id, v.visitor FROM unnest($1::int[], $2::text[]) AS v(id, visitor) JOIN links t ON t.id = v.id
ON CONFLICT DO NOTHING RETURNING link_id AS id;
WITH counted AS (UPDATE links t SET clicks = t.clicks + v.clicks, unique_clicks = t.unique_clicks + v.uniques
FROM unnest($1::int[], $2::int[], $3::bigint[]) AS v(id, clicks, uniques) WHERE t.id = v.id RETURNING t.user_id) SELECT DISTINCT user_id AS account FROM counted;
INSERT INTO click_counters (link_id, dimension, value, count)
SELECT v.id, v.dimension, v.value, v.count
FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS v(id, dimension, value, count) JOIN links t ON t.id = v.id
ON CONFLICT (link_id, dimension, value) WHERE link_id IS NOT NULL
DO UPDATE SET count = click_counters.count + EXCLUDED.count;
COMMIT;

-- ClicksRepository.writeBatch (example 3)
START TRANSACTION;
INSERT INTO click_batches (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id;
ROLLBACK;

-- ClicksRepository.writeBatch (example 4)
START TRANSACTION;
WITH counted AS (UPDATE links t SET clicks = t.clicks + v.clicks
FROM unnest($1::int[], $2::int[], $3::bigint[]) AS v(id, clicks, uniques) WHERE t.id = v.id RETURNING t.user_id) SELECT DISTINCT user_id AS account FROM counted;
INSERT INTO click_counters (link_id, dimension, value, count)
SELECT v.id, v.dimension, v.value, v.count
FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS v(id, dimension, value, count) JOIN links t ON t.id = v.id
ON CONFLICT (link_id, dimension, value) WHERE link_id IS NOT NULL
DO UPDATE SET count = click_counters.count + EXCLUDED.count;
WITH counted AS (UPDATE qr_codes t SET scans = t.scans + v.clicks
FROM unnest($1::int[], $2::int[], $3::bigint[]) AS v(id, clicks, uniques) WHERE t.id = v.id RETURNING t.user_id) SELECT DISTINCT user_id AS account FROM counted;
INSERT INTO click_counters (qr_id, dimension, value, count)
SELECT v.id, v.dimension, v.value, v.count
FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS v(id, dimension, value, count) JOIN qr_codes t ON t.id = v.id
ON CONFLICT (qr_id, dimension, value) WHERE qr_id IS NOT NULL
DO UPDATE SET count = click_counters.count + EXCLUDED.count;
WITH counted AS (UPDATE bio_pages t SET visits = t.visits + v.clicks
FROM unnest($1::int[], $2::int[], $3::bigint[]) AS v(id, clicks, uniques) WHERE t.id = v.id RETURNING t.user_id) SELECT DISTINCT user_id AS account FROM counted;
INSERT INTO click_counters (bio_id, dimension, value, count)
SELECT v.id, v.dimension, v.value, v.count
FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS v(id, dimension, value, count) JOIN bio_pages t ON t.id = v.id
ON CONFLICT (bio_id, dimension, value) WHERE bio_id IS NOT NULL
DO UPDATE SET count = click_counters.count + EXCLUDED.count;
UPDATE bio_blocks t SET clicks = t.clicks + v.clicks
FROM unnest($1::int[], $2::int[], $3::bigint[]) AS v(id, clicks, uniques) WHERE t.id = v.id;
INSERT INTO click_counters (block_id, dimension, value, count)
SELECT v.id, v.dimension, v.value, v.count
FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS v(id, dimension, value, count) JOIN bio_blocks t ON t.id = v.id
ON CONFLICT (block_id, dimension, value) WHERE block_id IS NOT NULL
DO UPDATE SET count = click_counters.count + EXCLUDED.count;
UPDATE domains t SET orphan_visits = t.orphan_visits + v.clicks
FROM unnest($1::int[], $2::int[], $3::bigint[]) AS v(id, clicks, uniques) WHERE t.id = v.id;
INSERT INTO click_counters (domain_id, dimension, value, count)
SELECT v.id, v.dimension, v.value, v.count
FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS v(id, dimension, value, count) JOIN domains t ON t.id = v.id
ON CONFLICT (domain_id, dimension, value) WHERE domain_id IS NOT NULL
DO UPDATE SET count = click_counters.count + EXCLUDED.count;
COMMIT;

-- ClicksRepository.writeUniques
START TRANSACTION;
SELECT id FROM links WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE SKIP LOCKED;
WITH raised AS (UPDATE links t SET unique_clicks = LEAST(v.uniques, t.clicks)
FROM unnest($1::int[], $2::bigint[]) AS v(id, uniques)
WHERE t.id = v.id AND t.unique_clicks < LEAST(v.uniques, t.clicks) RETURNING t.user_id) SELECT DISTINCT user_id AS account FROM raised;
COMMIT;

-- ClicksRepository.writeUniques (example 2)
START TRANSACTION;
SELECT id FROM bio_blocks WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE SKIP LOCKED;
SELECT id FROM bio_blocks WHERE id = ANY($1::int[]);
COMMIT;

-- ClicksRepository.linkClicks
SELECT id, clicks FROM links WHERE id = ANY($1::int[]);

-- ClicksRepository.purgesDue
SELECT id::text AS id, target, target_id FROM click_store_purges WHERE deleted_at < $1 ORDER BY id LIMIT 1000;

-- ClicksRepository.existingTargets
SELECT 'link' AS target, id FROM links WHERE id = ANY($1::int[])
UNION ALL SELECT 'qr', id FROM qr_codes WHERE id = ANY($2::int[])
UNION ALL SELECT 'bio', id FROM bio_pages WHERE id = ANY($3::int[])
UNION ALL SELECT 'block', id FROM bio_blocks WHERE id = ANY($4::int[])
UNION ALL SELECT 'domain', id FROM domains WHERE id = ANY($5::int[]);

-- ClicksRepository.forgetPurges
DELETE FROM click_store_purges WHERE id = ANY($1::bigint[]);

-- ClicksRepository.months
SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
WHERE i.inhparent = 'clicks'::regclass AND c.relname ~ '^clicks_[0-9]{4}_[0-9]{2}$' ORDER BY c.relname;

-- ClicksRepository.addMonth
START TRANSACTION;
SELECT pg_advisory_xact_lock(7311202611);
SELECT to_regclass($1) IS NOT NULL AS exists;
CREATE TABLE clicks_2000_01 (LIKE clicks INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
WITH moved AS (DELETE FROM clicks_default WHERE created_at >= $1 AND created_at < $2 RETURNING *) INSERT INTO clicks_2000_01 SELECT * FROM moved;
ALTER TABLE clicks ATTACH PARTITION clicks_2000_01 FOR VALUES FROM ('2000-01-01T00:00:00.000Z') TO ('2000-02-01T00:00:00.000Z');
COMMIT;

-- ClicksRepository.addMonth (example 2)
START TRANSACTION;
SELECT pg_advisory_xact_lock(7311202611);
SELECT to_regclass($1) IS NOT NULL AS exists;
COMMIT;

-- ClicksRepository.dropMonth
DROP TABLE IF EXISTS clicks_2000_01;

-- ClicksRepository.deleteOlder
WITH gone AS (DELETE FROM click_hour_visitors WHERE ctid IN (SELECT ctid FROM click_hour_visitors WHERE hour < $1 LIMIT 10000) RETURNING 1)
SELECT count(*)::int AS count FROM gone;

-- ClicksRepository.deleteOlder (example 2)
WITH gone AS (DELETE FROM clicks WHERE (id, created_at) IN (SELECT id, created_at FROM clicks WHERE created_at < $1 LIMIT 10000) RETURNING 1)
SELECT count(*)::int AS count FROM gone;
