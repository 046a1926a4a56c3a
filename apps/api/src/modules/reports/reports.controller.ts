import { Body, Controller, Delete, Get, Header, Inject, Param, Query } from '@nestjs/common';
import { CurrentAccount, type Account } from '../../common/account';
import { Clock } from '../../common/clock';
import type { Ok, PathParams, QueryParams } from '../../common/contract';
import { listEnvelope, readPage } from '../../common/pagination';
import { ParseIdPipe } from '../../common/parse-id.pipe';
import { PostOk } from '../../common/post-ok.decorator';
import { Public } from '../../common/public.decorator';
import { JSON_TYPE } from '../../common/reply';
import { ClickSeriesService } from '../clicks/click-series';
import { readSeriesRequest } from '../clicks/series-request';
import { AddReportDto } from './reports.dto';
import { ReportsService } from './reports.service';

@Controller()
export class ReportsController {
  constructor(
    @Inject(ReportsService) private readonly reports: ReportsService,
    @Inject(ClickSeriesService) private readonly series: ClickSeriesService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('reports')
  async listReports(@CurrentAccount() account: Account, @Query() query: QueryParams<'listReports'>): Promise<Ok<'listReports'>> {
    const page = readPage(query);
    const [reports, total] = await this.reports.list(account, page);
    return listEnvelope('reports', reports, total, page, 0);
  }

  @PostOk('report/add')
  async addReport(@CurrentAccount() account: Account, @Body() body: AddReportDto): Promise<Ok<'addReport'>> {
    const { report, token, url } = await this.reports.add(account, body);
    return { error: 0, id: report.id, token, url, data: report };
  }

  @Delete('report/:id/delete')
  async deleteReport(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'deleteReport'>['id'],
  ): Promise<Ok<'deleteReport'>> {
    await this.reports.delete(account, id);
    return { error: 0, message: 'Shared report revoked.' };
  }

  @Public()
  @Get('shared/:token')
  async getSharedReport(@Param('token') token: PathParams<'getSharedReport'>['token']): Promise<Ok<'getSharedReport'>> {
    return { error: 0, data: (await this.reports.open(token)).view };
  }

  /** The series of the report's link or campaign, as its owner's statistics answer it. */
  @Public()
  @Get('shared/:token/stats')
  @Header('Content-Type', JSON_TYPE)
  async getSharedReportStats(
    @Param('token') token: PathParams<'getSharedReportStats'>['token'],
    @Query() query: QueryParams<'getSharedReportStats'>,
  ): Promise<Buffer> {
    const request = readSeriesRequest(query, this.clock);
    return this.series.answer((await this.reports.open(token)).scope, request);
  }
}
