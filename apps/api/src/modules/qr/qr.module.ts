import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { ClicksModule } from '../clicks/clicks.module';
import { QrController } from './qr.controller';
import { QrChannelItems } from './qr-channel-items';
import { QrService } from './qr.service';

@Module({
  imports: [ClicksModule, ChannelsModule],
  controllers: [QrController],
  providers: [QrService, QrChannelItems],
  exports: [QrService],
})
export class QrModule {}
