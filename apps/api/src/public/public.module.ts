import { Global, Module } from '@nestjs/common';
import { ClickRecorder } from './click-recorder';
import { PublicService } from './public.service';
import { RedirectCache } from './redirect-cache';

/** The services of the public side; its routes are registered on Fastify by registerPublicRoutes. */
@Global()
@Module({
  providers: [PublicService, ClickRecorder, RedirectCache],
  exports: [PublicService, ClickRecorder, RedirectCache],
})
export class PublicModule {}
