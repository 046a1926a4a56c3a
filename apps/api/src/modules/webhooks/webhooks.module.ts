import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WebhookDeliveries } from './webhook-deliveries.repository';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEntity } from './webhook.entity';
import { WebhookEvents } from './webhook-events.repository';
import { WebhookOutbox } from './webhook-outbox';
import { WebhookMetrics } from './webhook-metrics';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks: their API, the outbox every module writes its events to (WebhookEvents, global so
 * links, campaigns and domains need not import this module), and the dispatcher.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([WebhookEntity])],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhooksRepository, WebhookEvents, WebhookOutbox, WebhookDeliveries, WebhookDispatcher, WebhookMetrics],
  exports: [WebhookEvents, WebhookOutbox, WebhookDispatcher],
})
export class WebhooksModule {}
