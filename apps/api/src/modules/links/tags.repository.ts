import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Account } from '../../common/account';
import type { PageRequest } from '../../common/pagination';
import { Sql, type Scope } from '../../database/sql';
import { WriteEvents } from '../../database/write-events';
import { LinkEntity } from './link.entity';
import { listedLink, LISTED_COLUMNS, type LinkListed, type ListedRow } from './links.mapper';

/** A tag as the API lists it. */
export interface TagRow {
  name: string;
  color: string | null;
  links: number;
}

/**
 * The account's tags: those its links carry (with how many carry each) and those of the `tags`
 * table (made before any link carried them, or given a colour), one row a name.
 */
const ACCOUNT_TAGS = `WITH used AS (
         SELECT t.name, count(*) AS links FROM links l CROSS JOIN unnest(l.tags) AS t(name)
          WHERE l.user_id = $1 AND l.tags <> '{}' GROUP BY t.name),
       kept AS (SELECT name, color FROM tags WHERE user_id = $1)
  SELECT coalesce(u.name, k.name) AS name, k.color, coalesce(u.links, 0)::int AS links
    FROM used u FULL JOIN kept k ON k.name = u.name`;

/** The links carrying tag $2 of account $1, through the GIN index links_tags_idx. */
const CARRYING = `user_id = $1 AND tags @> ARRAY[$2]::varchar(50)[]`;

/**
 * Every statement of the tags: they live on the links' rows (`links.tags`), and the `tags` table
 * keeps the colours and the tags no link carries yet. A change announces that the account's links
 * changed (the lists show their tags).
 */
@Injectable()
export class TagsRepository {
  constructor(
    @InjectRepository(LinkEntity) private readonly links: Repository<LinkEntity>,
    @Inject(WriteEvents) private readonly events: WriteEvents,
  ) {}

  /** A page of the account's tags in alphabetical order, those containing `search` (in their stored form), and the total. */
  @Sql((f) => [f.account, { offset: 0, limit: 15 }, undefined], (f) => [f.account, { offset: 0, limit: 15 }, 'spr'])
  async list(account: Account, page: PageRequest, search: string | undefined): Promise<[TagRow[], number]> {
    const rows = await this.links.query<(TagRow & { total: string })[]>(
      `SELECT name, color, links, count(*) OVER () AS total
         FROM (${ACCOUNT_TAGS}) every
        WHERE $2::text IS NULL OR strpos(name, $2) > 0
        ORDER BY name COLLATE "C" OFFSET $3 LIMIT $4`,
      [account.id, search ?? null, page.offset, page.limit],
    );
    let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
    if (rows.length === 0 && page.offset > 0) {
      // Past the last tag the page says nothing of the total: count them.
      const [row] = await this.links.query<{ total: string }[]>(
        `SELECT count(*) AS total FROM (${ACCOUNT_TAGS}) every WHERE $2::text IS NULL OR strpos(name, $2) > 0`,
        [account.id, search ?? null],
      );
      total = Number(row!.total);
    }
    return [rows.map(({ name, color, links }) => ({ name, color, links })), total];
  }

  /** The account's tag of this name, or null when it has none (no link carries it and it was never added). */
  @Sql((f) => [f.scope, f.account, 'spring'])
  async get(scope: Scope, account: Account, name: string): Promise<TagRow | null> {
    const [row] = await scope.query<(TagRow & { kept: boolean })[]>(
      `SELECT $2::varchar AS name, k.color, k.name IS NOT NULL AS kept, (SELECT count(*)::int FROM links WHERE ${CARRYING}) AS links
         FROM (SELECT 1) one LEFT JOIN tags k ON k.user_id = $1 AND k.name = $2`,
      [account.id, name],
    );
    return row!.kept || row!.links > 0 ? { name: row!.name, color: row!.color, links: row!.links } : null;
  }

  /**
   * Keeps a tag no link carries yet, with its colour; false (nothing written) when the account has
   * it already, kept or on a link.
   */
  @Sql((f) => [f.scope, f.account, 'autumn', '#1f6feb'])
  async add(scope: Scope, account: Account, name: string, color: string | null): Promise<boolean> {
    const rows = await scope.query<unknown[]>(
      `INSERT INTO tags (user_id, name, color)
       SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM links WHERE ${CARRYING})
       ON CONFLICT DO NOTHING RETURNING name`,
      [account.id, name, color],
    );
    if (rows.length > 0) await this.events.emit(scope, { kind: 'link', account: account.id });
    return rows.length > 0;
  }

  /** Sets the colour of a tag of the account, or with null takes it away (a tag kept for its colour alone is kept still). */
  @Sql((f) => [f.scope, f.account, 'spring', '#d1242f'], (f) => [f.scope, f.account, 'spring', null])
  async setColor(scope: Scope, account: Account, name: string, color: string | null): Promise<void> {
    await scope.query(
      color === null
        ? `UPDATE tags SET color = NULL WHERE user_id = $1 AND name = $2`
        : `INSERT INTO tags (user_id, name, color) VALUES ($1, $2, $3::varchar)
           ON CONFLICT (user_id, name) DO UPDATE SET color = excluded.color`,
      color === null ? [account.id, name] : [account.id, name, color],
    );
    await this.events.emit(scope, { kind: 'link', account: account.id });
  }

  /**
   * Renames a tag on every link carrying it, in one statement (a link carrying both keeps one, where
   * the new name was), and moves its kept row: the colour of the tag renamed to wins when it has one.
   */
  @Sql((f) => [f.scope, f.account, 'spring', 'spring-2026'])
  async rename(scope: Scope, account: Account, from: string, to: string): Promise<LinkListed[]> {
    const changed = await scope.query<ListedRow[]>(
      `WITH changed AS (UPDATE links SET tags = CASE WHEN $3 = ANY(tags) THEN array_remove(tags, $2) ELSE array_replace(tags, $2, $3) END
                         WHERE ${CARRYING} RETURNING *)
       SELECT ${LISTED_COLUMNS} FROM changed l LEFT JOIN domains d ON d.id = l.domain_id ORDER BY l.id`,
      [account.id, from, to],
    );
    await scope.query(
      `WITH old AS (DELETE FROM tags WHERE user_id = $1 AND name = $2 RETURNING color)
       INSERT INTO tags (user_id, name, color) SELECT $1, $3, color FROM old
       ON CONFLICT (user_id, name) DO UPDATE SET color = coalesce(tags.color, excluded.color)`,
      [account.id, from, to],
    );
    await this.events.emit(scope, { kind: 'link', account: account.id });
    return changed.map(listedLink);
  }

  /** Takes a tag off every link carrying it and forgets it; answers the links it was taken off, as listed. */
  @Sql((f) => [f.scope, f.account, 'spring'])
  async delete(scope: Scope, account: Account, name: string): Promise<LinkListed[]> {
    const changed = await scope.query<ListedRow[]>(
      `WITH changed AS (UPDATE links SET tags = array_remove(tags, $2) WHERE ${CARRYING} RETURNING *)
       SELECT ${LISTED_COLUMNS} FROM changed l LEFT JOIN domains d ON d.id = l.domain_id ORDER BY l.id`,
      [account.id, name],
    );
    await scope.query(`DELETE FROM tags WHERE user_id = $1 AND name = $2`, [account.id, name]);
    await this.events.emit(scope, { kind: 'link', account: account.id });
    return changed.map(listedLink);
  }
}
