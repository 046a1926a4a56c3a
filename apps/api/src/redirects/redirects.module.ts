import { Module } from '@nestjs/common';
import { CampaignsModule } from '../modules/campaigns/campaigns.module';
import { ClicksModule } from '../modules/clicks/clicks.module';
import { OverlaysModule } from '../modules/overlays/overlays.module';
import { SplashModule } from '../modules/splash/splash.module';
import { PreviewsController } from './previews.controller';
import { RedirectsService } from './redirects.service';
import { RedirectCache } from './redirect-cache';

/**
 * The services of the public side; its routes are registered on Fastify by registerRedirectRoutes.
 * The dashboard's previews of its pages are API operations (PreviewsController).
 */
@Module({
  imports: [ClicksModule, CampaignsModule, OverlaysModule, SplashModule],
  controllers: [PreviewsController],
  providers: [RedirectsService, RedirectCache],
  exports: [RedirectsService, RedirectCache],
})
export class RedirectsModule {}
