import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { randomAlias, isReservedAlias } from './aliases';
import { ApiError, badRequest, conflict, notFound } from '../../common/api-error';
import { parseDateTime } from '../../common/dates';
import { deleteOwned } from '../../database/owned';
import type { PageRequest } from '../../common/pagination';
import { PasswordHasher } from '../auth/password';
import { isUniqueViolation } from '../../database/errors';
import { CampaignsService } from '../campaigns/campaigns.service';
import { ChannelsService } from '../channels/channels.service';
import { DomainsService } from '../domains/domains.service';
import { OverlaysService } from '../overlays/overlays.service';
import { PixelsService } from '../pixels/pixels.service';
import { SplashService } from '../splash/splash.service';
import type { DeepLink, LinkEntity as Link, LinkType } from './link.entity';
import { LINK_ALIAS_KEY, LinkEntity } from './link.entity';
import { LinkLookups, type LinkLookupServices } from './link-lookups';
import { plainColumns } from '../../common/plain-rows';
import { noteWritten } from '../../database/written';
import { shortUrl } from '../../common/public-urls';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { WebhookEvents } from '../webhooks/webhook-events.repository';
import { toLinkRecord } from './links.mapper';
import type { AddUrlDto, UpdateUrlDto } from './links.dto';
import { normalizeDeviceTargets, normalizeGeoTargets, normalizeLanguageTargets } from './targets';

const GENERATED_ALIAS_LENGTH = 6;

export type LinkOrder = 'date' | 'clicks';

/** Short links: every field of the `Link` schema, checked and stored for the redirects to use. */
@Injectable()
export class LinksService {
  private readonly services: LinkLookupServices;

  constructor(
    @InjectRepository(LinkEntity) private readonly links: Repository<LinkEntity>,
    @Inject(CampaignsService) campaigns: CampaignsService,
    @Inject(ChannelsService) private readonly channels: ChannelsService,
    @Inject(DomainsService) domains: DomainsService,
    @Inject(OverlaysService) overlays: OverlaysService,
    @Inject(PixelsService) pixels: PixelsService,
    @Inject(SplashService) splashPages: SplashService,
    @Inject(WebhookEvents) private readonly events: WebhookEvents,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
  ) {
    this.services = { campaigns, channels, domains, overlays, pixels, splashPages };
  }

  async get(account: Account, id: number): Promise<Link> {
    // A query builder's getOne: one statement (findOne with relations sends a DISTINCT query first).
    const link = await this.links
      .createQueryBuilder('link')
      .leftJoinAndSelect('link.domain', 'domain')
      .leftJoinAndSelect('link.pixels', 'pixels')
      .where('link.id = :id AND link.userId = :userId', { id, userId: account.id })
      .getOne();
    if (!link) throw notFound(`No link with id ${id}.`);
    return link;
  }

  /** Ids of the channels the link is in. */
  channelIds(link: Link): Promise<number[]> {
    return this.channels.channelsOf({ linkId: link.id });
  }

  /**
   * A page of the account's links with their domains and the total: one plain statement (see
   * plain-rows). `campaign` keeps the links of that campaign of the account's (404 for another's).
   */
  async list(
    account: Account,
    page: PageRequest,
    order: LinkOrder,
    search: string | undefined,
    campaign?: number,
  ): Promise<[Link[], number]> {
    const filter: unknown[] = [account.id];
    let where = 'l."user_id" = $1';
    if (campaign !== undefined) {
      filter.push((await this.services.campaigns.get(account, campaign)).id);
      where += ` AND l."campaign_id" = $${filter.length}`;
    }
    if (search) {
      filter.push(`%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
      const term = `$${filter.length}`;
      where += ` AND (l."alias" ILIKE ${term} OR l."url" ILIKE ${term} OR l."title" ILIKE ${term} OR l."description" ILIKE ${term})`;
    }
    const orderBy = order === 'clicks' ? 'l."clicks" DESC, l."id" DESC' : 'l."id" DESC';
    const next = filter.length + 1;
    // One statement, reading the account's links by their narrow columns only: their count and the
    // page's ids (through the account's index), then the page's rows and domains. A search, which
    // reads every link of the account, does it once (the matches, materialized). A window count
    // over the joined rows read every link whole: for an account of 100,000 links, page 1 took
    // 160 ms on PostgreSQL (now 35) and 270 ms on the embedded database (now 60), page 4,000 185
    // (35) and 470 ms (60).
    const source = search ? 'matched' : '"links"';
    const [found, rows] = await this.select(
      `(SELECT count(*) FROM ${source} l${search ? '' : ` WHERE ${where}`}) AS total`,
      `l."id" IN (SELECT l."id" FROM ${source} l${search ? '' : ` WHERE ${where}`} ORDER BY ${orderBy} OFFSET $${next} LIMIT $${next + 1}) ORDER BY ${orderBy}`,
      [...filter, page.offset, page.limit],
      search ? `WITH matched AS MATERIALIZED (SELECT l."id", l."clicks" FROM "links" l WHERE ${where}) ` : '',
    );
    if (rows.length > 0 || page.offset === 0) return [found, rows.length > 0 ? Number(rows[0]!.total) : 0];
    // Past the last link the page says nothing of the total: count it.
    const [counted] = await this.links.query<{ total: string }[]>(`SELECT count(*) AS total FROM "links" l WHERE ${where}`, filter);
    return [found, Number(counted!.total)];
  }

  /**
   * Every link of the account, oldest first, a page at a time (each page read when the one before
   * has been taken), with their domains, pixels and channels: for exports of any size.
   */
  async *everyLink(account: Account, pageSize = 500): AsyncGenerator<{ link: Link; channelIds: number[] }[]> {
    for (let after = 0; ;) {
      const [links] = await this.select('', 'l."user_id" = $1 AND l."id" > $2 ORDER BY l."id" LIMIT $3', [account.id, after, pageSize]);
      if (links.length === 0) return;
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
      yield links.map((link) => {
        link.pixels = pixelsOf.get(link.id) ?? [];
        return { link, channelIds: channelsOf.get(link.id) ?? [] };
      });
      after = ids[ids.length - 1]!;
      if (links.length < pageSize) return;
    }
  }

  /** Links with their domains, from one plain statement: `extra` columns, then `rest` after WHERE. */
  private async select(extra: string, rest: string, params: unknown[], withClause = ''): Promise<[Link[], Record<string, unknown>[]]> {
    const links = plainColumns<LinkEntity>(this.links.metadata);
    // The domains' columns come through the link's own relation: no other module's entity here.
    const domains = plainColumns<NonNullable<Link['domain']>>(
      this.links.metadata.findRelationWithPropertyPath('domain')!.inverseEntityMetadata,
    );
    const rows = await this.links.query<Record<string, unknown>[]>(
      `${withClause}SELECT ${links.select('l', 'l')}, ${domains.select('d', 'd')}${extra ? `, ${extra}` : ''}
         FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
        WHERE ${rest}`,
      params,
    );
    return [rows.map((row) => Object.assign(links.read(row, 'l')!, { domain: domains.read(row, 'd') })), rows];
  }

  /** One link, by the rules of `create`: its error is thrown. */
  async add(account: Account, input: AddUrlDto): Promise<Link> {
    const [created] = await this.create(account, [input]);
    if ('error' in created!) throw created.error;
    return created!.link;
  }

  /**
   * Creates links in one transaction: each input is checked on its own (an input the rules refuse
   * answers with its error, the others are created), the records they name are read once for all
   * of them, and the rows are written by one statement. An alias is claimed by the first input
   * that asks for it; a taken alias is a 409, or with `renameTaken` the link gets a new alias.
   */
  async create(
    account: Account,
    inputs: AddUrlDto[],
    options: { renameTaken?: boolean; history?: (LinkHistory | undefined)[] } = {},
  ): Promise<Creation[]> {
    // Passwords are hashed (scrypt, slow by design) before the transaction opens: it holds a connection.
    const hashes = await this.hasher.hashAll(
      account.id,
      inputs.map((input) => input.password),
    );
    return this.links.manager.transaction(async (manager) => {
      const lookups = new LinkLookups(this.services, account, manager);
      const results: Creation[] = new Array<Creation>(inputs.length);
      const pending: Pending[] = [];
      // One item after the other: they share the transaction's connection, and the records they
      // name are read once (LinkLookups), so most items send no query at all.
      for (const [index, input] of inputs.entries()) {
        const link = manager.create(LinkEntity, { userId: account.id, url: input.url, domainId: null, domain: null, type: 'direct' });
        const history = options.history?.[index];
        if (history?.createdAt) link.createdAt = history.createdAt;
        if (history?.clicks) link.clicks = history.clicks;
        try {
          await this.apply(lookups, link, input, hashes[index]);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          results[index] = { error };
          continue;
        }
        pending.push({ index, link, custom: input.custom, channel: input.channel, renamedFrom: undefined });
      }
      const created = await this.insert(manager, pending, results, options.renameTaken ?? false);
      await this.attach(manager, account, created);
      const publicUrl = this.config.publicUrl;
      await this.events.record(
        manager,
        account.id,
        'link.created',
        created.map((item) => toLinkRecord(item.link, publicUrl)),
      );
      for (const item of created) results[item.index] = { link: item.link, renamedFrom: item.renamedFrom };
      return results;
    });
  }

  async update(account: Account, id: number, changes: UpdateUrlDto): Promise<void> {
    const [hashed] = await this.hasher.hashAll(account.id, [changes.password]);
    await this.links.manager.transaction(async (manager) => {
      const link = await manager.findOne(LinkEntity, { where: { id, userId: account.id }, relations: { pixels: true, domain: true } });
      if (!link) throw notFound(`No link with id ${id}.`);
      if (changes.url !== undefined) link.url = changes.url;
      await this.apply(new LinkLookups(this.services, account, manager), link, changes, hashed);
      if (changes.custom !== undefined) link.alias = changes.custom;
      try {
        await manager.save(LinkEntity, link);
      } catch (error) {
        if (isUniqueViolation(error, LINK_ALIAS_KEY)) throw aliasTaken(link.alias);
        throw error;
      }
      if (changes.channel !== undefined) await this.channels.addItems(manager, account, [{ channelId: changes.channel, linkId: link.id }]);
      await this.events.record(manager, account.id, 'link.updated', [toLinkRecord(link, this.config.publicUrl)]);
    });
  }

  /** Its pixel attachments and channel memberships go with it (they cascade). */
  async delete(account: Account, id: number): Promise<void> {
    const link = await this.get(account, id);
    await deleteOwned(this.links, account, id, 'link', (manager) =>
      this.events.record(manager, account.id, 'link.deleted', [
        { id: link.id, alias: link.alias, shorturl: shortUrl(this.config.publicUrl, link.alias, link.domain) },
      ]),
    );
  }

  /** Checks and copies every field but `url`, `custom` and `channel` onto the link. */
  private async apply(lookups: LinkLookups, link: Link, input: UpdateUrlDto, passwordHash: string | undefined): Promise<void> {
    if (input.custom !== undefined && isReservedAlias(input.custom)) {
      throw badRequest(`Invalid field "custom": "${input.custom}" is reserved for the service's own pages.`, 'custom');
    }
    if (input.domain !== undefined) {
      link.domain = input.domain === '' ? null : await lookups.domain(input.domain);
      link.domainId = link.domain?.id ?? null;
    }
    const title = input.metatitle ?? input.title;
    if (title !== undefined) link.title = title;
    if (input.description !== undefined) link.description = input.description;
    if (input.metadescription !== undefined) link.metaDescription = input.metadescription;
    if (input.metaimage !== undefined) link.metaImage = input.metaimage;
    if (input.password !== undefined) link.passwordHash = input.password === '' ? null : passwordHash!;
    if (input.expiry !== undefined) link.expiresAt = input.expiry === '' ? null : parseDateTime(input.expiry);
    if (input.type !== undefined) Object.assign(link, await linkType(lookups, input.type));
    if (input.pixels !== undefined) link.pixels = await lookups.pixels(input.pixels);
    if (input.campaign !== undefined) link.campaignId = input.campaign === 0 ? null : (await lookups.campaign(input.campaign)).id;
    if (input.channel !== undefined) await lookups.channel(input.channel);
    if (input.geotarget !== undefined) link.geotarget = normalizeGeoTargets(input.geotarget);
    if (input.devicetarget !== undefined) link.devicetarget = normalizeDeviceTargets(input.devicetarget);
    if (input.languagetarget !== undefined) link.languagetarget = normalizeLanguageTargets(input.languagetarget);
    if (input.deeplink !== undefined) link.deeplink = deepLink(input.deeplink);
    if (input.parameters !== undefined) link.parameters = input.parameters.map(({ name, value }) => ({ name, value }));
    if (input.status !== undefined) link.status = input.status;
  }

  /**
   * Writes the links, each under its own alias or a new random one, and answers those written.
   * Aliases are claimed in input order within the call; the database settles races with other
   * calls (a row whose alias was taken meanwhile is skipped, not an error), and a skipped random
   * alias is drawn again.
   */
  private async insert(manager: EntityManager, pending: Pending[], results: Creation[], renameTaken: boolean): Promise<Pending[]> {
    const claimed = new Set<string>();
    const refuse = (item: Pending): boolean => {
      if (renameTaken) {
        item.renamedFrom = item.custom;
        item.custom = undefined;
        return false;
      }
      results[item.index] = { error: aliasTaken(item.custom!) };
      return true;
    };
    let todo = pending.filter((item) => {
      if (item.custom === undefined) return true;
      const key = aliasKey(item.link.domainId, item.custom);
      if (!claimed.has(key)) {
        claimed.add(key);
        return true;
      }
      return !refuse(item);
    });
    const written: Pending[] = [];
    for (let attempt = 0; todo.length > 0; attempt += 1) {
      if (attempt === 8) throw new Error('Could not find free aliases after 8 attempts.');
      for (const item of todo) item.link.alias = item.custom ?? freshAlias(claimed, item.link.domainId, attempt);
      const ids = await insertRows(
        manager,
        todo.map((item) => item.link),
      );
      todo = todo.filter((item) => {
        const row = ids.get(aliasKey(item.link.domainId, item.link.alias));
        if (row !== undefined) {
          Object.assign(item.link, { id: row.id, createdAt: row.createdAt, clicks: item.link.clicks ?? 0, uniqueClicks: 0 });
          written.push(item);
          return false;
        }
        return item.custom === undefined || !refuse(item);
      });
    }
    return written.sort((a, b) => a.index - b.index);
  }

  /** The written links' pixels and channels. */
  private async attach(manager: EntityManager, account: Account, written: Pending[]): Promise<void> {
    const pixels = written.flatMap(({ link }) => (link.pixels ?? []).map((pixel) => [link.id, pixel.id] as const));
    if (pixels.length > 0) {
      await manager.query(`INSERT INTO link_pixels (link_id, pixel_id) SELECT * FROM unnest($1::int[], $2::int[])`, [
        pixels.map(([link]) => link),
        pixels.map(([, pixel]) => pixel),
      ]);
    }
    const items = written.filter((item) => item.channel !== undefined).map((item) => ({ channelId: item.channel!, linkId: item.link.id }));
    if (items.length > 0) await this.channels.addItems(manager, account, items);
  }
}

/** What an imported link brings from the shortener it came from: its date, its clicks there. */
export interface LinkHistory {
  createdAt?: Date;
  clicks?: number;
}

/** What became of one link asked for: written (perhaps under a new alias), or refused. */
export type Creation = { link: Link; renamedFrom: string | undefined } | { error: ApiError };

interface Pending {
  index: number;
  link: Link;
  /** The alias asked for; undefined: a random one. */
  custom: string | undefined;
  channel: number | undefined;
  /** The alias asked for, when it was taken and the link got another. */
  renamedFrom: string | undefined;
}

const aliasTaken = (alias: string) => conflict(`The alias "${alias}" is already taken on this domain.`, 'custom');

const aliasKey = (domainId: number | null, alias: string) => `${domainId ?? 0}/${alias}`;

/** A random alias not claimed in this call (nor reserved); longer after every third attempt. */
function freshAlias(claimed: Set<string>, domainId: number | null, attempt: number): string {
  for (;;) {
    const alias = randomAlias(GENERATED_ALIAS_LENGTH + Math.floor(attempt / 3));
    const key = aliasKey(domainId, alias);
    if (isReservedAlias(alias) || claimed.has(key)) continue;
    claimed.add(key);
    return alias;
  }
}

/**
 * One statement for all the rows (columns as arrays, so its size does not grow with the rows);
 * a row whose alias is taken on its domain is skipped. Answers the written rows' ids by alias key.
 */
async function insertRows(manager: EntityManager, links: Link[]): Promise<Map<string, { id: number; createdAt: Date }>> {
  const column = <T>(read: (link: Link) => T) => links.map(read);
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  const rows = await manager.query<{ id: number; domain: number; alias: string; created_at: Date }[]>(
    `INSERT INTO links (user_id, domain_id, alias, url, title, description, meta_description, meta_image, password_hash,
                        expires_at, type, splash_id, overlay_id, campaign_id, geotarget, devicetarget, languagetarget,
                        deeplink, parameters, status, created_at, clicks)
     SELECT u.user_id, u.domain_id, u.alias, u.url, u.title, u.description, u.meta_description, u.meta_image, u.password_hash,
            u.expires_at, u.type, u.splash_id, u.overlay_id, u.campaign_id, u.geotarget, u.devicetarget, u.languagetarget,
            u.deeplink, u.parameters, u.status, coalesce(u.created_at, now()), u.clicks
       FROM unnest($1::int[], $2::int[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[],
                   $8::varchar[], $9::text[], $10::timestamptz[], $11::varchar[], $12::int[], $13::int[], $14::int[],
                   $15::jsonb[], $16::jsonb[], $17::jsonb[], $18::jsonb[], $19::jsonb[], $20::varchar[], $21::timestamptz[],
                   $22::bigint[])
         AS u(user_id, domain_id, alias, url, title, description, meta_description, meta_image, password_hash, expires_at, type,
              splash_id, overlay_id, campaign_id, geotarget, devicetarget, languagetarget, deeplink, parameters, status,
              created_at, clicks)
     ON CONFLICT DO NOTHING
     RETURNING id, coalesce(domain_id, 0) AS domain, alias, created_at`,
    [
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
    ],
  );
  noteWritten(manager, links[0]!.userId, 'links');
  return new Map(rows.map((row) => [aliasKey(Number(row.domain) || null, row.alias), { id: Number(row.id), createdAt: row.created_at }]));
}

async function linkType(
  lookups: LinkLookups,
  type: string,
): Promise<{ type: LinkType; splashId: number | null; overlayId: number | null }> {
  if (type === 'direct' || type === 'frame') return { type, splashId: null, overlayId: null };
  if (type.startsWith('overlay-')) {
    const overlay = await lookups.overlay(Number(type.slice('overlay-'.length)));
    return { type: 'overlay', splashId: null, overlayId: overlay.id };
  }
  const splash = await lookups.splashPage(Number(type));
  return { type: 'splash', splashId: splash.id, overlayId: null };
}

function deepLink(input: { auto?: boolean; apple?: string; google?: string }): DeepLink | null {
  const link = { auto: input.auto ?? false, apple: input.apple ?? '', google: input.google ?? '' };
  return link.auto || link.apple || link.google ? link : null;
}
type PixelOfLink = NonNullable<Link['pixels']>[number];

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
