import { Inject, Injectable } from '@nestjs/common';
import { REDIS, type RedisLink } from '../infrastructure/redis';
import { Clock } from '../common/clock';
import { Metrics } from '../modules/metrics/metrics';
import { WriteEvents } from '../database/write-events';
import { AccountCache } from '../database/account-cache';

/**
 * What the public routes looked up (hosts, links, QR codes, campaigns, bio pages), unknown keys
 * included, so a redirect rarely reaches the database: an AccountCache of 64 MiB whose entries
 * live five minutes at most.
 */
@Injectable()
export class RedirectCache extends AccountCache {
  constructor(
    @Inject(REDIS) redis: RedisLink,
    @Inject(Clock) clock: Clock,
    @Inject(Metrics) metrics: Metrics,
    @Inject(WriteEvents) events: WriteEvents,
  ) {
    super({ channel: 'linkyard:redirect-invalidate', maxBytes: 64 * 1024 * 1024, ttlMs: 5 * 60_000 }, redis, clock, events);
    metrics.watchCache('redirect', this);
  }
}
