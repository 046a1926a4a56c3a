import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { badRequest } from '../../common/api-error';
import { formatDate } from '../../common/dates';
import type { PageRequest } from '../../common/pagination';
import { qrUrl, shortUrl } from '../../common/public-urls';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { Transactions } from '../../database/write-events';
import { BioRepository } from '../bio/bio.repository';
import { LinksRepository } from '../links/links.repository';
import { QrRepository } from '../qr/qr.repository';
import type { ChannelEntity } from './channel.entity';
import { ChannelsRepository, type ChannelItemRef as Item } from './channels.repository';
import type { AddChannelDto, UpdateChannelDto } from './channels.dto';
import type { ChannelItem } from './channels.mapper';

export const ITEM_TYPES = ['links', 'bio', 'qr'] as const;
type ItemType = (typeof ITEM_TYPES)[number];

/** Channels: which items of the account they may hold, and how a channel's items are shown. */
@Injectable()
export class ChannelsService {
  constructor(
    @Inject(ChannelsRepository) private readonly channels: ChannelsRepository,
    @Inject(LinksRepository) private readonly links: LinksRepository,
    @Inject(BioRepository) private readonly bioPages: BioRepository,
    @Inject(QrRepository) private readonly qrs: QrRepository,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(Transactions) private readonly transactions: Transactions,
  ) {}

  list(account: Account, page: PageRequest): Promise<[ChannelEntity[], number]> {
    return this.channels.list(account, page);
  }

  /** The account's channel, or 404; inside a transaction when given its manager. */
  get(account: Account, id: number, scope?: EntityManager): Promise<ChannelEntity> {
    return this.channels.get(account, id, scope);
  }

  add(account: Account, input: AddChannelDto): Promise<ChannelEntity> {
    return this.channels.save({ userId: account.id, ...input });
  }

  async update(account: Account, id: number, changes: UpdateChannelDto): Promise<void> {
    const channel = await this.get(account, id);
    await this.channels.save(Object.assign(channel, changes));
  }

  /** Only the memberships go with the channel (they cascade); the items stay. */
  delete(account: Account, id: number): Promise<void> {
    return this.channels.delete(account, id);
  }

  /**
   * Puts links, bio pages or QR codes in channels, in one statement; an item already there stays
   * as it was (with its date). Used by channel assignment and by links created or updated with a
   * `channel`.
   */
  addItems(scope: EntityManager, account: Account, items: ({ channelId: number } & Item)[]): Promise<void> {
    return this.channels.addItems(scope, account, items);
  }

  /** Ids of the channels a link, bio page or QR code is in. */
  channelsOf(item: Item): Promise<number[]> {
    return this.channels.channelsOf(item);
  }

  /** Adds an item of the account to the channel; adding it again changes nothing. */
  async assign(account: Account, channelId: number, type: string, itemId: number): Promise<void> {
    const [channel, item] = await this.channelAndItem(account, channelId, type, itemId);
    await this.transactions.run((scope) => this.channels.addItems(scope, account, [{ channelId: channel.id, ...item }]));
  }

  /** Takes an item of the account out of the channel; an item that is not in it is a success too. */
  async unassign(account: Account, channelId: number, type: string, itemId: number): Promise<void> {
    const [channel, item] = await this.channelAndItem(account, channelId, type, itemId);
    await this.channels.removeItem(account, channel.id, item);
  }

  /** The account's channel and item of this type (404 for either), or 400 for an unknown type. */
  private async channelAndItem(account: Account, channelId: number, type: string, itemId: number): Promise<[ChannelEntity, Item]> {
    if (!(ITEM_TYPES as readonly string[]).includes(type)) {
      throw badRequest(`The path parameter type must be one of ${ITEM_TYPES.join(', ')}, got "${type}".`);
    }
    const channel = await this.get(account, channelId);
    const owned: Record<ItemType, () => Promise<Item>> = {
      links: async () => ({ linkId: (await this.links.owned(account, itemId)).id }),
      bio: async () => ({ bioId: (await this.bioPages.owned(account, itemId)).id }),
      qr: async () => ({ qrId: (await this.qrs.get(account, itemId)).id }),
    };
    return [channel, await owned[type as ItemType]()];
  }

  /** One page of the channel's items, newest membership first. */
  async listItems(account: Account, channelId: number, page: PageRequest): Promise<[ChannelItem[], number]> {
    const channel = await this.get(account, channelId);
    const [memberships, total] = await this.channels.members(channel.id, page);
    const linkIds = memberships.flatMap((item) => (item.linkId ? [item.linkId] : []));
    const bioIds = memberships.flatMap((item) => (item.bioId ? [item.bioId] : []));
    const qrIds = memberships.flatMap((item) => (item.qrId ? [item.qrId] : []));
    const links = new Map((await this.links.withDomains(linkIds)).map((link) => [link.id, link]));
    const bioPages = new Map((await this.bioPages.withDomains(bioIds)).map((page) => [page.id, page]));
    const qrs = new Map((await this.qrs.byIds(qrIds)).map((qr) => [qr.id, qr]));
    const publicUrl = this.config.publicUrl;
    const records = memberships.map((item): ChannelItem => {
      const date = formatDate(item.createdAt);
      const link = item.linkId ? links.get(item.linkId) : undefined;
      if (link) {
        const url = shortUrl(publicUrl, link.alias, link.domain);
        return { type: 'links', id: link.id, title: link.title || link.alias, preview: link.url, link: url, date };
      }
      const page = item.bioId ? bioPages.get(item.bioId) : undefined;
      if (page) {
        const url = shortUrl(publicUrl, page.alias, page.domain);
        return { type: 'bio', id: page.id, title: page.name, preview: url, link: url, date };
      }
      const qr = qrs.get(item.qrId!)!;
      const url = qrUrl(publicUrl, qr.alias);
      return { type: 'qr', id: qr.id, title: qr.name, preview: url, link: url, date };
    });
    return [records, total];
  }
}
