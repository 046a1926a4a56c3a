-- :count clicks for link :link_id over the past 90 days, with the counters and totals the
-- service keeps as clicks land (so the statistics read sees what it would after real traffic).
INSERT INTO clicks (link_id, created_at, country, referrer, browser, os, device, social, bot, visitor)
SELECT :link_id,
       now() - (n % 7776000) * interval '1 second',
       (ARRAY['US','GB','DE','FR','CA','IN','BR','JP','AU','NL','ES','IT'])[1 + n % 12],
       (ARRAY['facebook.com','t.co','news.example.org','google.com','instagram.com',NULL])[1 + n % 6],
       (ARRAY['Chrome','Firefox','Mobile Safari','Edge','Safari'])[1 + n % 5],
       (ARRAY['Windows','iOS','Android','Mac OS','Linux'])[1 + n % 5],
       (ARRAY['desktop','mobile','tablet'])[1 + n % 3],
       (ARRAY['facebook','twitter',NULL,NULL,'instagram',NULL])[1 + n % 6],
       false,
       substr(md5(n::text), 1, 32)
  FROM generate_series(1, :count) AS n;
INSERT INTO click_counters (link_id, dimension, value, count)
SELECT :link_id, d.dimension, d.value, count(*)
  FROM clicks c
  CROSS JOIN LATERAL (VALUES ('country', c.country), ('referrer', c.referrer), ('browser', c.browser), ('os', c.os), ('social', c.social)) AS d(dimension, value)
 WHERE c.link_id = :link_id AND d.value IS NOT NULL
 GROUP BY d.dimension, d.value
    ON CONFLICT (link_id, dimension, value) WHERE link_id IS NOT NULL DO UPDATE SET count = click_counters.count + EXCLUDED.count;
UPDATE links SET clicks = clicks + :count, unique_clicks = unique_clicks + :count WHERE id = :link_id;
-- The hourly and daily rollups of the same clicks, as the click writer keeps them.
INSERT INTO click_hours (link_id, hour, clicks, visitors, bots)
SELECT :link_id, date_trunc('hour', created_at), count(*), count(DISTINCT visitor), 0
  FROM clicks WHERE link_id = :link_id GROUP BY 2;
INSERT INTO click_hour_groups (link_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, clicks)
SELECT :link_id, date_trunc('hour', created_at), coalesce(country, ''), coalesce(referrer, ''), coalesce(browser, ''), coalesce(os, ''),
       coalesce(device, ''), coalesce(social, ''), '', '', '', count(*)
  FROM clicks WHERE link_id = :link_id GROUP BY 2, 3, 4, 5, 6, 7, 8;
INSERT INTO click_day_values (link_id, day, dimension, value, clicks)
SELECT :link_id, (c.created_at AT TIME ZONE 'UTC')::date, d.dimension, d.value, count(*)
  FROM clicks c
 CROSS JOIN LATERAL (VALUES ('country', c.country), ('referrer', c.referrer), ('browser', c.browser), ('os', c.os),
                            ('device', c.device), ('social', c.social)) AS d(dimension, value)
 WHERE c.link_id = :link_id AND d.value IS NOT NULL
 GROUP BY 2, 3, 4;
