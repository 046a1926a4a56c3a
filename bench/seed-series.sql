-- :count clicks for link :link_id spread over the past 365 days, as the rollups a series reads
-- (click_hours, click_hour_groups, click_day_values) and the link's totals. No raw click rows:
-- a series never reads them. Each hour has 40 combinations of country, referrer, browser, OS,
-- device, social source and UTM values.
INSERT INTO click_hours (link_id, hour, clicks, visitors, bots)
SELECT :link_id, h, p.per_hour, p.per_hour * 8 / 10, p.per_hour / 50
  FROM generate_series(date_trunc('hour', now()) - interval '8759 hours', date_trunc('hour', now()), interval '1 hour') AS h,
       (SELECT (:count / 8760)::int AS per_hour) AS p;
INSERT INTO click_hour_groups (link_id, hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, clicks)
SELECT :link_id, h,
       (ARRAY['US','GB','DE','FR','CA','IN','BR','JP','AU','NL','ES','IT'])[1 + n % 12],
       (ARRAY['facebook.com','t.co','news.example.org','google.com','instagram.com',''])[1 + n % 6],
       (ARRAY['Chrome','Firefox','Mobile Safari','Edge','Safari'])[1 + n % 5],
       (ARRAY['Windows','iOS','Android','Mac OS','Linux'])[1 + n % 5],
       (ARRAY['desktop','mobile','tablet'])[1 + n % 3],
       (ARRAY['facebook','twitter','','','instagram',''])[1 + n % 6],
       (ARRAY['newsletter','','ads',''])[1 + n % 4],
       (ARRAY['email','','cpc',''])[1 + n % 4],
       (ARRAY['spring','','',''])[1 + n % 4],
       p.per_hour / 40
  FROM generate_series(date_trunc('hour', now()) - interval '8759 hours', date_trunc('hour', now()), interval '1 hour') AS h,
       generate_series(0, 39) AS n,
       (SELECT (:count / 8760)::int AS per_hour) AS p;
INSERT INTO click_day_values (link_id, day, dimension, value, clicks)
SELECT :link_id, (g.hour AT TIME ZONE 'UTC')::date, d.dimension, d.value, sum(g.clicks)
  FROM click_hour_groups g
 CROSS JOIN LATERAL (VALUES ('country', g.country), ('referrer', g.referrer), ('browser', g.browser), ('os', g.os),
                            ('device', g.device), ('social', g.social), ('utm_source', g.utm_source),
                            ('utm_medium', g.utm_medium), ('utm_campaign', g.utm_campaign)) AS d(dimension, value)
 WHERE g.link_id = :link_id AND d.value <> ''
 GROUP BY 2, 3, 4;
UPDATE links SET clicks = clicks + :count, unique_clicks = unique_clicks + :count * 8 / 10 WHERE id = :link_id;
