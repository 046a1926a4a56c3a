-- The statements of click-reads.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- ClickReadsRepository.counters
SELECT (SELECT coalesce(json_agg(json_build_array(dimension, value, count::text) ORDER BY dimension, rank), '[]')
FROM (SELECT dimension, value, count, row_number() OVER (PARTITION BY dimension ORDER BY count DESC, value) AS rank
FROM click_counters WHERE link_id = $1) ranked
WHERE rank <= 10) AS counters;

-- ClickReadsRepository.counters (example 2)
SELECT (SELECT coalesce(json_agg(json_build_array(dimension, value, count::text) ORDER BY dimension, rank), '[]')
FROM (SELECT dimension, value, count, row_number() OVER (PARTITION BY dimension ORDER BY count DESC, value) AS rank
FROM click_counters WHERE block_id = $1) ranked
WHERE rank <= 10) AS counters;

-- ClickReadsRepository.series
WITH counts AS (
SELECT date_trunc('day', s.hour AT TIME ZONE $3) AT TIME ZONE $3 AS start, sum(s.clicks) AS clicks, sum(s.visitors) AS visitors, sum(s.bots) AS bots FROM click_hours s WHERE s.link_id = $4 AND s.hour >= (date_trunc('day', $1::timestamptz AT TIME ZONE $3) AT TIME ZONE $3) AND s.hour < $2 GROUP BY 1
)
SELECT to_char(min(b.start) AT TIME ZONE $3, 'YYYY-MM-DD"T"HH24:MI:SS') AS first, string_agg((extract(epoch FROM (b.start AT TIME ZONE $3) - (b.start AT TIME ZONE 'UTC')) / 60)::int || ' ' || coalesce(c.clicks, 0) || ' ' || coalesce(c.visitors, 0) || ' ' || coalesce(c.bots, 0), chr(10) ORDER BY b.n) AS buckets
FROM (SELECT local AT TIME ZONE $3 AS start, n
FROM generate_series(date_trunc('day', $1::timestamptz AT TIME ZONE $3), ($2::timestamptz - interval '1 microsecond') AT TIME ZONE $3, interval '1 day')
WITH ORDINALITY AS g(local, n)) b LEFT JOIN counts c ON c.start = b.start
GROUP BY (b.n - 1) / 1000 ORDER BY (b.n - 1) / 1000;

-- ClickReadsRepository.series (example 2)
WITH counts AS (
SELECT s.hour AS start, sum(s.clicks) AS clicks FROM click_hour_groups s WHERE (s.link_id IN (SELECT id FROM links WHERE user_id = $4)
OR s.qr_id IN (SELECT id FROM qr_codes WHERE user_id = $4)) AND s.hour >= (date_trunc('hour', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AND s.hour < $2 AND s.country = $5 GROUP BY 1
)
SELECT to_char(min(b.start) AT TIME ZONE $3, 'YYYY-MM-DD"T"HH24:MI:SS') AS first, string_agg((extract(epoch FROM (b.start AT TIME ZONE $3) - (b.start AT TIME ZONE 'UTC')) / 60)::int || ' ' || coalesce(c.clicks, 0), chr(10) ORDER BY b.n) AS buckets
FROM (SELECT start, n
FROM generate_series(date_trunc('hour', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', $2::timestamptz - interval '1 microsecond', interval '1 hour') WITH ORDINALITY AS g(start, n)) b LEFT JOIN counts c ON c.start = b.start
GROUP BY (b.n - 1) / 1000 ORDER BY (b.n - 1) / 1000;

-- ClickReadsRepository.topValues
SELECT list, value, clicks::text AS clicks FROM (
SELECT list, value, sum(clicks) AS clicks, row_number() OVER (PARTITION BY list ORDER BY sum(clicks) DESC, value) AS rank
FROM (SELECT d.list, d.value, s.clicks
FROM click_hour_groups s
CROSS JOIN LATERAL (VALUES ('countries', s.country), ('referrers', s.referrer), ('browsers', s.browser), ('os', s.os), ('devices', s.device), ('social', s.social), ('utmSources', s.utm_source), ('utmMediums', s.utm_medium), ('utmCampaigns', s.utm_campaign), ('variants', s.variant)) AS d(list, value)
WHERE s.link_id = $5 AND ((s.hour >= (date_trunc('hour', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AND s.hour < least(((date_trunc('day', (date_trunc('hour', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 microsecond') + interval '1 day') AT TIME ZONE 'UTC'), $2)) OR (s.hour >= greatest((date_trunc('day', $2::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'), ((date_trunc('day', (date_trunc('hour', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 microsecond') + interval '1 day') AT TIME ZONE 'UTC')) AND s.hour < $2)) AND d.value <> '' UNION ALL SELECT CASE s.dimension WHEN 'country' THEN 'countries' WHEN 'referrer' THEN 'referrers' WHEN 'browser' THEN 'browsers' WHEN 'os' THEN 'os' WHEN 'device' THEN 'devices' WHEN 'social' THEN 'social' WHEN 'utm_source' THEN 'utmSources' WHEN 'utm_medium' THEN 'utmMediums' WHEN 'utm_campaign' THEN 'utmCampaigns' WHEN 'variant' THEN 'variants' END AS list, s.value, s.clicks
FROM click_day_values s
WHERE s.link_id = $4 AND s.day >= (((date_trunc('day', (date_trunc('hour', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 microsecond') + interval '1 day') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::date AND s.day < ((date_trunc('day', $2::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::date) AS u GROUP BY list, value
) ranked WHERE rank <= $6 AND $3::text IS NOT NULL ORDER BY list, rank;

-- ClickReadsRepository.topValues (example 2)
SELECT list, value, clicks::text AS clicks FROM (
SELECT list, value, sum(clicks) AS clicks, row_number() OVER (PARTITION BY list ORDER BY sum(clicks) DESC, value) AS rank
FROM (SELECT d.list, d.value, s.clicks
FROM click_hour_groups s
CROSS JOIN LATERAL (VALUES ('countries', s.country), ('referrers', s.referrer), ('browsers', s.browser), ('os', s.os), ('devices', s.device), ('social', s.social), ('utmSources', s.utm_source), ('utmMediums', s.utm_medium), ('utmCampaigns', s.utm_campaign), ('variants', s.variant)) AS d(list, value)
WHERE s.qr_id = $5 AND s.hour >= (date_trunc('hour', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AND s.hour < $2 AND s.utm_source = $4 AND d.value <> '') AS u GROUP BY list, value
) ranked WHERE rank <= $6 AND $3::text IS NOT NULL ORDER BY list, rank;

-- ClickReadsRepository.topValues (example 3)
SELECT list, value, clicks::text AS clicks FROM (
SELECT list, value, sum(clicks) AS clicks, row_number() OVER (PARTITION BY list ORDER BY sum(clicks) DESC, value) AS rank
FROM (SELECT d.list, d.value, s.clicks
FROM click_hour_groups s
CROSS JOIN LATERAL (VALUES ('countries', s.country), ('referrers', s.referrer), ('browsers', s.browser), ('os', s.os), ('devices', s.device), ('social', s.social), ('utmSources', s.utm_source), ('utmMediums', s.utm_medium), ('utmCampaigns', s.utm_campaign), ('variants', s.variant)) AS d(list, value)
WHERE s.link_id = $5 AND ((s.hour >= (date_trunc('week', $1::timestamptz AT TIME ZONE $3) AT TIME ZONE $3) AND s.hour < least(((date_trunc('day', (date_trunc('week', $1::timestamptz AT TIME ZONE $3) AT TIME ZONE $3) AT TIME ZONE 'UTC' - interval '1 microsecond') + interval '1 day') AT TIME ZONE 'UTC'), $2)) OR (s.hour >= greatest((date_trunc('day', $2::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'), ((date_trunc('day', (date_trunc('week', $1::timestamptz AT TIME ZONE $3) AT TIME ZONE $3) AT TIME ZONE 'UTC' - interval '1 microsecond') + interval '1 day') AT TIME ZONE 'UTC')) AND s.hour < $2)) AND d.value <> '' UNION ALL SELECT CASE s.dimension WHEN 'country' THEN 'countries' WHEN 'referrer' THEN 'referrers' WHEN 'browser' THEN 'browsers' WHEN 'os' THEN 'os' WHEN 'device' THEN 'devices' WHEN 'social' THEN 'social' WHEN 'utm_source' THEN 'utmSources' WHEN 'utm_medium' THEN 'utmMediums' WHEN 'utm_campaign' THEN 'utmCampaigns' WHEN 'variant' THEN 'variants' END AS list, s.value, s.clicks
FROM click_day_values s
WHERE s.link_id = $4 AND s.day >= (((date_trunc('day', (date_trunc('week', $1::timestamptz AT TIME ZONE $3) AT TIME ZONE $3) AT TIME ZONE 'UTC' - interval '1 microsecond') + interval '1 day') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::date AND s.day < ((date_trunc('day', $2::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::date) AS u GROUP BY list, value
) ranked WHERE rank <= $6 AND $3::text IS NOT NULL ORDER BY list, rank;

-- ClickReadsRepository.topLinks
SELECT l.id, l.alias, d.domain, sum(s.clicks)::text AS clicks
FROM click_hours s JOIN links l ON l.id = s.link_id LEFT JOIN domains d ON d.id = l.domain_id
WHERE (s.link_id IN (SELECT id FROM links WHERE user_id = $4)
OR s.qr_id IN (SELECT id FROM qr_codes WHERE user_id = $4)) AND s.hour >= (date_trunc('day', $1::timestamptz AT TIME ZONE $3) AT TIME ZONE $3) AND s.hour < $2 AND $3::text IS NOT NULL
GROUP BY l.id, l.alias, d.domain HAVING sum(s.clicks) > 0
ORDER BY sum(s.clicks) DESC, l.id LIMIT 10;

-- ClickReadsRepository.topLinks (example 2)
SELECT l.id, l.alias, d.domain, sum(s.clicks)::text AS clicks
FROM click_hours s JOIN links l ON l.id = s.link_id LEFT JOIN domains d ON d.id = l.domain_id
WHERE s.link_id IN (SELECT id FROM links WHERE campaign_id = $4) AND s.hour >= (date_trunc('hour', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AND s.hour < $2 AND $3::text IS NOT NULL
GROUP BY l.id, l.alias, d.domain HAVING sum(s.clicks) > 0
ORDER BY sum(s.clicks) DESC, l.id LIMIT 10;

-- ClickReadsRepository.topLinks (example 3)
SELECT l.id, l.alias, d.domain, sum(s.clicks)::text AS clicks
FROM click_hours s JOIN links l ON l.id = s.link_id LEFT JOIN domains d ON d.id = l.domain_id
WHERE s.link_id IN (SELECT id FROM links WHERE user_id = $4 AND tags @> ARRAY[$5]::varchar(50)[]) AND s.hour >= (date_trunc('week', $1::timestamptz AT TIME ZONE $3) AT TIME ZONE $3) AND s.hour < $2 AND $3::text IS NOT NULL
GROUP BY l.id, l.alias, d.domain HAVING sum(s.clicks) > 0
ORDER BY sum(s.clicks) DESC, l.id LIMIT 10;

-- ClickReadsRepository.exportPage
SELECT id, created_at, created_at::text AS cursor, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant, bot
FROM clicks
WHERE link_id = $1 AND created_at >= $2 AND created_at < $3 AND (created_at, id) > ($4::timestamptz, $5::bigint)
ORDER BY created_at, id LIMIT 2000;

-- ClickReadsRepository.scopeTargets
SELECT coalesce((SELECT array_agg(id ORDER BY id) FROM links WHERE user_id = $1), '{}') AS links,
coalesce((SELECT array_agg(id ORDER BY id) FROM qr_codes WHERE user_id = $1), '{}') AS qrs;

-- ClickReadsRepository.scopeTargets (example 2)
SELECT coalesce(array_agg(id ORDER BY id), '{}') AS links, '{}'::int[] AS qrs FROM links WHERE campaign_id = $1;

-- ClickReadsRepository.scopeTargets (example 3)
SELECT coalesce(array_agg(id ORDER BY id), '{}') AS links, '{}'::int[] AS qrs FROM links
WHERE user_id = $1 AND tags @> ARRAY[$2::text]::varchar(50)[];

-- ClickReadsRepository.linkNames
SELECT l.id, l.alias, d.domain FROM links l LEFT JOIN domains d ON d.id = l.domain_id WHERE l.id = ANY($1::int[]);

-- ClickReadsRepository.bioOwners
SELECT p.id AS bio_id, NULL::int AS block_id, p.user_id FROM bio_pages p WHERE p.id = ANY($1::int[])
UNION ALL
SELECT b.bio_id, b.id AS block_id, p.user_id FROM bio_blocks b JOIN bio_pages p ON p.id = b.bio_id WHERE b.id = ANY($2::int[]);

-- ClickReadsRepository.owners
SELECT id, user_id FROM links WHERE id = ANY($1::int[]);

-- ClickReadsRepository.owners (example 2)
SELECT id, user_id FROM qr_codes WHERE id = ANY($1::int[]);
