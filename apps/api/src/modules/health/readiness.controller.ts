import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { components } from '@linkyard/spec';
import type { FastifyReply } from 'fastify';
import { Clock } from '../../common/clock';
import { Public } from '../../common/public.decorator';
import { REDIS, type RedisLink } from '../../infrastructure/redis';
import { ClickRecorder } from '../clicks/click-recorder';
import { HealthRepository } from './health.repository';

type Readiness = components['schemas']['Readiness'];
type Check = components['schemas']['ReadinessCheck'];

const DATABASE_TIMEOUT_MS = 2000;
/**
 * A click held this long, or writes failing for this long: the writer is stuck. It writes a batch
 * about once a second and, while writes fail, retries at most 30 s apart, so a writer that
 * recovers writes well within it. Measured from the oldest click held (not from the last batch
 * written): after a quiet hour, the first visit is a click held for a moment, not a stall.
 */
export const CLICKS_STALL_MS = 60_000;

const OK: Check = { ok: true };

/** A short code of a failure (`ECONNREFUSED`, `57P01`), never its message: the answer is public and the message may name hosts. */
function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Za-z0-9_]{1,32}$/.test(code) ? ` (${code})` : '';
}

/**
 * `GET /readyz` (outside /l/api): whether this instance should get traffic. `/healthz` stays the
 * liveness check (it says 200 while the database answers, whatever else is wrong); this one is
 * 503 as soon as the database or the click writer fails, with the reason of each, so a load
 * balancer sends the traffic to the instances that can serve it. Redis (when configured) is
 * reported but never makes an instance unready: every instance answers everything without it (the
 * caches are bypassed, rate limits count per instance), and it is shared, so a balancer that
 * dropped instances for it would drop them all at once.
 */
@Controller()
export class ReadinessController {
  constructor(
    @Inject(HealthRepository) private readonly health: HealthRepository,
    @Inject(REDIS) private readonly redis: RedisLink,
    @Inject(ClickRecorder) private readonly clicks: ClickRecorder,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Public()
  @Get('readyz')
  async readyz(@Res() reply: FastifyReply): Promise<void> {
    const [database, redis] = await Promise.all([this.database(), this.redis.configured ? this.redisAnswers() : null]);
    const deciding = { database, clicks: this.clicksWritten() };
    const checks: Readiness['checks'] = { ...deciding, ...(redis ? { redis } : {}) };
    const failed = Object.entries(deciding).flatMap(([name, check]) => (check.ok ? [] : [`${name} (${check.reason ?? 'failed'})`]));
    const body: Readiness =
      failed.length === 0
        ? { error: 0, status: 'ready', checks }
        : { error: 1, status: 'unready', message: `Not ready: ${failed.join(', ')}.`, checks };
    await reply
      .code(failed.length === 0 ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send(body);
  }

  private async database(): Promise<Check> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Check>((resolve) => {
      timer = setTimeout(
        () => resolve({ ok: false, reason: `no answer to SELECT 1 within ${DATABASE_TIMEOUT_MS} ms` }),
        DATABASE_TIMEOUT_MS,
      );
    });
    const answered = this.health.ping().then(
      (): Check => OK,
      (error: unknown): Check => ({ ok: false, reason: `SELECT 1 failed${codeOf(error)}` }),
    );
    try {
      return await Promise.race([answered, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** A PING within Redis's command time limit (half a second); while it is known to be away, at once. */
  private async redisAnswers(): Promise<Check> {
    try {
      await this.redis.run((client) => client.ping());
      return OK;
    } catch (error) {
      return { ok: false, reason: `no answer to PING${codeOf(error)}` };
    }
  }

  private clicksWritten(): Check {
    const { buffered, spooledBatches, oldestBufferedAt, failingSince } = this.clicks.progress();
    if (buffered === 0 && spooledBatches === 0) return OK;
    const now = this.clock.now();
    const waiting = Math.max(now - (oldestBufferedAt ?? now), failingSince === null ? 0 : now - failingSince);
    if (waiting < CLICKS_STALL_MS) return OK;
    const held = `${buffered} clicks in memory${spooledBatches > 0 ? ` and ${spooledBatches} batches on disk` : ''}`;
    return { ok: false, reason: `${held}, waiting to be written for ${Math.floor(waiting / 1000)} s` };
  }
}
