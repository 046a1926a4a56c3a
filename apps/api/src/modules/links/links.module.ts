import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { ChannelsModule } from '../channels/channels.module';
import { ClicksModule } from '../clicks/clicks.module';
import { DomainsModule } from '../domains/domains.module';
import { OverlaysModule } from '../overlays/overlays.module';
import { PixelsModule } from '../pixels/pixels.module';
import { SplashModule } from '../splash/splash.module';
import { LinksController } from './links.controller';
import { LinkFollowers } from './link-followers';
import { LinksService } from './links.service';
import { LinkImport } from './link-import';
import { LinkEdits } from './link-edits';
import { LinkReads } from './link-reads';
import { TagReads } from './tag-reads';
import { TagsController } from './tags.controller';
import { TagsService } from './tags.service';

@Module({
  imports: [AuthModule, ClicksModule, CampaignsModule, ChannelsModule, DomainsModule, OverlaysModule, PixelsModule, SplashModule],
  controllers: [LinksController, TagsController],
  providers: [LinksService, LinkEdits, LinkImport, LinkReads, LinkFollowers, TagsService, TagReads],
  exports: [LinksService],
})
export class LinksModule {}
