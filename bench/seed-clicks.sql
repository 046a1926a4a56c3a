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
