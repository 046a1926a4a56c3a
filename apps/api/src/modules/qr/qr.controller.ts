import { Body, Controller, Delete, Get, Header, Inject, Param, Put, Query, Res } from '@nestjs/common';
import { JSON_TYPE } from '../../common/reply';
import type { FastifyReply } from 'fastify';
import { CurrentAccount, type Account } from '../../common/account';
import type { Ok, PathParams, QueryParams } from '../../common/contract';
import { listEnvelope, readPage } from '../../common/pagination';
import { ParseIdPipe } from '../../common/parse-id.pipe';
import { PostOk } from '../../common/post-ok.decorator';
import { qrUrl } from '../../common/public-urls';
import { Clock } from '../../common/clock';
import { ClickSeriesService } from '../clicks/click-series';
import { readSeriesRequest } from '../clicks/series-request';
import { StatisticsService } from '../clicks/statistics.service';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { AddQrDto, PreviewQrDto, UpdateQrDto } from './qr.dto';
import { toQrDetails, toQrRecord } from './qr.mapper';
import { QrService } from './qr.service';

@Controller('qr')
export class QrController {
  constructor(
    @Inject(QrService) private readonly qrs: QrService,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(StatisticsService) private readonly statistics: StatisticsService,
    @Inject(ClickSeriesService) private readonly series: ClickSeriesService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get()
  async listQrs(@CurrentAccount() account: Account, @Query() query: QueryParams<'listQrs'>): Promise<Ok<'listQrs'>> {
    const page = readPage(query);
    const [qrs, total] = await this.qrs.list(account, page);
    return listEnvelope(
      'qrs',
      qrs.map((qr) => toQrRecord(qr, this.config.publicUrl)),
      total,
      page,
    );
  }

  @Get(':id')
  async getQr(@CurrentAccount() account: Account, @Param('id', ParseIdPipe) id: PathParams<'getQr'>['id']): Promise<Ok<'getQr'>> {
    const qr = await this.qrs.get(account, id);
    return {
      error: 0,
      details: toQrDetails(qr, this.config.publicUrl),
      data: await this.statistics.read('qr', qr.id, { clicks: qr.scans, uniqueClicks: qr.uniqueScans }),
    };
  }

  @Get(':id/stats')
  @Header('Content-Type', JSON_TYPE)
  async getQrStats(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getQrStats'>['id'],
    @Query() query: QueryParams<'getQrStats'>,
  ): Promise<Buffer> {
    const qr = await this.qrs.get(account, id);
    return this.series.answer({ qr: qr.id }, readSeriesRequest(query, this.clock));
  }

  @PostOk('add')
  async addQr(@CurrentAccount() account: Account, @Body() body: AddQrDto): Promise<Ok<'addQr'>> {
    const qr = await this.qrs.add(account, body);
    return { error: 0, id: qr.id, link: qrUrl(this.config.publicUrl, qr.alias) };
  }

  /** A draft's image, drawn as `/qr/{alias}` draws a saved code's; nothing is saved. */
  @PostOk('preview')
  async previewQr(
    @CurrentAccount() account: Account,
    @Body() body: PreviewQrDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | string> {
    const image = await this.qrs.preview(account, body);
    reply.type(body.format === 'svg' ? 'image/svg+xml' : 'image/png').header('Cache-Control', 'no-store');
    return image;
  }

  @Put(':id/update')
  async updateQr(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'updateQr'>['id'],
    @Body() body: UpdateQrDto,
  ): Promise<Ok<'updateQr'>> {
    await this.qrs.update(account, id, body);
    return { error: 0, message: 'QR code updated.' };
  }

  @Delete(':id/delete')
  async deleteQr(@CurrentAccount() account: Account, @Param('id', ParseIdPipe) id: PathParams<'deleteQr'>['id']): Promise<Ok<'deleteQr'>> {
    await this.qrs.delete(account, id);
    return { error: 0, message: 'QR code deleted.' };
  }
}
