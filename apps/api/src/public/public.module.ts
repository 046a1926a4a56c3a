import { Module } from '@nestjs/common';
import { CampaignsModule } from '../modules/campaigns/campaigns.module';
import { ClicksModule } from '../modules/clicks/clicks.module';
import { OverlaysModule } from '../modules/overlays/overlays.module';
import { SplashModule } from '../modules/splash/splash.module';
import { PreviewsController } from './previews.controller';
import { PublicService } from './public.service';
import { RedirectCache } from './redirect-cache';

/**
 * The services of the public side; its routes are registered on Fastify by registerPublicRoutes.
 * The dashboard's previews of its pages are API operations (PreviewsController).
 */
@Module({
  imports: [ClicksModule, CampaignsModule, OverlaysModule, SplashModule],
  controllers: [PreviewsController],
  providers: [PublicService, RedirectCache],
  exports: [PublicService, RedirectCache],
})
export class PublicModule {}
