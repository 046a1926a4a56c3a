import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { tooManyRequests } from '../../common/api-error';
import type { AuthenticatedRequest } from '../../common/account';
import type { FixedWindowStorage } from '../../infrastructure/fixed-window.storage';
import { Metrics } from '../metrics/metrics';

/** The fixed rate-limit window: 60 seconds. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * The per-account limit (openapi.yaml, "Rate limits") on top of @nestjs/throttler: the account's own limit, one
 * counter per account across all routes, and the headers on every authenticated response, 429
 * included, with the reset as a Unix time.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  // A property: the constructor is ThrottlerGuard's.
  @Inject(Metrics) private readonly metrics: Metrics;

  protected override async handleRequest({ context, ttl }: ThrottlerRequest): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const account = request.account;
    if (!account) return true; // public route: the auth guard let it through without a key
    const limit = account.ratelimit;
    const record = await (this.storageService as FixedWindowStorage).increment(`account:${account.id}`, ttl, limit);
    reply.header('X-RateLimit-Limit', limit);
    reply.header('X-RateLimit-Remaining', Math.max(0, limit - record.totalHits));
    reply.header('X-RateLimit-Reset', Math.floor(record.windowEnd / 1000));
    if (record.isBlocked) {
      this.metrics.refused('account');
      throw tooManyRequests(
        `Rate limit exceeded: ${limit} requests a minute. Try again in ${record.timeToExpire} seconds.`,
        record.timeToExpire,
      );
    }
    return true;
  }
}
