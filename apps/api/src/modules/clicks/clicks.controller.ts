import { Controller, Get, Inject, Query } from '@nestjs/common';
import { CurrentAccount, type Account } from '../../common/account';
import { Clock } from '../../common/clock';
import type { Ok, QueryParams } from '../../common/contract';
import { ClickSeriesService } from './click-series';
import { readSeriesRequest } from './series-request';

/** Clicks over time of the whole account (a link's and a QR code's are beside them). */
@Controller()
export class ClicksController {
  constructor(
    @Inject(ClickSeriesService) private readonly series: ClickSeriesService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('stats')
  async getAccountStats(
    @CurrentAccount() account: Account,
    @Query() query: QueryParams<'getAccountStats'>,
  ): Promise<Ok<'getAccountStats'>> {
    return { error: 0, data: await this.series.read({ account: account.id }, readSeriesRequest(query, this.clock)) };
  }
}
