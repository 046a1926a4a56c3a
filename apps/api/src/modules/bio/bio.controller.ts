import { Body, Controller, Delete, Get, Header, Inject, Param, Put, Query, Res } from '@nestjs/common';
import { JSON_TYPE } from '../../common/reply';
import type { FastifyReply } from 'fastify';
import { CurrentAccount, type Account } from '../../common/account';
import { ApiError, badRequest } from '../../common/api-error';
import { Clock } from '../../common/clock';
import type { Ok, PathParams, QueryParams } from '../../common/contract';
import { listEnvelope, readPage } from '../../common/pagination';
import { ParseIdPipe } from '../../common/parse-id.pipe';
import { PostOk } from '../../common/post-ok.decorator';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { Busy } from '../../infrastructure/concurrency-limit';
import { ClickSeriesService } from '../clicks/click-series';
import { readSeriesRequest, single } from '../clicks/series-request';
import { StatisticsService } from '../clicks/statistics.service';
import { QR_SIZE, renderQr } from '../qr/qr-image';
import { AddBioPageDto, PreviewBioPageDto, PreviewNewBioPageDto, UpdateBioPageDto } from './bio.dto';
import { renderPreview } from './bio-preview';
import { bioUrl, toBioPage, toBioSummary } from './bio.mapper';
import { BioService, type BioDraft } from './bio.service';

/** Bio pages (extensions of the API): their records, statistics and QR codes. */
@Controller('bio')
export class BioController {
  constructor(
    @Inject(BioService) private readonly bioPages: BioService,
    @Inject(StatisticsService) private readonly statistics: StatisticsService,
    @Inject(ClickSeriesService) private readonly series: ClickSeriesService,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get()
  async listBioPages(@CurrentAccount() account: Account, @Query() query: QueryParams<'listBioPages'>): Promise<Ok<'listBioPages'>> {
    const page = readPage(query);
    const [pages, total] = await this.bioPages.list(account, page);
    return listEnvelope(
      'bio',
      pages.map((entry) => toBioSummary(entry, this.config.publicUrl)),
      total,
      page,
    );
  }

  @PostOk('add')
  async addBioPage(@CurrentAccount() account: Account, @Body() body: AddBioPageDto): Promise<Ok<'addBioPage'>> {
    const details = toBioPage(await this.bioPages.add(account, body), this.config.publicUrl);
    return { error: 0, id: details.id, link: details.link, details };
  }

  /** A new page as `add` would make it, as HTML (see renderPreview): nothing is stored or counted. */
  @PostOk('preview')
  async previewNewBioPage(
    @CurrentAccount() account: Account,
    @Body() body: PreviewNewBioPageDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return this.sendPreview(reply, await this.bioPages.draft(account, null, body));
  }

  /** The page as `update` would leave it, as HTML: nothing is stored or counted. */
  @PostOk(':id/preview')
  async previewBioPage(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'previewBioPage'>['id'],
    @Body() body: PreviewBioPageDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return this.sendPreview(reply, await this.bioPages.draft(account, id, body));
  }

  /** The preview's answer: the public page's policy (images as data: URLs), framed by the service's own pages only, kept nowhere. */
  private sendPreview(reply: FastifyReply, draft: BioDraft): Buffer {
    const rendered = renderPreview(draft, this.config.publicUrl);
    reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', rendered.policy)
      .header('X-Frame-Options', 'SAMEORIGIN')
      .header('Cache-Control', 'no-store');
    return rendered.html as Buffer;
  }

  @Get(':id')
  async getBioPage(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getBioPage'>['id'],
  ): Promise<Ok<'getBioPage'>> {
    const stored = await this.bioPages.get(account, id);
    const { page } = stored;
    return {
      error: 0,
      details: toBioPage(stored, this.config.publicUrl),
      data: await this.statistics.read('bio', page.id, { clicks: page.visits, uniqueClicks: page.uniqueVisits }),
    };
  }

  @Put(':id/update')
  async updateBioPage(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'updateBioPage'>['id'],
    @Body() body: UpdateBioPageDto,
  ): Promise<Ok<'updateBioPage'>> {
    const details = toBioPage(await this.bioPages.update(account, id, body), this.config.publicUrl);
    return { error: 0, id: details.id, link: details.link, details };
  }

  @Delete(':id/delete')
  async deleteBioPage(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'deleteBioPage'>['id'],
  ): Promise<Ok<'deleteBioPage'>> {
    await this.bioPages.delete(account, id);
    return { error: 0, message: 'Bio page deleted.' };
  }

  @Get(':id/stats')
  @Header('Content-Type', JSON_TYPE)
  async getBioPageStats(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getBioPageStats'>['id'],
    @Query() query: QueryParams<'getBioPageStats'>,
  ): Promise<Buffer> {
    const request = readSeriesRequest(query, this.clock);
    const page = await this.bioPages.owned(account, id);
    return this.series.answer({ bio: page.id }, request);
  }

  @Get(':id/block/:blockid/stats')
  @Header('Content-Type', JSON_TYPE)
  async getBioBlockStats(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getBioBlockStats'>['id'],
    @Param('blockid', ParseIdPipe) blockId: PathParams<'getBioBlockStats'>['blockid'],
    @Query() query: QueryParams<'getBioBlockStats'>,
  ): Promise<Buffer> {
    const request = readSeriesRequest(query, this.clock);
    const block = await this.bioPages.block(account, id, blockId);
    return this.series.answer({ block: block.id }, request);
  }

  @Get(':id/qr')
  async getBioPageQr(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getBioPageQr'>['id'],
    @Query() query: QueryParams<'getBioPageQr'>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | string> {
    const format = single('format', query.format) ?? 'png';
    const sizeText = single('size', query.size);
    const size = sizeText === undefined ? QR_SIZE.default : Number(sizeText);
    if (format !== 'png' && format !== 'svg') throw badRequest('Invalid parameter "format": must be png or svg.');
    if (!Number.isInteger(size) || size < QR_SIZE.min || size > QR_SIZE.max) {
      throw badRequest(`Invalid parameter "size": must be a whole number from ${QR_SIZE.min} to ${QR_SIZE.max}.`);
    }
    const page = await this.bioPages.owned(account, id);
    // A code of the page's address, as a `text` code holds its text: a scan is a visit of the page.
    const code = { type: 'text' as const, data: bioUrl(this.config.publicUrl, page), alias: '' };
    const image = await renderQr(
      { ...code, background: 'rgb(255,255,255)', foreground: 'rgb(0,0,0)', logo: null, logoType: null },
      '',
      format,
      size,
    ).catch((error: unknown) => {
      if (error instanceof Busy)
        throw new ApiError(503, 'Too many images are being drawn right now; try again in a moment.', { 'Retry-After': '1' });
      throw error;
    });
    reply.type(format === 'svg' ? 'image/svg+xml' : 'image/png');
    return image;
  }
}
