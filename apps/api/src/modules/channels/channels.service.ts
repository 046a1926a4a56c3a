import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { Account } from '../../common/account';
import { badRequest } from '../../common/api-error';
import { formatDate } from '../../common/dates';
import { deleteOwned, findOwned, listOwned } from '../../common/owned';
import type { PageRequest } from '../../common/pagination';
import { qrUrl, shortUrl } from '../../common/public-urls';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { LinkEntity } from '../links/link.entity';
import { QrEntity } from '../qr/qr.entity';
import { ChannelEntity, ChannelItemEntity } from './channel.entity';
import type { AddChannelDto, UpdateChannelDto } from './channels.dto';
import { addChannelItem } from './channel-items';
import type { ChannelItem } from './channels.mapper';

export const ITEM_TYPES = ['links', 'bio', 'qr'] as const;

@Injectable()
export class ChannelsService {
  constructor(
    @InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>,
    @InjectRepository(ChannelItemEntity) private readonly items: Repository<ChannelItemEntity>,
    @InjectRepository(LinkEntity) private readonly links: Repository<LinkEntity>,
    @InjectRepository(QrEntity) private readonly qrs: Repository<QrEntity>,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  list(account: Account, page: PageRequest): Promise<[ChannelEntity[], number]> {
    return listOwned(this.channels, account, page);
  }

  get(account: Account, id: number): Promise<ChannelEntity> {
    return findOwned(this.channels, account, id, 'channel');
  }

  add(account: Account, input: AddChannelDto): Promise<ChannelEntity> {
    return this.channels.save(this.channels.create({ userId: account.id, ...input }));
  }

  async update(account: Account, id: number, changes: UpdateChannelDto): Promise<void> {
    const channel = await this.get(account, id);
    await this.channels.save(Object.assign(channel, changes));
  }

  /** Only the memberships go with the channel (they cascade); the items stay. */
  delete(account: Account, id: number): Promise<void> {
    return deleteOwned(this.channels, account, id, 'channel');
  }

  /** Adds an item of the account to the channel; adding it again changes nothing. */
  async assign(account: Account, channelId: number, type: string, itemId: number): Promise<void> {
    if (!(ITEM_TYPES as readonly string[]).includes(type)) {
      throw badRequest(`The path parameter type must be one of ${ITEM_TYPES.join(', ')}, got "${type}".`);
    }
    if (type === 'bio') throw badRequest('Bio pages are not available on this service, so they cannot be assigned to a channel.');
    const channel = await this.get(account, channelId);
    if (type === 'links') await findOwned(this.links, account, itemId, 'link');
    else await findOwned(this.qrs, account, itemId, 'QR code');
    await addChannelItem(this.items.manager, channel.id, type === 'links' ? { linkId: itemId } : { qrId: itemId });
  }

  /** One page of the channel's items, newest membership first. */
  async listItems(account: Account, channelId: number, page: PageRequest): Promise<[ChannelItem[], number]> {
    const channel = await this.get(account, channelId);
    const [memberships, total] = await this.items.findAndCount({
      where: { channelId: channel.id },
      order: { id: 'DESC' },
      skip: page.offset,
      take: page.limit,
    });
    const linkIds = memberships.flatMap((item) => (item.linkId ? [item.linkId] : []));
    const qrIds = memberships.flatMap((item) => (item.qrId ? [item.qrId] : []));
    const links = new Map(
      (linkIds.length ? await this.links.find({ where: { id: In(linkIds) }, relations: { domain: true } }) : []).map((link) => [
        link.id,
        link,
      ]),
    );
    const qrs = new Map((qrIds.length ? await this.qrs.findBy({ id: In(qrIds) }) : []).map((qr) => [qr.id, qr]));
    const publicUrl = this.config.publicUrl;
    const records = memberships.map((item): ChannelItem => {
      const date = formatDate(item.createdAt);
      const link = item.linkId ? links.get(item.linkId) : undefined;
      if (link) {
        const url = shortUrl(publicUrl, link.alias, link.domain);
        return { type: 'links', id: link.id, title: link.title || link.alias, preview: link.url, link: url, date };
      }
      const qr = qrs.get(item.qrId!)!;
      const url = qrUrl(publicUrl, qr.alias);
      return { type: 'qr', id: qr.id, title: qr.name, preview: url, link: url, date };
    });
    return [records, total];
  }
}
