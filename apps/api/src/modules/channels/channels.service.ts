import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { badRequest } from '../../common/api-error';
import { formatDate } from '../../common/dates';
import type { PageRequest } from '../../common/pagination';
import { Transactions } from '../../database/write-events';
import { ChannelItemKinds, ITEM_TYPES, type ItemType, type ItemView } from './channel-item-kinds';
import type { ChannelEntity } from './channel.entity';
import { ChannelsRepository, type ChannelItemRef as Item } from './channels.repository';
import type { AddChannelDto, UpdateChannelDto } from './channels.dto';
import type { ChannelItem } from './channels.mapper';

/** Channels: which items of the account they may hold, and how a channel's items are shown. */
@Injectable()
export class ChannelsService {
  constructor(
    @Inject(ChannelsRepository) private readonly channels: ChannelsRepository,
    @Inject(ChannelItemKinds) private readonly kinds: ChannelItemKinds,
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
    return [channel, await this.kinds.of(type as ItemType).owned(account, itemId)];
  }

  /** One page of the channel's items, newest membership first. */
  async listItems(account: Account, channelId: number, page: PageRequest): Promise<[ChannelItem[], number]> {
    const channel = await this.get(account, channelId);
    const [memberships, total] = await this.channels.members(channel.id, page);
    const ids = (type: ItemType) => memberships.flatMap((item) => (item[KEY[type]] ? [item[KEY[type]]!] : []));
    const views = new Map<ItemType, Map<number, ItemView>>();
    for (const type of ITEM_TYPES) views.set(type, await this.kinds.of(type).views(ids(type)));
    const records = memberships.flatMap((item): ChannelItem[] => {
      const type = ITEM_TYPES.find((each) => item[KEY[each]]);
      const view = type && views.get(type)!.get(item[KEY[type]]!);
      return view ? [{ type: type, ...view, date: formatDate(item.createdAt) }] : [];
    });
    return [records, total];
  }
}

/** The membership's column that names an item of each type. */
const KEY = { links: 'linkId', bio: 'bioId', qr: 'qrId' } as const satisfies Record<ItemType, 'linkId' | 'bioId' | 'qrId'>;
