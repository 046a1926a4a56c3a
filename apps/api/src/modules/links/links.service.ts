import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { randomAlias, isReservedAlias } from './aliases';
import { badRequest, conflict, notFound } from '../../common/api-error';
import { parseDateTime } from '../../common/dates';
import { deleteOwned } from '../../common/owned';
import type { PageRequest } from '../../common/pagination';
import { hashPassword } from '../auth/password';
import { isUniqueViolation } from '../../database/errors';
import { CampaignsService } from '../campaigns/campaigns.service';
import { ChannelsService } from '../channels/channels.service';
import { DomainsService } from '../domains/domains.service';
import { OverlaysService } from '../overlays/overlays.service';
import { PixelsService } from '../pixels/pixels.service';
import { SplashService } from '../splash/splash.service';
import type { DeepLink, LinkEntity as Link, LinkType } from './link.entity';
import { LINK_ALIAS_KEY, LinkEntity } from './link.entity';
import { plainColumns } from '../../common/plain-rows';
import type { AddUrlDto, UpdateUrlDto } from './links.dto';
import { normalizeDeviceTargets, normalizeGeoTargets, normalizeLanguageTargets } from './targets';

const GENERATED_ALIAS_LENGTH = 6;

export type LinkOrder = 'date' | 'clicks';

/** Short links: every field of the `Link` schema, checked and stored for the redirects to use. */
@Injectable()
export class LinksService {
  constructor(
    @InjectRepository(LinkEntity) private readonly links: Repository<LinkEntity>,
    @Inject(CampaignsService) private readonly campaigns: CampaignsService,
    @Inject(ChannelsService) private readonly channels: ChannelsService,
    @Inject(DomainsService) private readonly domains: DomainsService,
    @Inject(OverlaysService) private readonly overlays: OverlaysService,
    @Inject(PixelsService) private readonly pixels: PixelsService,
    @Inject(SplashService) private readonly splashPages: SplashService,
  ) {}

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

  /** A page of the account's links with their domains and the total: one plain statement (see plain-rows). */
  async list(account: Account, page: PageRequest, order: LinkOrder, search: string | undefined): Promise<[Link[], number]> {
    const links = plainColumns<LinkEntity>(this.links.metadata);
    // The domains' columns come through the link's own relation: no other module's entity here.
    const domains = plainColumns<NonNullable<Link['domain']>>(
      this.links.metadata.findRelationWithPropertyPath('domain')!.inverseEntityMetadata,
    );
    const filter: unknown[] = [account.id];
    let where = 'l."user_id" = $1';
    if (search) {
      filter.push(`%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
      where += ' AND (l."alias" ILIKE $2 OR l."url" ILIKE $2 OR l."title" ILIKE $2 OR l."description" ILIKE $2)';
    }
    const orderBy = order === 'clicks' ? 'l."clicks" DESC, l."id" DESC' : 'l."id" DESC';
    const next = filter.length + 1;
    const rows = await this.links.query<Record<string, unknown>[]>(
      `SELECT ${links.select('l', 'l')}, ${domains.select('d', 'd')}, count(*) OVER () AS total
         FROM "links" l LEFT JOIN "domains" d ON d."id" = l."domain_id"
        WHERE ${where} ORDER BY ${orderBy} OFFSET $${next} LIMIT $${next + 1}`,
      [...filter, page.offset, page.limit],
    );
    const found = rows.map((row) => Object.assign(links.read(row, 'l')!, { domain: domains.read(row, 'd') }));
    if (rows.length > 0 || page.offset === 0) return [found, rows.length > 0 ? Number(rows[0]!.total) : 0];
    // Past the last link the page says nothing of the total: count it.
    const [counted] = await this.links.query<{ total: string }[]>(`SELECT count(*) AS total FROM "links" l WHERE ${where}`, filter);
    return [found, Number(counted!.total)];
  }

  async add(account: Account, input: AddUrlDto): Promise<Link> {
    return this.links.manager.transaction(async (manager) => {
      const link = manager.create(LinkEntity, { userId: account.id, url: input.url, domainId: null, type: 'direct' });
      await this.apply(manager, account, link, input);
      link.alias = input.custom ?? (await this.freeAlias(manager, link.domainId));
      const saved = await this.saveLink(manager, link);
      if (input.channel !== undefined) await this.channels.addItem(manager, input.channel, { linkId: saved.id });
      return saved;
    });
  }

  async update(account: Account, id: number, changes: UpdateUrlDto): Promise<void> {
    await this.links.manager.transaction(async (manager) => {
      const link = await manager.findOne(LinkEntity, { where: { id, userId: account.id }, relations: { pixels: true } });
      if (!link) throw notFound(`No link with id ${id}.`);
      if (changes.url !== undefined) link.url = changes.url;
      await this.apply(manager, account, link, changes);
      if (changes.custom !== undefined) link.alias = changes.custom;
      await this.saveLink(manager, link);
      if (changes.channel !== undefined) await this.channels.addItem(manager, changes.channel, { linkId: link.id });
    });
  }

  /** Its pixel attachments and channel memberships go with it (they cascade). */
  delete(account: Account, id: number): Promise<void> {
    return deleteOwned(this.links, account, id, 'link');
  }

  /** Checks and copies every field but `url`, `custom` and `channel` onto the link. */
  private async apply(manager: EntityManager, account: Account, link: Link, input: UpdateUrlDto): Promise<void> {
    if (input.custom !== undefined && isReservedAlias(input.custom)) {
      throw badRequest(`Invalid field "custom": "${input.custom}" is reserved for the service's own pages.`);
    }
    if (input.domain !== undefined) link.domainId = (await this.domains.forLink(account, input.domain, manager))?.id ?? null;
    const title = input.metatitle ?? input.title;
    if (title !== undefined) link.title = title;
    if (input.description !== undefined) link.description = input.description;
    if (input.metadescription !== undefined) link.metaDescription = input.metadescription;
    if (input.metaimage !== undefined) link.metaImage = input.metaimage;
    if (input.password !== undefined) link.passwordHash = input.password === '' ? null : await hashPassword(input.password);
    if (input.expiry !== undefined) link.expiresAt = input.expiry === '' ? null : parseDateTime(input.expiry);
    if (input.type !== undefined) Object.assign(link, await this.linkType(manager, account, input.type));
    if (input.pixels !== undefined) link.pixels = await this.pixels.owned(account, input.pixels, manager);
    if (input.campaign !== undefined) {
      link.campaignId = input.campaign === 0 ? null : (await this.campaigns.get(account, input.campaign, manager)).id;
    }
    if (input.channel !== undefined) await this.channels.get(account, input.channel, manager);
    if (input.geotarget !== undefined) link.geotarget = normalizeGeoTargets(input.geotarget);
    if (input.devicetarget !== undefined) link.devicetarget = normalizeDeviceTargets(input.devicetarget);
    if (input.languagetarget !== undefined) link.languagetarget = normalizeLanguageTargets(input.languagetarget);
    if (input.deeplink !== undefined) link.deeplink = deepLink(input.deeplink);
    if (input.parameters !== undefined) link.parameters = input.parameters.map(({ name, value }) => ({ name, value }));
    if (input.status !== undefined) link.status = input.status;
  }

  private async saveLink(manager: EntityManager, link: Link): Promise<Link> {
    try {
      return await manager.save(LinkEntity, link);
    } catch (error) {
      if (isUniqueViolation(error, LINK_ALIAS_KEY)) throw conflict(`The alias "${link.alias}" is already taken on this domain.`);
      throw error;
    }
  }

  private async linkType(
    manager: EntityManager,
    account: Account,
    type: string,
  ): Promise<{ type: LinkType; splashId: number | null; overlayId: number | null }> {
    if (type === 'direct' || type === 'frame') return { type, splashId: null, overlayId: null };
    if (type.startsWith('overlay-')) {
      const overlay = await this.overlays.get(account, Number(type.slice('overlay-'.length)), manager);
      return { type: 'overlay', splashId: null, overlayId: overlay.id };
    }
    const splash = await this.splashPages.get(account, Number(type), manager);
    return { type: 'splash', splashId: splash.id, overlayId: null };
  }

  /** A random alias not used on the domain; it stays taken for as long as a link holds it. */
  private async freeAlias(manager: EntityManager, domainId: number | null): Promise<string> {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const alias = randomAlias(GENERATED_ALIAS_LENGTH + Math.floor(attempt / 3));
      if (isReservedAlias(alias)) continue;
      const taken = await manager
        .createQueryBuilder(LinkEntity, 'link')
        .where('coalesce(link.domain_id, 0) = :domain AND link.alias = :alias', { domain: domainId ?? 0, alias })
        .getExists();
      if (!taken) return alias;
    }
    throw new Error('Could not find a free alias after 8 attempts.');
  }
}

function deepLink(input: { auto?: boolean; apple?: string; google?: string }): DeepLink | null {
  const link = { auto: input.auto ?? false, apple: input.apple ?? '', google: input.google ?? '' };
  return link.auto || link.apple || link.google ? link : null;
}
