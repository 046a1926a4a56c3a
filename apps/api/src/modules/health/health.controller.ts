import { Controller, Get, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/api-error';
import type { Ok } from '../../common/contract';
import { Public } from '../../common/public.decorator';

const CHECK_TIMEOUT_MS = 2000;

/** `GET /healthz` (outside /l/api): for load balancers and orchestrators. */
@Controller()
@Public()
export class HealthController {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  @Get('healthz')
  async healthz(): Promise<Ok<'healthz'>> {
    const down = new ApiError(503, 'The database is unavailable.');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => (timer = setTimeout(() => reject(down), CHECK_TIMEOUT_MS))),
      ]);
    } catch {
      throw down;
    } finally {
      clearTimeout(timer);
    }
    return { error: 0, status: 'ok', database: 'up' };
  }
}
