import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { ClicksModule } from '../clicks/clicks.module';
import { DomainsModule } from '../domains/domains.module';
import { PixelsModule } from '../pixels/pixels.module';
import { BioController } from './bio.controller';
import { BioFollowers } from './bio-followers';
import { BioService } from './bio.service';

/** Bio pages: their records through the API; the public pages are served by redirects/. */
@Module({
  imports: [ChannelsModule, ClicksModule, DomainsModule, PixelsModule],
  controllers: [BioController],
  providers: [BioService, BioFollowers],
  exports: [BioService],
})
export class BioModule {}
