import { Inject, Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { tooManyRequests } from '../../common/api-error';
import type { AuthenticatedRequest } from '../../common/account';
import type { FixedWindowStorage } from '../../infrastructure/fixed-window.storage';
import { Metrics } from '../../infrastructure/metrics';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';

const COUNTED = Symbol('linkyard:rate-limit-counted');

/** The fixed rate-limit window: 60 seconds. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * The per-account limit (openapi.yaml, "Rate limits") on top of @nestjs/throttler: the account's own limit, one
 * counter per account across all routes (another for its dashboard sessions' requests), and the
 * headers on every authenticated response, 429 included, with the reset as a Unix time.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  // A property: the constructor is ThrottlerGuard's.
  @Inject(Metrics) private readonly metrics: Metrics;
  @Inject(CONFIG) private readonly config: Config;

  /**
   * Every authenticated request is counted in its account's window of RATE_LIMIT_WINDOW_MS, at its
   * account's limit: no route sets a limit, a window or a skip of its own (no @Throttle,
   * @SkipThrottle), so the per-route settings ThrottlerGuard would look up on each request (six
   * metadata reads and three awaits) are not read.
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    await this.consume(http.getRequest<AuthenticatedRequest>(), http.getResponse<FastifyReply>());
    return true;
  }

  /**
   * Counts the request against its account's window, once per request, and sets the headers; throws
   * 429 past the limit. Also called before a body is read (see app.ts): a caller over its limit
   * never costs the reading of one.
   */
  async consume(request: AuthenticatedRequest & { [COUNTED]?: true }, reply: FastifyReply): Promise<void> {
    const account = request.account;
    if (!account || request[COUNTED]) return; // public route (no key), or counted already
    request[COUNTED] = true;
    // A key spends its account's plan; the account's dashboard sessions share a budget of their own
    // (one for all of them: starting more sessions gives no more).
    const session = request.session;
    const limit = session ? this.config.sessionRateLimit : account.ratelimit;
    const counter = session ? `dashboard:${account.user.id}` : `account:${account.user.id}`;
    const record = await (this.storageService as FixedWindowStorage).increment(counter, RATE_LIMIT_WINDOW_MS, limit);
    reply.header('X-RateLimit-Limit', limit);
    reply.header('X-RateLimit-Remaining', Math.max(0, limit - record.totalHits));
    reply.header('X-RateLimit-Reset', Math.floor(record.windowEnd / 1000));
    if (record.isBlocked) {
      this.metrics.refused(session ? 'session' : 'account');
      throw tooManyRequests(
        `Rate limit exceeded: ${limit} requests a minute${session ? ' for a dashboard session' : ''}. Try again in ${record.timeToExpire} seconds.`,
        record.timeToExpire,
      );
    }
  }
}
