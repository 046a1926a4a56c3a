-- The statements of tags.repository.ts, method by method, as test/repositories.e2e-spec.ts
-- records them from its examples (@Sql). Written by the test with SQL_WRITE=1; do not edit.

-- TagsRepository.list
SELECT name, color, links, count(*) OVER () AS total
FROM (WITH used AS (
SELECT t.name, count(*) AS links FROM links l CROSS JOIN unnest(l.tags) AS t(name)
WHERE l.user_id = $1 AND l.tags <> '{}' GROUP BY t.name),
kept AS (SELECT name, color FROM tags WHERE user_id = $1)
SELECT coalesce(u.name, k.name) AS name, k.color, coalesce(u.links, 0)::int AS links
FROM used u FULL JOIN kept k ON k.name = u.name) every
WHERE $2::text IS NULL OR strpos(name, $2) > 0
ORDER BY name COLLATE "C" OFFSET $3 LIMIT $4;

-- TagsRepository.list (example 2)
SELECT name, color, links, count(*) OVER () AS total
FROM (WITH used AS (
SELECT t.name, count(*) AS links FROM links l CROSS JOIN unnest(l.tags) AS t(name)
WHERE l.user_id = $1 AND l.tags <> '{}' GROUP BY t.name),
kept AS (SELECT name, color FROM tags WHERE user_id = $1)
SELECT coalesce(u.name, k.name) AS name, k.color, coalesce(u.links, 0)::int AS links
FROM used u FULL JOIN kept k ON k.name = u.name) every
WHERE $2::text IS NULL OR strpos(name, $2) > 0
ORDER BY name COLLATE "C" OFFSET $3 LIMIT $4;

-- TagsRepository.get
SELECT $2::varchar AS name, k.color, k.name IS NOT NULL AS kept, (SELECT count(*)::int FROM links WHERE user_id = $1 AND tags @> ARRAY[$2]::varchar(50)[]) AS links
FROM (SELECT 1) one LEFT JOIN tags k ON k.user_id = $1 AND k.name = $2;

-- TagsRepository.add
INSERT INTO tags (user_id, name, color)
SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM links WHERE user_id = $1 AND tags @> ARRAY[$2]::varchar(50)[])
ON CONFLICT DO NOTHING RETURNING name;

-- TagsRepository.setColor
INSERT INTO tags (user_id, name, color) VALUES ($1, $2, $3::varchar)
ON CONFLICT (user_id, name) DO UPDATE SET color = excluded.color;

-- TagsRepository.setColor (example 2)
UPDATE tags SET color = NULL WHERE user_id = $1 AND name = $2;

-- TagsRepository.rename
WITH changed AS (UPDATE links SET tags = CASE WHEN $3 = ANY(tags) THEN array_remove(tags, $2) ELSE array_replace(tags, $2, $3) END
WHERE user_id = $1 AND tags @> ARRAY[$2]::varchar(50)[] RETURNING *)
SELECT l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date" FROM changed l LEFT JOIN domains d ON d.id = l.domain_id ORDER BY l.id;
WITH old AS (DELETE FROM tags WHERE user_id = $1 AND name = $2 RETURNING color)
INSERT INTO tags (user_id, name, color) SELECT $1, $3, color FROM old
ON CONFLICT (user_id, name) DO UPDATE SET color = coalesce(tags.color, excluded.color);

-- TagsRepository.delete
WITH changed AS (UPDATE links SET tags = array_remove(tags, $2) WHERE user_id = $1 AND tags @> ARRAY[$2]::varchar(50)[] RETURNING *)
SELECT l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date" FROM changed l LEFT JOIN domains d ON d.id = l.domain_id ORDER BY l.id;
DELETE FROM tags WHERE user_id = $1 AND name = $2;
