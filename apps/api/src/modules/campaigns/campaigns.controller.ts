import { Body, Controller, Delete, Get, Header, Inject, Param, Put, Query } from '@nestjs/common';
import { JSON_TYPE } from '../../common/reply';
import { CurrentAccount, type Account } from '../../common/account';
import { Clock } from '../../common/clock';
import { ClickSeriesService } from '../clicks/click-series';
import { readSeriesRequest } from '../clicks/series-request';
import type { Ok, PathParams, QueryParams } from '../../common/contract';
import { listEnvelope, readPage } from '../../common/pagination';
import { ParseIdPipe } from '../../common/parse-id.pipe';
import { PostOk } from '../../common/post-ok.decorator';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { AddCampaignDto, UpdateCampaignDto } from './campaigns.dto';
import { toCampaignRecord, toCampaignResult } from './campaigns.mapper';
import { CampaignsService } from './campaigns.service';

@Controller()
export class CampaignsController {
  constructor(
    @Inject(CampaignsService) private readonly campaigns: CampaignsService,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(ClickSeriesService) private readonly series: ClickSeriesService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('campaigns')
  async listCampaigns(@CurrentAccount() account: Account, @Query() query: QueryParams<'listCampaigns'>): Promise<Ok<'listCampaigns'>> {
    const page = readPage(query);
    const [campaigns, total] = await this.campaigns.list(account, page);
    return listEnvelope(
      'campaigns',
      campaigns.map((campaign) => toCampaignRecord(campaign, this.config.publicUrl)),
      total,
      page,
    );
  }

  @Get('campaign/:id')
  async getCampaign(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getCampaign'>['id'],
  ): Promise<Ok<'getCampaign'>> {
    return { error: 0, data: toCampaignRecord(await this.campaigns.get(account, id), this.config.publicUrl) };
  }

  /** The clicks of the campaign's links over time, from the hourly rollups (never raw clicks). */
  @Get('campaign/:id/stats')
  @Header('Content-Type', JSON_TYPE)
  async getCampaignStats(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getCampaignStats'>['id'],
    @Query() query: QueryParams<'getCampaignStats'>,
  ): Promise<Buffer> {
    const request = readSeriesRequest(query, this.clock);
    const campaign = await this.campaigns.get(account, id);
    return this.series.answer({ campaign: campaign.id }, request);
  }

  @PostOk('campaign/add')
  async addCampaign(@CurrentAccount() account: Account, @Body() body: AddCampaignDto): Promise<Ok<'addCampaign'>> {
    return toCampaignResult(await this.campaigns.add(account, body), this.config.publicUrl);
  }

  @Put('campaign/:id/update')
  async updateCampaign(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'updateCampaign'>['id'],
    @Body() body: UpdateCampaignDto,
  ): Promise<Ok<'updateCampaign'>> {
    return toCampaignResult(await this.campaigns.update(account, id, body), this.config.publicUrl);
  }

  @Delete('campaign/:id/delete')
  async deleteCampaign(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'deleteCampaign'>['id'],
  ): Promise<Ok<'deleteCampaign'>> {
    await this.campaigns.delete(account, id);
    return { error: 0, message: 'Campaign deleted.' };
  }
}
