import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Account } from '../../common/account';
import type { PageRequest } from '../../common/pagination';
import { deleteOwned, findOwned, listOwned } from '../../database/owned';
import { Sql, type Scope } from '../../database/sql';
import { WriteEvents } from '../../database/write-events';
import { ChannelEntity, ChannelItemEntity } from './channel.entity';

/** A membership's item: one of a link, a bio page, a QR code. */
export type ChannelItemRef = { linkId: number } | { bioId: number } | { qrId: number };

/**
 * Every statement of the channels and their items. A change of what is in a channel is announced
 * as a change of the account's pages (what a link shows on its way may name its channels).
 */
@Injectable()
export class ChannelsRepository {
  constructor(
    @InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>,
    @InjectRepository(ChannelItemEntity) private readonly items: Repository<ChannelItemEntity>,
    @Inject(WriteEvents) private readonly events: WriteEvents,
  ) {}

  @Sql((f) => [f.account, { offset: 0, limit: 15 }])
  list(account: Account, page: PageRequest): Promise<[ChannelEntity[], number]> {
    return listOwned(this.channels, account, page);
  }

  /** The account's channel, or 404. */
  @Sql((f) => [f.account, f.ids.channel])
  get(account: Account, id: number, scope: Scope = this.channels.manager): Promise<ChannelEntity> {
    return findOwned(scope.getRepository(ChannelEntity), account, id, 'channel');
  }

  /** Writes a new channel or a changed one. */
  @Sql((f) => [{ userId: f.account.id, name: 'Written', description: '', color: '#123456', starred: false }])
  save(channel: Partial<ChannelEntity> & Pick<ChannelEntity, 'userId'>): Promise<ChannelEntity> {
    return this.channels.save(this.channels.create(channel));
  }

  /** The memberships go with the channel (they cascade); the items stay. */
  @Sql((f) => [f.account, f.spare.channel])
  delete(account: Account, id: number): Promise<void> {
    return deleteOwned(this.channels, account, id, 'channel', (scope) => this.events.emit(scope, { kind: 'page', account: account.id }));
  }

  /** Puts items in channels, in one statement; an item already there stays as it was (with its date). */
  @Sql((f) => [f.scope, f.account, [{ channelId: f.ids.channel, linkId: f.ids.link }]])
  async addItems(scope: Scope, account: Account, items: ({ channelId: number } & ChannelItemRef)[]): Promise<void> {
    await scope.createQueryBuilder().insert().into(ChannelItemEntity).values(items).orIgnore().execute();
    await this.events.emit(scope, { kind: 'page', account: account.id });
  }

  /** Takes an item out of a channel of the account; an item that is not in it is a success too. */
  @Sql((f) => [f.account, f.ids.channel, { qrId: f.ids.qr }])
  async removeItem(account: Account, channelId: number, item: ChannelItemRef): Promise<void> {
    await this.items.delete({ channelId, ...item });
    await this.events.emit(this.items.manager, { kind: 'page', account: account.id });
  }

  /** Ids of the channels a link, bio page or QR code is in. */
  @Sql((f) => [{ linkId: f.ids.link }])
  async channelsOf(item: ChannelItemRef): Promise<number[]> {
    const items = await this.items.find({ where: item, order: { channelId: 'ASC' } });
    return items.map((entry) => entry.channelId);
  }

  /** One page of a channel's memberships, newest first, and their count. */
  @Sql((f) => [f.ids.channel, { offset: 0, limit: 15 }])
  members(channelId: number, page: PageRequest): Promise<[ChannelItemEntity[], number]> {
    return this.items.findAndCount({ where: { channelId }, order: { id: 'DESC' }, skip: page.offset, take: page.limit });
  }
}
