import { Controller, Get, Inject } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import type { Ok } from '../../common/contract';
import { Public } from '../../common/public.decorator';
import { REDIS, type RedisLink } from '../../infrastructure/redis';
import { ClickRecorder } from '../clicks/click-recorder';
import { HealthRepository } from './health.repository';

const CHECK_TIMEOUT_MS = 2000;

/**
 * `GET /healthz` (outside /l/api): for load balancers and orchestrators. 503 while the database
 * does not answer; otherwise 200, `degraded` when Redis is away or clicks cannot be written, with
 * what the click recorder holds and has lost.
 */
@Controller()
export class HealthController {
  constructor(
    @Inject(HealthRepository) private readonly health: HealthRepository,
    @Inject(REDIS) private readonly redis: RedisLink,
    @Inject(ClickRecorder) private readonly clicks: ClickRecorder,
  ) {}

  @Public()
  @Get('healthz')
  async healthz(): Promise<Ok<'healthz'>> {
    const down = new ApiError(503, 'The database is unavailable.');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([this.health.ping(), new Promise((_, reject) => (timer = setTimeout(() => reject(down), CHECK_TIMEOUT_MS)))]);
    } catch {
      throw down;
    } finally {
      clearTimeout(timer);
    }
    const { buffered, spooledBatches, dropped, failingSince } = this.clicks.state();
    const redis = this.redis.state;
    return {
      error: 0,
      status: redis === 'down' || failingSince !== null ? 'degraded' : 'ok',
      database: 'up',
      redis,
      clicks: { buffered, spooledBatches, dropped, failingSince },
    };
  }
}
