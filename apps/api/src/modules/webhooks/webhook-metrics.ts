import { Inject, Injectable } from '@nestjs/common';
import type { Counter } from 'prom-client';
import { Metrics } from '../../infrastructure/metrics';
import { WebhookDeliveries } from './webhook-deliveries.repository';

/** The webhooks' metrics (docs/operations.md): the backlog, read when scraped, failed attempts, and events not queued. */
@Injectable()
export class WebhookMetrics {
  readonly failures: Counter;
  readonly dropped: Counter;

  constructor(@Inject(Metrics) metrics: Metrics, @Inject(WebhookDeliveries) deliveries: WebhookDeliveries) {
    this.failures = metrics.counter({
      name: 'linkyard_webhook_failures_total',
      help: 'Webhook delivery attempts of this instance that failed (an error status, no answer in time, no connection).',
    });
    this.dropped = metrics.counter({
      name: 'linkyard_webhook_dropped_total',
      help: 'Events not queued for webhooks because their account had WEBHOOK_MAX_PENDING deliveries waiting (each webhook that wanted one counts it too).',
    });
    metrics.gauge({
      name: 'linkyard_webhook_backlog',
      help: 'Webhook deliveries waiting to be sent, of every instance (the same on each: alert on the max).',
      async collect() {
        // The database away leaves the last value: the scrape itself still answers.
        const backlog = await deliveries.backlog().catch(() => null);
        if (backlog !== null) this.set(backlog);
      },
    });
  }
}
