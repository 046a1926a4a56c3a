import { Module } from '@nestjs/common';
import { ClicksModule } from '../modules/clicks/clicks.module';
import { DomainsModule } from '../modules/domains/domains.module';
import { PublicService } from './public.service';
import { RedirectCache } from './redirect-cache';

/** The services of the public side; its routes are registered on Fastify by registerPublicRoutes. */
@Module({
  imports: [ClicksModule, DomainsModule],
  providers: [PublicService, RedirectCache],
  exports: [PublicService, RedirectCache],
})
export class PublicModule {}
