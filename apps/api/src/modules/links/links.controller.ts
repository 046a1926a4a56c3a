import { Body, Controller, Delete, Get, Inject, Param, Put, Query } from '@nestjs/common';
import { CurrentAccount, type Account } from '../../common/account';
import type { Ok, PathParams, QueryParams } from '../../common/contract';
import { listEnvelope, readPage } from '../../common/pagination';
import { ParseIdPipe } from '../../common/parse-id.pipe';
import { PostOk } from '../../common/post-ok.decorator';
import { shortUrl } from '../../common/public-urls';
import { Clock } from '../../common/clock';
import { ClickSeriesService, readSeriesRequest } from '../clicks/click-series';
import { StatisticsService } from '../clicks/statistics.service';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { AddUrlDto, UpdateUrlDto } from './links.dto';
import { toLinkDetails, toLinkRecord } from './links.mapper';
import { LinksService, type LinkOrder } from './links.service';

function queryText(value: unknown): string | undefined {
  const text: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof text !== 'string') return undefined;
  const cleaned = text.replace(/\u0000/g, '').trim();
  return cleaned !== '' ? cleaned.slice(0, 200) : undefined;
}

@Controller()
export class LinksController {
  constructor(
    @Inject(LinksService) private readonly links: LinksService,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(StatisticsService) private readonly statistics: StatisticsService,
    @Inject(ClickSeriesService) private readonly series: ClickSeriesService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('urls')
  async listUrls(@CurrentAccount() account: Account, @Query() query: QueryParams<'listUrls'>): Promise<Ok<'listUrls'>> {
    const page = readPage(query);
    const order: LinkOrder = queryText(query.order) === 'clicks' ? 'clicks' : 'date';
    const [links, total] = await this.links.list(account, page, order, queryText(query.q));
    return listEnvelope(
      'urls',
      links.map((link) => toLinkRecord(link, this.config.publicUrl)),
      total,
      page,
      0,
    );
  }

  @Get('url/:id')
  async getUrl(@CurrentAccount() account: Account, @Param('id', ParseIdPipe) id: PathParams<'getUrl'>['id']): Promise<Ok<'getUrl'>> {
    const link = await this.links.get(account, id);
    return {
      error: 0,
      id: link.id,
      details: toLinkDetails(link, await this.links.channelIds(link), this.config.publicUrl),
      data: await this.statistics.read('link', link.id, link),
    };
  }

  @Get('url/:id/stats')
  async getUrlStats(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getUrlStats'>['id'],
    @Query() query: QueryParams<'getUrlStats'>,
  ): Promise<Ok<'getUrlStats'>> {
    const link = await this.links.get(account, id);
    return { error: 0, data: await this.series.read({ link: link.id }, readSeriesRequest(query, this.clock)) };
  }

  @PostOk('url/add')
  async addUrl(@CurrentAccount() account: Account, @Body() body: AddUrlDto): Promise<Ok<'addUrl'>> {
    const link = await this.links.add(account, body);
    const saved = await this.links.get(account, link.id);
    return { error: 0, id: saved.id, shorturl: shortUrl(this.config.publicUrl, saved.alias, saved.domain) };
  }

  @Put('url/:id/update')
  async updateUrl(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'updateUrl'>['id'],
    @Body() body: UpdateUrlDto,
  ): Promise<Ok<'updateUrl'>> {
    await this.links.update(account, id, body);
    return { error: 0, message: 'Link updated.' };
  }

  @Delete('url/:id/delete')
  async deleteUrl(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'deleteUrl'>['id'],
  ): Promise<Ok<'deleteUrl'>> {
    await this.links.delete(account, id);
    return { error: 0, message: 'Link deleted.' };
  }
}
