import { Module } from '@nestjs/common';
import { ChannelsController } from './channels.controller';
import { ChannelsService } from './channels.service';
import { ChannelItemKinds } from './channel-item-kinds';

@Module({
  controllers: [ChannelsController],
  providers: [ChannelsService, ChannelItemKinds],
  exports: [ChannelsService, ChannelItemKinds],
})
export class ChannelsModule {}
