import { Controller, Get, Header, Inject, Query } from '@nestjs/common';
import { JSON_TYPE } from '../../common/reply';
import { CurrentAccount, type Account } from '../../common/account';
import { Clock } from '../../common/clock';
import type { QueryParams } from '../../common/contract';
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
  @Header('Content-Type', JSON_TYPE)
  async getAccountStats(@CurrentAccount() account: Account, @Query() query: QueryParams<'getAccountStats'>): Promise<Buffer> {
    return this.series.answer({ account: account.id }, readSeriesRequest(query, this.clock));
  }
}
