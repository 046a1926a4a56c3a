import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { randomAlias, isReservedAlias } from '../../common/aliases';
import { ApiError, badRequest, conflict, notFound } from '../../common/api-error';
import { parseDateTime } from '../../common/dates';
import type { PageRequest } from '../../common/pagination';
import { PasswordHasher } from '../auth/password';
import { CampaignsService } from '../campaigns/campaigns.service';
import { ChannelsService } from '../channels/channels.service';
import { DomainsService } from '../domains/domains.service';
import { OverlaysService } from '../overlays/overlays.service';
import { PixelsService } from '../pixels/pixels.service';
import { SplashService } from '../splash/splash.service';
import type { DeepLink, LinkEntity as Link, LinkType } from './link.entity';
import { LinkEntity } from './link.entity';
import { LinksRepository, type LinkFilter, type LinkOrder, type NewLinkEvents } from './links.repository';
import { unfiltered } from './unfiltered';
import { Clock } from '../../common/clock';
import { Transactions } from '../../database/write-events';
import { LinkLookups, type LinkLookupServices } from './link-lookups';
import { shortUrl } from '../../common/public-urls';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { WebhookEvents } from '../webhooks/webhook-events.repository';
import { WebhookOutbox } from '../webhooks/webhook-outbox';
import { LinkReads } from './link-reads';
import { newLinkRecordJson, toLinkDetails, toLinkRecord, toListedRecord, type LinkDetails, type LinkRecord } from './links.mapper';
import { statistics, type Statistics } from '../clicks/statistics.service';
import type { AddUrlDto, UpdateUrlDto } from './links.dto';
import { normalizeDeviceTargets, normalizeGeoTargets, normalizeLanguageTargets, normalizeVariants } from './targets';

const GENERATED_ALIAS_LENGTH = 6;

export type { LinkOrder } from './links.repository';

/** Short links: every field of the `Link` schema, checked and stored for the redirects to use. */
@Injectable()
export class LinksService {
  private readonly services: LinkLookupServices;

  constructor(
    @Inject(LinksRepository) private readonly links: LinksRepository,
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(CampaignsService) campaigns: CampaignsService,
    @Inject(ChannelsService) private readonly channels: ChannelsService,
    @Inject(DomainsService) domains: DomainsService,
    @Inject(OverlaysService) overlays: OverlaysService,
    @Inject(PixelsService) pixels: PixelsService,
    @Inject(SplashService) splashPages: SplashService,
    @Inject(WebhookEvents) private readonly events: WebhookEvents,
    @Inject(WebhookOutbox) private readonly outbox: WebhookOutbox,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(LinkReads) private readonly reads: LinkReads,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.services = { campaigns, channels, domains, overlays, pixels, splashPages };
  }

  get(account: Account, id: number): Promise<Link> {
    return this.links.get(account, id);
  }

  /** A link is in at most one campaign: assigning moves it; assigning it again changes nothing. */
  async assignToCampaign(account: Account, campaignId: number, linkId: number): Promise<void> {
    const campaign = await this.services.campaigns.get(account, campaignId);
    const link = await this.links.owned(account, linkId);
    await this.links.moveToCampaign(account, link.id, campaign.id);
  }

  /**
   * The account's link as `GET /url/:id` answers it: its details (with its channels' ids) and its
   * statistics, or 404. One statement, or none while no write of the account dropped it (LinkReads).
   */
  async details(account: Account, id: number): Promise<{ details: LinkDetails; data: Statistics }> {
    const read = await this.reads.get(`url:${account.id}:${id}`, async () => {
      const { link, channelIds, counters } = await this.links.withDetails(account, id);
      return { userId: account.id, details: toLinkDetails(link, channelIds, this.config.publicUrl), data: statistics(counters, link) };
    });
    return { details: read.details, data: read.data };
  }

  /**
   * A page of the account's links as the API lists them (with their domains' addresses) and the
   * total: one plain statement, or none for an unfiltered page that no write of the account dropped
   * since it was read (LinkReads). The campaign, the channel and the domain named must be the
   * account's (404 for another's); `tags` keeps the links carrying every one of them; `state`
   * is read at the service's clock.
   */
  async list(account: Account, page: PageRequest, order: LinkOrder, wanted: ListFilter): Promise<[LinkRecord[], number]> {
    const read = async () => {
      const [links, total] = await this.links.list(account, page, order, await this.filter(account, wanted));
      return { userId: account.id, links: links.map((link) => toListedRecord(link, this.config.publicUrl)), total };
    };
    const listed = unfiltered(wanted)
      ? await this.reads.get(`urls:${account.id}:${order}:${page.offset}:${page.limit}`, read)
      : await read();
    return [listed.links, listed.total];
  }

  /**
   * A list's filter as the statements take it: the campaign, the channel and the domain named must
   * be the account's (404 for another's); `state` is read at the service's clock.
   */
  async filter(account: Account, wanted: ListFilter): Promise<LinkFilter> {
    const { campaign, channel, domain, state, ...plain } = wanted;
    return {
      ...plain,
      campaign: campaign === undefined ? undefined : (await this.services.campaigns.get(account, campaign)).id,
      channel: channel === undefined ? undefined : (await this.channels.get(account, channel)).id,
      domain: domain === undefined ? undefined : await this.ownDomain(account, domain),
      state: state === undefined ? undefined : { is: state, now: new Date(this.clock.now()) },
    };
  }

  /** The id of the account's branded domain of this URL or host, null for `default` (the service's own address); 404 for none of its own. */
  private async ownDomain(account: Account, name: string): Promise<number | null> {
    if (name === 'default') return null;
    const found = (await this.services.domains.ownedAmong(account, [name])).get(name);
    if (!found) throw notFound(`No branded domain ${name} in this account.`);
    return found.id;
  }

  /**
   * Every link of the account, oldest first, a page at a time (each page read when the one before
   * has been taken), with their domains, pixels and channels: for exports of any size.
   */
  async *everyLink(account: Account, pageSize = 500): AsyncGenerator<{ link: Link; channelIds: number[] }[]> {
    for (let after = 0; ;) {
      const page = await this.links.pageAfter(account, after, pageSize);
      if (page.length === 0) return;
      yield page;
      after = page[page.length - 1]!.link.id;
      if (page.length < pageSize) return;
    }
  }

  /** One link, by the rules of `create`: its error is thrown. */
  async add(account: Account, input: AddUrlDto): Promise<Link> {
    const [created] = await this.create(account, [input]);
    if ('error' in created!) throw created.error;
    return created!.link;
  }

  /**
   * Creates links: each input is checked on its own (an input the rules refuse answers with its
   * error, the others are created), the records they name are read once for all of them, and the
   * rows are written, with their `link.created` events, by one statement. An alias is claimed by
   * the first input that asks for it; a taken alias is a 409, or with `renameTaken` the link gets
   * a new alias (a statement more, with the events of those links).
   *
   * Several links, or one with pixels or a channel, are written in one transaction (a call that
   * fails writes nothing). One link without them needs none: its statement writes it and its event
   * whole, or writes nothing and another alias is drawn.
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
    const alone = inputs.length === 1 && (inputs[0]!.pixels?.length ?? 0) === 0 && inputs[0]!.channel === undefined;
    const events: NewLinkEvents = {
      outbox: (first) => this.outbox.part(account.id, 'link.created', first),
      record: (link) => newLinkRecordJson(link, this.config.publicUrl),
    };
    const within = alone ? this.transactions.outside.bind(this.transactions) : this.transactions.run.bind(this.transactions);
    return within(async (manager) => {
      const lookups = new LinkLookups(this.services, account, manager);
      const results: Creation[] = new Array<Creation>(inputs.length);
      const pending: Pending[] = [];
      // One item after the other: in a transaction they share its connection, and the records
      // they name are read once (LinkLookups), so most items send no query at all.
      for (const [index, input] of inputs.entries()) {
        const link = Object.assign(new LinkEntity(), {
          userId: account.id,
          url: input.url,
          domainId: null,
          domain: null,
          type: 'direct' as const,
          tags: [],
          variants: [],
        });
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
      const created = await this.insert(manager, pending, results, options.renameTaken ?? false, events);
      await this.attach(manager, account, created);
      for (const item of created) results[item.index] = { link: item.link, renamedFrom: item.renamedFrom };
      return results;
    });
  }

  async update(account: Account, id: number, changes: UpdateUrlDto): Promise<void> {
    const [hashed] = await this.hasher.hashAll(account.id, [changes.password]);
    await this.transactions.run(async (manager) => {
      const link = await this.links.forUpdate(manager, account, id);
      if (!link) throw notFound(`No link with id ${id}.`);
      if (changes.url !== undefined) link.url = changes.url;
      await this.apply(new LinkLookups(this.services, account, manager), link, changes, hashed);
      if (changes.custom !== undefined) link.alias = changes.custom;
      await this.links.save(manager, link);
      if (changes.channel !== undefined) await this.channels.addItems(manager, account, [{ channelId: changes.channel, linkId: link.id }]);
      await this.events.record(manager, account.id, 'link.updated', [toLinkRecord(link, this.config.publicUrl)]);
    });
  }

  /** Its pixel attachments and channel memberships go with it (they cascade). */
  async delete(account: Account, id: number): Promise<void> {
    const link = await this.get(account, id);
    await this.links.delete(account, id, (manager) =>
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
    if (input.tags !== undefined) link.tags = input.tags;
    if (input.variants !== undefined) {
      link.variants = normalizeVariants(input.variants, input.url);
      if (link.variants.length > 0) link.url = link.variants[0]!.url;
    } else if (input.url !== undefined && link.variants.length > 0) {
      // The first variant is the link's URL: a new URL is its new destination.
      link.variants = [{ url: input.url, weight: link.variants[0]!.weight }, ...link.variants.slice(1)];
    }
    if (input.clicklimit !== undefined) link.clickLimit = input.clicklimit === 0 ? null : input.clicklimit;
    if (input.startdate !== undefined) link.startsAt = input.startdate === '' ? null : parseDateTime(input.startdate);
    // Archived again, a link keeps the date it was first archived.
    if (input.archived !== undefined) link.archivedAt = input.archived ? (link.archivedAt ?? new Date(this.clock.now())) : null;
  }

  /**
   * Writes the links, each under its own alias or a new random one, and answers those written.
   * Aliases are claimed in input order within the call; the database settles races with other
   * calls (a row whose alias was taken meanwhile is skipped, not an error), and a skipped random
   * alias is drawn again.
   */
  private async insert(
    manager: EntityManager,
    pending: Pending[],
    results: Creation[],
    renameTaken: boolean,
    events: NewLinkEvents,
  ): Promise<Pending[]> {
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
      const ids = await this.links.insert(
        manager,
        todo.map((item) => item.link),
        events,
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
    await this.links.attachPixels(manager, account, pixels);
    const items = written.filter((item) => item.channel !== undefined).map((item) => ({ channelId: item.channel!, linkId: item.link.id }));
    if (items.length > 0) await this.channels.addItems(manager, account, items);
  }
}

/** What a list of links keeps, as asked: the campaign, channel and domain by the names the API gives them. */
export interface ListFilter {
  search?: string;
  campaign?: number;
  channel?: number;
  /** A branded domain's URL or host, or `default`: the service's own address. */
  domain?: string;
  tags?: string[];
  status?: 'public' | 'private';
  state?: 'active' | 'expired' | 'limited' | 'scheduled';
  from?: Date;
  to?: Date;
  /** The archived links too, or only them; without it, none of them. */
  archived?: 'include' | 'only';
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
