import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Repository } from 'typeorm';
import type { Account } from '../../common/account';
import { conflict, notFound } from '../../common/api-error';
import type { PageRequest } from '../../common/pagination';
import { plainColumns } from '../../common/plain-rows';
import { isUniqueViolation } from '../../database/errors';
import { prepared, statementText } from '../../database/guarded-pg';
import { deleteOwned, findOwned } from '../../database/owned';
import { Sql, type Scope } from '../../database/sql';
import { WriteEvents } from '../../database/write-events';
import { countersOf, type CounterRow } from '../clicks/click-counters';
import { outboxPart, type OutboxPart } from '../webhooks/webhook-outbox';
import { LINK_ALIAS_KEY, LinkEntity } from './link.entity';
import { listedLink, LISTED_COLUMNS, newLinkRecordJson, type LinkListed, type ListedRow } from './links.mapper';
import { unfiltered } from './unfiltered';

export type LinkOrder = 'date' | 'clicks';

/** A link a bulk edit names, as it checks it. */
export interface EditedLink {
  id: number;
  alias: string;
  domainId: number | null;
  tags: string[];
}

/** What a bulk edit changes, as stored: each given is set on every link (null: removed). */
export interface LinkChanges {
  addTags?: string[];
  removeTags?: string[];
  campaign?: number | null;
  /** A branded domain's id; null: the service's own address. */
  domain?: number | null;
  expiry?: Date | null;
  status?: 'public' | 'private';
  /** Archived at this date (a link archived before keeps its date); null: taken out of the archive. */
  archivedAt?: Date | null;
  /** People's clicks after which the links answer like expired ones; null: none. */
  clickLimit?: number | null;
  /** Before this date the links answer like expired ones; null: none. */
  startsAt?: Date | null;
}

/**
 * What `list` keeps: the account's links of one campaign, of one channel, on one domain, carrying
 * every tag named, public or private, active or expired at `now`, made in a range, matching a search.
 */
export interface LinkFilter {
  campaign?: number;
  channel?: number;
  /** A branded domain's id; null: the service's own address. */
  domain?: number | null;
  /** Tags in their stored form (tags.ts). */
  tags?: string[];
  status?: 'public' | 'private';
  /**
   * Expired: an expiry at or before `now`, or people's clicks at the click limit; limited: the
   * latter alone; scheduled: a start date after `now`; active: none of these.
   */
  state?: { is: 'active' | 'expired' | 'limited' | 'scheduled'; now: Date };
  /** Made at or after. */
  from?: Date;
  /** Made before. */
  to?: Date;
  /** The archived links too, or only them; without it (the default list), none of them. */
  archived?: 'include' | 'only';
  search?: string;
}

/**
 * The `link.created` events of new links, written by the statement that writes the links: the
 * outbox's part of it (WebhookOutbox.part, its parameters numbered from `first`) and each link's
 * event as newLinkRecordJson makes it.
 */
export interface NewLinkEvents {
  outbox(first: number): OutboxPart;
  record(link: LinkEntity): { middle: string; date: string | null };
}

type PixelOfLink = NonNullable<LinkEntity['pixels']>[number];

/** Rows grouped by a key, each mapped, in their order. */
function groupBy<R, V>(rows: R[], key: (row: R) => number, value: (row: R) => V): Map<number, V[]> {
  const groups = new Map<number, V[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(value(row));
    else groups.set(key(row), [value(row)]);
  }
  return groups;
}

/**
 * The one rule of what a public page may list (a campaign's list page and its preview, and any
 * list a visitor sees): a link whose `status` is `public`. A private link (the default) still
 * redirects at its own address, and a rotator still sends visitors to it; no page lists it.
 */
export const LISTED = { status: 'public' } as const;

const aliasKey = (domainId: number | null, alias: string) => `${domainId ?? 0}/${alias}`;

/**
 * Every statement of the short links, for the links module and for the modules that change what a
 * link names (domains, campaigns, overlays, splash pages) or read it (the redirects). A write
 * announces that the account's links changed; a new link, that a missing alias may now exist.
 */
@Injectable()
export class LinksRepository {
  constructor(
    @InjectRepository(LinkEntity) private readonly links: Repository<LinkEntity>,
    @Inject(WriteEvents) private readonly events: WriteEvents,
  ) {}

  /** The account's link with its domain and pixels, or 404: one plain statement. */
  @Sql((f) => [f.account, f.ids.link])
  async get(account: Account, id: number): Promise<LinkEntity> {
    const [[link]] = await selectLinks(this.links, PIXEL_IDS, GET_WHERE, [id, account.id]);
    if (!link) throw notFound(`No link with id ${id}.`);
    return link;
  }

  /**
   * The account's link with its domain and pixels, the ids of its channels and its counters (what
   * `GET /url/:id` answers), or 404: one plain statement, one round trip.
   */
  @Sql((f) => [f.account, f.ids.link])
  async withDetails(account: Account, id: number): Promise<{ link: LinkEntity; channelIds: number[]; counters: CounterRow[] }> {
    const [[link], [row]] = await selectLinks(this.links, DETAILS, GET_WHERE, [id, account.id]);
    if (!link) throw notFound(`No link with id ${id}.`);
    return { link, channelIds: row!.channel_ids as number[], counters: row!.counters as CounterRow[] };
  }

  /** The account's link (without its relations), or 404. */
  @Sql((f) => [f.account, f.ids.link])
  owned(account: Account, id: number): Promise<LinkEntity> {
    return findOwned(this.links, account, id, 'link');
  }

  /** The account's link with its domain and pixels, for a change in `scope`; null when it has none. */
  @Sql((f) => [f.scope, f.account, f.ids.link])
  forUpdate(scope: Scope, account: Account, id: number): Promise<LinkEntity | null> {
    return scope.findOne(LinkEntity, { where: { id, userId: account.id }, relations: { pixels: true, domain: true } });
  }

  /** The link at this alias on this domain (null: the service's own address), with its pixels: what a redirect needs. */
  @Sql((f) => [null, f.alias])
  forRedirect(domainId: number | null, alias: string): Promise<LinkEntity | null> {
    return this.links.findOne({ where: { alias, domainId: domainId ?? IsNull() }, relations: { pixels: true } });
  }

  /** Links by id, with their domains (to build their short URLs). */
  @Sql((f) => [[f.ids.link, f.spare.link]])
  withDomains(ids: number[]): Promise<LinkEntity[]> {
    return ids.length ? this.links.find({ where: { id: In(ids) }, relations: { domain: true } }) : Promise.resolve([]);
  }

  /**
   * A campaign's links with their domains, oldest first: all of them (what its rotator sends
   * visitors to), or those a public page may list (LISTED).
   */
  @Sql((f) => [f.ids.campaign, 'all'], (f) => [f.ids.campaign, 'listed'])
  ofCampaign(campaignId: number, which: 'all' | 'listed'): Promise<LinkEntity[]> {
    return this.links.find({
      where: { campaignId, ...(which === 'listed' ? LISTED : {}) },
      relations: { domain: true },
      order: { id: 'ASC' },
    });
  }

  /** The account's links among these aliases (on any of its domains), with their domains' addresses. */
  @Sql((f) => [f.account, [f.alias, 'absent']])
  withAliases(account: Account, aliases: string[]): Promise<{ id: number; alias: string; url: string; domain: string | null }[]> {
    return this.links.query<{ id: number; alias: string; url: string; domain: string | null }[]>(
      `SELECT l.id, l.alias, l.url, d.domain
         FROM links l LEFT JOIN domains d ON d.id = l.domain_id
        WHERE l.user_id = $1 AND l.alias = ANY($2::varchar[])`,
      [account.id, aliases],
    );
  }

  /**
   * A page of the account's links (the columns a listed link shows, its domain's address) and the
   * total: one plain statement, reading the account's links by their narrow columns only: their count and the
   * page's ids (through the account's index), then the page's rows and domains. A search, which
   * reads every link of the account, does it once (the matches, materialized). A window count over
   * the joined rows read every link whole: for an account of 100,000 links, page 1 took 160 ms on
   * PostgreSQL (now 35) and 270 ms on the embedded database (now 60), page 4,000 185 (35) and 470
   * ms (60).
   */
  @Sql(
    (f) => [f.account, { offset: 0, limit: 15 }, 'date', {}],
    (f) => [f.account, { offset: 0, limit: 15 }, 'clicks', { search: 'spring', campaign: f.ids.campaign }],
    (f) => [f.account, { offset: 0, limit: 15 }, 'date', { tags: ['spring', 'newsletter'] }],
    (f) => [
      f.account,
      { offset: 0, limit: 15 },
      'date',
      {
        channel: f.ids.channel,
        domain: null,
        status: 'public',
        state: { is: 'active', now: new Date('2026-01-01T00:00:00Z') },
        from: new Date('2025-01-01T00:00:00Z'),
        to: new Date('2026-01-01T00:00:00Z'),
      },
    ],
    (f) => [
      f.account,
      { offset: 0, limit: 15 },
      'date',
      { domain: f.ids.domain, state: { is: 'expired', now: new Date('2026-01-01T00:00:00Z') } },
    ],
    (f) => [f.account, { offset: 0, limit: 15 }, 'date', { state: { is: 'scheduled', now: new Date('2026-01-01T00:00:00Z') } }],
    (f) => [f.account, { offset: 0, limit: 15 }, 'date', { state: { is: 'limited', now: new Date('2026-01-01T00:00:00Z') } }],
    (f) => [f.account, { offset: 1000, limit: 15 }, 'date', {}],
    (f) => [f.account, { offset: 0, limit: 15 }, 'date', { archived: 'only' }],
    (f) => [f.account, { offset: 0, limit: 15 }, 'clicks', { archived: 'include' }],
  )
  async list(account: Account, page: PageRequest, order: LinkOrder, filter: LinkFilter): Promise<[LinkListed[], number]> {
    const { where, params } = filterWhere(account.id, filter);
    const search = filter.search;
    // Newest first by the date a link shows (an imported link keeps its own), as the list's "Created".
    const orderBy = order === 'clicks' ? 'l."clicks" DESC, l."id" DESC' : 'l."created_at" DESC, l."id" DESC';
    const next = params.length + 1;
    const source = search ? 'matched' : '"links"';
    // Only the columns a listed link shows, its date written as the API writes dates: a page of 15
    // links is a tenth of the fields the whole rows would be, to send, parse and turn into objects,
    // and no date is parsed and written again.
    const text = statementText(
      listTexts,
      `${source}\n${where}\n${orderBy}`,
      () => `${search ? `WITH matched AS MATERIALIZED (SELECT l."id", l."clicks", l."created_at" FROM "links" l WHERE ${where}) ` : ''}
        SELECT ${LISTED_COLUMNS},
               (SELECT count(*) FROM ${source} l${search ? '' : ` WHERE ${where}`}) AS total
          FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
         WHERE l."id" IN (SELECT l."id" FROM ${source} l${search ? '' : ` WHERE ${where}`} ORDER BY ${orderBy} OFFSET $${next} LIMIT $${next + 1})
         ORDER BY ${orderBy}`,
    );
    const rows = await this.links.query<ListedTotalRow[]>(
      // A filtered page is planned for its values each time: a generic plan would not know how few
      // of a large account's links they keep.
      unfiltered(filter) ? prepared(text) : text,
      [...params, page.offset, page.limit],
    );
    const found = rows.map(listedLink);
    if (rows.length > 0 || page.offset === 0) return [found, rows.length > 0 ? Number(rows[0]!.total) : 0];
    // Past the last link the page says nothing of the total: count it.
    const [counted] = await this.links.query<{ total: string }[]>(`SELECT count(*) AS total FROM "links" l WHERE ${where}`, params);
    return [found, Number(counted!.total)];
  }

  /**
   * A page of the account's links after the id `after`, oldest first, with their domains, pixels
   * and channels (the exports read every link this way, a page at a time).
   */
  @Sql((f) => [f.account, 0, 500])
  async pageAfter(account: Account, after: number, size: number): Promise<{ link: LinkEntity; channelIds: number[] }[]> {
    const [links] = await selectLinks(this.links, '', 'l."user_id" = $1 AND l."id" > $2 ORDER BY l."id" LIMIT $3', [
      account.id,
      after,
      size,
    ]);
    if (links.length === 0) return [];
    const ids = links.map((link) => link.id);
    const [pixels, channels] = await Promise.all([
      this.links.query<{ link: number; pixel: number }[]>(
        'SELECT link_id AS link, pixel_id AS pixel FROM link_pixels WHERE link_id = ANY($1) ORDER BY pixel_id',
        [ids],
      ),
      this.links.query<{ link: number; channel: number }[]>(
        'SELECT link_id AS link, channel_id AS channel FROM channel_items WHERE link_id = ANY($1) ORDER BY channel_id',
        [ids],
      ),
    ]);
    const pixelsOf = groupBy(
      pixels,
      (row) => row.link,
      (row) => ({ id: row.pixel }) as PixelOfLink,
    );
    const channelsOf = groupBy(
      channels,
      (row) => row.link,
      (row) => row.channel,
    );
    return links.map((link) => {
      link.pixels = pixelsOf.get(link.id) ?? [];
      return { link, channelIds: channelsOf.get(link.id) ?? [] };
    });
  }

  /**
   * Writes new links in one statement; a row whose alias is taken on its domain is skipped.
   * Answers the written rows' ids and dates by alias key (`domain id/alias`).
   */
  @Sql((f) => [
    f.scope,
    [{ userId: f.account.id, domainId: null, alias: 'written-with-event', url: 'https://example.com/', type: 'direct' } as LinkEntity],
    {
      outbox: (first: number) =>
        outboxPart(f.account.id, 'link.created', first, new Date('2026-01-01T00:00:00Z'), {
          maxPending: 10_000,
          dropped: () => undefined,
        }),
      record: (link: LinkEntity) => newLinkRecordJson(link, 'https://sql.example'),
    },
  ])
  async insert(scope: Scope, links: LinkEntity[], events: NewLinkEvents): Promise<Map<string, { id: number; createdAt: Date }>> {
    const written = await insertRows(scope, links, events);
    if (written.size > 0) await this.events.emit(scope, { kind: 'link', account: links[0]!.userId, created: true });
    return written;
  }

  /** The pixels of new links. */
  @Sql((f) => [f.scope, f.account, [[f.ids.link, f.ids.pixel]]])
  async attachPixels(scope: Scope, account: Account, pairs: (readonly [link: number, pixel: number])[]): Promise<void> {
    if (pairs.length === 0) return;
    await scope.query(`INSERT INTO link_pixels (link_id, pixel_id) SELECT * FROM unnest($1::int[], $2::int[])`, [
      pairs.map(([link]) => link),
      pairs.map(([, pixel]) => pixel),
    ]);
    await this.events.emit(scope, { kind: 'link', account: account.id });
  }

  /** Writes a changed link (its pixels with it); 409 when its new alias is taken on its domain. */
  @Sql((f) => [f.scope, { id: f.ids.link, userId: f.account.id, title: 'Written', pixels: [] }])
  async save(scope: Scope, link: LinkEntity): Promise<void> {
    try {
      await scope.save(LinkEntity, link);
    } catch (error) {
      if (isUniqueViolation(error, LINK_ALIAS_KEY)) throw conflict(`The alias "${link.alias}" is already taken on this domain.`, 'custom');
      throw error;
    }
    await this.events.emit(scope, { kind: 'link', account: link.userId, created: true });
  }

  /** Its pixel attachments and channel memberships go with it (they cascade); `then` runs in the same transaction. */
  @Sql((f) => [f.account, f.spare.link])
  delete(account: Account, id: number, then?: (scope: Scope) => Promise<void>): Promise<void> {
    return deleteOwned(this.links, account, id, 'link', async (scope) => {
      await this.events.emit(scope, { kind: 'link', account: account.id });
      await then?.(scope);
    });
  }

  /** A link is in at most one campaign: this moves it there. */
  @Sql((f) => [f.account, f.ids.link, f.ids.campaign])
  async moveToCampaign(account: Account, linkId: number, campaignId: number): Promise<void> {
    await this.links.update({ id: linkId, userId: account.id }, { campaignId });
    await this.events.emit(this.links.manager, { kind: 'link', account: account.id });
  }

  /**
   * The account's links a bulk edit names, locked for it (FOR UPDATE) and by id: those among
   * `ids`, or the first `limit` a list's filter keeps. What the edit checks: alias, domain, tags.
   */
  @Sql(
    (f) => [f.scope, f.account, { ids: [f.ids.link, f.spare.link] }, 10_000],
    (f) => [f.scope, f.account, { filter: { tags: ['spring'], search: 'sale', domain: null } }, 10_000],
  )
  async forEdit(
    scope: Scope,
    account: Account,
    selection: { ids: number[] } | { filter: LinkFilter },
    limit: number,
  ): Promise<EditedLink[]> {
    const { where, params } =
      'ids' in selection
        ? { where: 'l."user_id" = $1 AND l."id" = ANY($2::int[])', params: [account.id, selection.ids] }
        : filterWhere(account.id, selection.filter);
    const rows = await scope.query<{ id: number; alias: string; domain_id: number | null; tags: string[] }[]>(
      `SELECT l."id", l."alias", l."domain_id", l."tags" FROM "links" l WHERE ${where} ORDER BY l."id" LIMIT $${params.length + 1} FOR UPDATE`,
      [...params, limit],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      alias: row.alias,
      domainId: row.domain_id === null ? null : Number(row.domain_id),
      tags: row.tags,
    }));
  }

  /** Which of these aliases a link other than `except` holds on this domain (null: the service's own address), of any account. */
  @Sql((f) => [f.scope, null, [f.alias, 'absent'], [f.spare.link]])
  async aliasesTaken(scope: Scope, domainId: number | null, aliases: string[], except: number[]): Promise<Set<string>> {
    const rows = await scope.query<{ alias: string }[]>(
      `SELECT "alias" FROM "links" WHERE coalesce("domain_id", 0) = $1 AND "alias" = ANY($2::varchar[]) AND NOT ("id" = ANY($3::int[]))`,
      [domainId ?? 0, aliases, except],
    );
    return new Set(rows.map((row) => row.alias));
  }

  /**
   * Makes the same changes to the account's links `ids` in one statement and answers them as the
   * list shows them, by id. Tags are added after the link's own (each once) and removed; the
   * archive keeps the date a link was first archived. 409 when a new domain's alias was taken
   * meanwhile.
   */
  @Sql(
    (f) => [
      f.scope,
      f.account,
      [f.ids.link],
      { addTags: ['spring'], removeTags: ['old'], campaign: null, status: 'public', archivedAt: new Date('2026-01-01T00:00:00Z') },
    ],
    (f) => [f.scope, f.account, [f.ids.link], { domain: f.ids.domain, expiry: null, archivedAt: null }],
    (f) => [f.scope, f.account, [f.ids.link], {}],
  )
  async editMany(scope: Scope, account: Account, ids: number[], changes: LinkChanges): Promise<LinkListed[]> {
    const params: unknown[] = [account.id, ids];
    const set: string[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (changes.addTags !== undefined || changes.removeTags !== undefined) {
      const added = param(changes.addTags ?? []);
      const removed = param(changes.removeTags ?? []);
      // Each tag once, where it first appears: the link's own, then those added.
      set.push(`"tags" = ARRAY(SELECT t FROM unnest(l."tags" || ${added}::varchar[]) WITH ORDINALITY AS u(t, n)
                               WHERE t <> ALL(${removed}::varchar[]) GROUP BY t ORDER BY min(n))::varchar(50)[]`);
    }
    if (changes.campaign !== undefined) set.push(`"campaign_id" = ${param(changes.campaign)}::int`);
    if (changes.domain !== undefined) set.push(`"domain_id" = ${param(changes.domain)}::int`);
    if (changes.expiry !== undefined) set.push(`"expires_at" = ${param(changes.expiry)}::timestamptz`);
    if (changes.status !== undefined) set.push(`"status" = ${param(changes.status)}`);
    if (changes.clickLimit !== undefined) set.push(`"click_limit" = ${param(changes.clickLimit)}::int`);
    if (changes.startsAt !== undefined) set.push(`"starts_at" = ${param(changes.startsAt)}::timestamptz`);
    if (changes.archivedAt !== undefined) {
      set.push(
        changes.archivedAt === null
          ? '"archived_at" = NULL'
          : `"archived_at" = coalesce(l."archived_at", ${param(changes.archivedAt)}::timestamptz)`,
      );
    }
    try {
      const rows = await scope.query<ListedRow[]>(
        // No column to set (a channel is all the edit adds): the links as they are, for their events.
        `WITH changed AS (${set.length === 0 ? 'SELECT l.* FROM "links" l' : `UPDATE "links" l SET ${set.join(', ')}`} WHERE l."user_id" = $1 AND l."id" = ANY($2::int[])${set.length === 0 ? '' : ' RETURNING l.*'})
         SELECT ${LISTED_COLUMNS} FROM changed l LEFT JOIN "domains" d ON d."id" = l."domain_id" ORDER BY l."id"`,
        params,
      );
      await this.events.emit(scope, { kind: 'link', account: account.id, created: changes.domain !== undefined });
      return rows.map(listedLink);
    } catch (error) {
      if (isUniqueViolation(error, LINK_ALIAS_KEY))
        throw conflict('An alias of these links was taken on the new domain meanwhile; nothing was changed.', 'domain');
      throw error;
    }
  }

  /** The links that showed this overlay become plain redirects. */
  @Sql((f) => [f.scope, f.account, f.spare.overlay])
  async dropOverlay(scope: Scope, account: Account, overlayId: number): Promise<void> {
    await scope.update(LinkEntity, { overlayId, userId: account.id }, { type: 'direct', overlayId: null });
    await this.events.emit(scope, { kind: 'link', account: account.id });
  }

  /** The links that showed this splash page become plain redirects. */
  @Sql((f) => [f.scope, f.account, f.spare.splash])
  async dropSplash(scope: Scope, account: Account, splashId: number): Promise<void> {
    await scope.update(LinkEntity, { splashId, userId: account.id }, { type: 'direct', splashId: null });
    await this.events.emit(scope, { kind: 'link', account: account.id });
  }

  /**
   * Moves the domain's links to the service's own address; answers them as they now are. 409 when
   * one of their aliases is taken there.
   */
  @Sql((f) => [f.scope, f.account, f.spare.domain, 'spare.example'])
  async moveToDefaultDomain(scope: Scope, account: Account, domainId: number, host: string): Promise<LinkEntity[]> {
    try {
      const links = await scope.find(LinkEntity, { where: { domainId, userId: account.id }, order: { id: 'ASC' } });
      if (links.length > 0) await scope.update(LinkEntity, { domainId, userId: account.id }, { domainId: null });
      await this.events.emit(scope, { kind: 'link', account: account.id, created: true });
      return links.map((link) => Object.assign(link, { domainId: null, domain: null }));
    } catch (error) {
      if (isUniqueViolation(error, LINK_ALIAS_KEY)) {
        throw conflict(`A link of ${host} has an alias already used on the default domain; change that alias or delete the link first.`);
      }
      throw error;
    }
  }
}

/**
 * The condition of a list's filter on the links `l` of account `accountId` ($1), with its
 * parameters: what `list` pages through and what a bulk edit changes.
 */
function filterWhere(accountId: number, filter: LinkFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [accountId];
  // The default list leaves the archived links out (the list's indexes carry archived_at).
  let where = `l."user_id" = $1${filter.archived === 'include' ? '' : filter.archived === 'only' ? ' AND l."archived_at" IS NOT NULL' : ' AND l."archived_at" IS NULL'}`;
  if (filter.campaign !== undefined) {
    params.push(filter.campaign);
    where += ` AND l."campaign_id" = $${params.length}`;
  }
  if (filter.tags?.length) {
    params.push(filter.tags);
    // `@>` of the GIN index links_tags_idx: every tag asked for.
    where += ` AND l."tags" @> $${params.length}::varchar[]`;
  }
  if (filter.channel !== undefined) {
    params.push(filter.channel);
    where += ` AND l."id" IN (SELECT c."link_id" FROM "channel_items" c WHERE c."channel_id" = $${params.length} AND c."link_id" IS NOT NULL)`;
  }
  if (filter.domain !== undefined) {
    // The expression of the unique index links_domain_alias_key, which finds a domain's links.
    params.push(filter.domain ?? 0);
    where += ` AND coalesce(l."domain_id", 0) = $${params.length}`;
  }
  if (filter.status !== undefined) {
    params.push(filter.status);
    where += ` AND l."status" = $${params.length}`;
  }
  if (filter.state !== undefined) {
    // Each through its partial index: links_user_expires_idx, links_user_limited_idx, links_user_starts_idx.
    const limited = `(l."click_limit" IS NOT NULL AND l."clicks" >= l."click_limit")`;
    // The click limit alone is no matter of time (a parameter sent and unused has no type to bind).
    if (filter.state.is !== 'limited') params.push(filter.state.now);
    const now = `$${params.length}`;
    if (filter.state.is === 'limited') where += ` AND ${limited}`;
    else if (filter.state.is === 'expired') where += ` AND (l."expires_at" <= ${now} OR ${limited})`;
    else if (filter.state.is === 'scheduled') where += ` AND l."starts_at" > ${now}`;
    else {
      where += ` AND (l."expires_at" IS NULL OR l."expires_at" > ${now}) AND NOT coalesce(${limited}, false)`;
      where += ` AND (l."starts_at" IS NULL OR l."starts_at" <= ${now})`;
    }
  }
  if (filter.from !== undefined) {
    params.push(filter.from);
    where += ` AND l."created_at" >= $${params.length}`;
  }
  if (filter.to !== undefined) {
    params.push(filter.to);
    where += ` AND l."created_at" < $${params.length}`;
  }
  const search = filter.search;
  if (search) {
    params.push(`%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
    const term = `$${params.length}`;
    where += ` AND (l."alias" ILIKE ${term} OR l."url" ILIKE ${term} OR l."title" ILIKE ${term} OR l."description" ILIKE ${term})`;
  }
  return { where, params };
}

/** The condition of `get`: the link of this id ($1) and account ($2). */
const GET_WHERE = 'l."id" = $1 AND l."user_id" = $2';
/** A link's pixels' ids, a column beside its own (selectLinks reads them into `pixels`). */
const PIXEL_IDS = 'ARRAY(SELECT p."pixel_id" FROM "link_pixels" p WHERE p."link_id" = l."id" ORDER BY p."pixel_id") AS pixel_ids';
/** withDetails' columns: the pixels', the channels' ids, the counters. */
const DETAILS = `${PIXEL_IDS}, ARRAY(SELECT c."channel_id" FROM "channel_items" c WHERE c."link_id" = l."id" ORDER BY c."channel_id") AS channel_ids,
       ${countersOf('link', 'l."id"')} AS counters`;

/** A row of `list`'s statement: a listed link and the total. */
type ListedTotalRow = ListedRow & { total: string };

/** `list`'s statements by their filters and order, built once (the same string every call). */
const listTexts = new Map<string, string>();

/** selectLinks' statements by their parts, built once (the same string every call). */
const selectTexts = new Map<string, string>();

/**
 * Links with their domains, from one plain statement: `extra` columns, then `rest` after WHERE.
 * With a `pixel_ids` column among them, each link's pixels are those ids.
 */
async function selectLinks(
  repository: Repository<LinkEntity>,
  extra: string,
  rest: string,
  params: unknown[],
): Promise<[LinkEntity[], Record<string, unknown>[]]> {
  const links = plainColumns<LinkEntity>(repository.metadata);
  // The domains' columns come through the link's own relation: no other module's entity here.
  const domains = plainColumns<NonNullable<LinkEntity['domain']>>(
    repository.metadata.findRelationWithPropertyPath('domain')!.inverseEntityMetadata,
  );
  const text = statementText(
    selectTexts,
    `${extra}\n${rest}`,
    () => `SELECT ${links.select('l', 'l')}, ${domains.select('d', 'd')}${extra ? `, ${extra}` : ''}
       FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
      WHERE ${rest}`,
  );
  const rows = await repository.query<Record<string, unknown>[]>(prepared(text), params);
  const read = (row: Record<string, unknown>) => {
    const link = Object.assign(links.read(row, 'l')!, { domain: domains.read(row, 'd') });
    const pixels = row.pixel_ids as number[] | undefined;
    if (pixels !== undefined) link.pixels = pixels.map((pixel) => ({ id: pixel }) as PixelOfLink);
    return link;
  };
  return [rows.map(read), rows];
}

/** The links' rows, from columns as arrays (insertRows). */
const INSERT_LINKS = `INSERT INTO links (user_id, domain_id, alias, url, title, description, meta_description, meta_image, password_hash,
                        expires_at, type, splash_id, overlay_id, campaign_id, geotarget, devicetarget, languagetarget,
                        deeplink, parameters, status, created_at, clicks, tags, archived_at, click_limit, starts_at, variants)
     SELECT u.user_id, u.domain_id, u.alias, u.url, u.title, u.description, u.meta_description, u.meta_image, u.password_hash,
            u.expires_at, u.type, u.splash_id, u.overlay_id, u.campaign_id, u.geotarget, u.devicetarget, u.languagetarget,
            u.deeplink, u.parameters, u.status, coalesce(u.created_at, now()), u.clicks,
            ARRAY(SELECT jsonb_array_elements_text(u.tags))::varchar(50)[], u.archived_at, u.click_limit, u.starts_at, u.variants
       FROM unnest($1::int[], $2::int[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[],
                   $8::varchar[], $9::text[], $10::timestamptz[], $11::varchar[], $12::int[], $13::int[], $14::int[],
                   $15::jsonb[], $16::jsonb[], $17::jsonb[], $18::jsonb[], $19::jsonb[], $20::varchar[], $21::timestamptz[],
                   $22::bigint[], $23::jsonb[], $24::timestamptz[], $25::int[], $26::timestamptz[], $27::jsonb[])
         AS u(user_id, domain_id, alias, url, title, description, meta_description, meta_image, password_hash, expires_at, type,
              splash_id, overlay_id, campaign_id, geotarget, devicetarget, languagetarget, deeplink, parameters, status,
              created_at, clicks, tags, archived_at, click_limit, starts_at, variants)
     ON CONFLICT DO NOTHING
     RETURNING id, coalesce(domain_id, 0) AS domain, alias, created_at`;

/** insertRows' statement by the outbox's text it holds, built once (the same string for every call). */
const insertTexts = new Map<string, string>();

/**
 * One statement for all the rows (columns as arrays, so its size does not grow with the rows);
 * a row whose alias is taken on its domain is skipped. Answers the written rows' ids by alias key.
 */
async function insertRows(
  manager: Scope,
  links: LinkEntity[],
  events: NewLinkEvents,
): Promise<Map<string, { id: number; createdAt: Date }>> {
  const column = <T>(read: (link: LinkEntity) => T) => links.map(read);
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  const params: unknown[] = [
    column((link) => link.userId),
    column((link) => link.domainId),
    column((link) => link.alias),
    column((link) => link.url),
    column((link) => link.title ?? ''),
    column((link) => link.description ?? ''),
    column((link) => link.metaDescription ?? ''),
    column((link) => link.metaImage ?? ''),
    column((link) => link.passwordHash ?? null),
    column((link) => link.expiresAt ?? null),
    column((link) => link.type),
    column((link) => link.splashId ?? null),
    column((link) => link.overlayId ?? null),
    column((link) => link.campaignId ?? null),
    column((link) => json(link.geotarget ?? [])),
    column((link) => json(link.devicetarget ?? [])),
    column((link) => json(link.languagetarget ?? [])),
    column((link) => json(link.deeplink ?? null)),
    column((link) => json(link.parameters ?? [])),
    column((link) => link.status ?? 'private'),
    // An imported link's date and clicks (its history in the shortener it came from); else now, 0.
    column((link) => link.createdAt ?? null),
    column((link) => link.clicks ?? 0),
    // A list per link, as JSON: unnest would flatten an array of arrays.
    column((link) => json(link.tags ?? [])),
    column((link) => link.archivedAt ?? null),
    column((link) => link.clickLimit ?? null),
    column((link) => link.startsAt ?? null),
    column((link) => json(link.variants ?? [])),
  ];
  // The events are the written rows' (a skipped row has none), in the order given, each the
  // link's record with the id and the date (for a link dated now) its row got.
  const records = links.map((link) => events.record(link));
  const outbox = events.outbox(params.length + 3);
  const text = statementText(insertTexts, outbox.sql, () =>
    prepared(`WITH link AS (${INSERT_LINKS}),
          source AS (
            SELECT ('{"id":' || l.id || ',' || m.middle || ',"date":"'
                    || coalesce(m.date, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')) || '"}')::json AS payload,
                   row_number() OVER (ORDER BY m.n) AS n
              FROM link l
              JOIN unnest($2::int[], $3::varchar[], $${params.length + 1}::text[], $${params.length + 2}::text[])
                     WITH ORDINALITY AS m(domain_id, alias, middle, date, n)
                ON l.domain = coalesce(m.domain_id, 0) AND l.alias = m.alias),
          ${outbox.sql}
     SELECT l.id, l.domain, l.alias, l.created_at, (SELECT n::int FROM lost) AS dropped FROM link l`),
  );
  const rows = await manager.query<{ id: number; domain: number; alias: string; created_at: Date; dropped: number }[]>(text, [
    ...params,
    records.map((record) => record.middle),
    records.map((record) => record.date),
    ...outbox.params,
  ]);
  outbox.settle(rows[0]?.dropped ?? 0);
  return new Map(rows.map((row) => [aliasKey(Number(row.domain) || null, row.alias), { id: Number(row.id), createdAt: row.created_at }]));
}
