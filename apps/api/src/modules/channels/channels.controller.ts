import { Body, Controller, Delete, Get, Inject, Param, Put, Query } from '@nestjs/common';
import { CurrentAccount, type Account } from '../../common/account';
import type { Ok, PathParams, QueryParams } from '../../common/contract';
import { listEnvelope, readPage } from '../../common/pagination';
import { ParseIdPipe } from '../../common/parse-id.pipe';
import { PostOk } from '../../common/post-ok.decorator';
import { AddChannelDto, UpdateChannelDto } from './channels.dto';
import { toChannel } from './channels.mapper';
import { ChannelsService } from './channels.service';

@Controller()
export class ChannelsController {
  constructor(@Inject(ChannelsService) private readonly channels: ChannelsService) {}

  @Get('channels')
  async listChannels(@CurrentAccount() account: Account, @Query() query: QueryParams<'listChannels'>): Promise<Ok<'listChannels'>> {
    const page = readPage(query);
    const [channels, total] = await this.channels.list(account, page);
    return listEnvelope('channels', channels.map(toChannel), total, page);
  }

  @Get('channel/:id')
  async getChannelItems(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getChannelItems'>['id'],
    @Query() query: QueryParams<'getChannelItems'>,
  ): Promise<Ok<'getChannelItems'>> {
    const page = readPage(query);
    const [items, total] = await this.channels.listItems(account, id, page);
    return listEnvelope('items', items, total, page);
  }

  @PostOk('channel/add')
  async addChannel(@CurrentAccount() account: Account, @Body() body: AddChannelDto): Promise<Ok<'addChannel'>> {
    return { error: 0, ...toChannel(await this.channels.add(account, body)) };
  }

  @PostOk('channel/:channelid/assign/:type/:itemid')
  async assignChannelItem(
    @CurrentAccount() account: Account,
    @Param('channelid', ParseIdPipe) channelId: PathParams<'assignChannelItem'>['channelid'],
    @Param('type') type: string,
    @Param('itemid', ParseIdPipe) itemId: PathParams<'assignChannelItem'>['itemid'],
  ): Promise<Ok<'assignChannelItem'>> {
    await this.channels.assign(account, channelId, type, itemId);
    return { error: 0, message: 'Item assigned to the channel.' };
  }

  @PostOk('channel/:channelid/unassign/:type/:itemid')
  async unassignChannelItem(
    @CurrentAccount() account: Account,
    @Param('channelid', ParseIdPipe) channelId: PathParams<'unassignChannelItem'>['channelid'],
    @Param('type') type: string,
    @Param('itemid', ParseIdPipe) itemId: PathParams<'unassignChannelItem'>['itemid'],
  ): Promise<Ok<'unassignChannelItem'>> {
    await this.channels.unassign(account, channelId, type, itemId);
    return { error: 0, message: 'Item taken out of the channel.' };
  }

  @Put('channel/:id/update')
  async updateChannel(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'updateChannel'>['id'],
    @Body() body: UpdateChannelDto,
  ): Promise<Ok<'updateChannel'>> {
    await this.channels.update(account, id, body);
    return { error: 0, message: 'Channel updated.' };
  }

  @Delete('channel/:id/delete')
  async deleteChannel(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'deleteChannel'>['id'],
  ): Promise<Ok<'deleteChannel'>> {
    await this.channels.delete(account, id);
    return { error: 0, message: 'Channel deleted.' };
  }
}
