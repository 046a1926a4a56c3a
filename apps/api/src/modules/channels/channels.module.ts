import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BioReferencesModule } from '../bio/bio-references';
import { LinkReferencesModule } from '../links/link-references';
import { QrReferencesModule } from '../qr/qr-references';
import { ChannelEntity, ChannelItemEntity } from './channel.entity';
import { ChannelsController } from './channels.controller';
import { ChannelsRepository } from './channels.repository';
import { ChannelsService } from './channels.service';

@Module({
  imports: [LinkReferencesModule, BioReferencesModule, QrReferencesModule, TypeOrmModule.forFeature([ChannelEntity, ChannelItemEntity])],
  controllers: [ChannelsController],
  providers: [ChannelsService, ChannelsRepository],
  exports: [ChannelsService, ChannelsRepository],
})
export class ChannelsModule {}
