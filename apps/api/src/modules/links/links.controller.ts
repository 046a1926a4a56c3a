import { Body, Controller, Delete, Get, Header, Inject, Param, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { JSON_TYPE } from '../../common/reply';
import type { FastifyReply } from 'fastify';
import { Busy } from '../../infrastructure/concurrency-limit';
import { QR_SIZE, renderQr } from '../qr/qr-image';
import { CurrentAccount, type Account } from '../../common/account';
import type { Ok, PathParams, QueryParams } from '../../common/contract';
import { listEnvelope, readPage } from '../../common/pagination';
import { ParseIdPipe } from '../../common/parse-id.pipe';
import { PostOk } from '../../common/post-ok.decorator';
import { shortUrl } from '../../common/public-urls';
import { Clock } from '../../common/clock';
import { ClickExport } from '../clicks/click-export';
import { ClickSeriesService } from '../clicks/click-series';
import { readRange, readSeriesRequest, single } from '../clicks/series-request';
import { linkyardCsvHeader, linkyardCsvLine, linkyardNdjsonLine } from '@linkyard/formats';
import { readFormat, streamedFile } from '../../common/streamed-file';
import { FileBody } from '../../common/request-body';
import { LinkImport } from './link-import';
import { formatDate } from '../../common/dates';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { AddUrlDto, BulkUrlsDto, UpdateUrlDto, UpdateUrlsDto } from './links.dto';
import { LinkEdits } from './link-edits';
import { ApiError, badRequest } from '../../common/api-error';
import { checkItem } from '../../common/validation.pipe';
import { mapInTurns } from '../../common/turns';
import { toLinkDetails } from './links.mapper';
import { LinksService, type LinkOrder } from './links.service';
import { listFilter, queryText } from './link-filter';

@Controller()
export class LinksController {
  constructor(
    @Inject(LinksService) private readonly links: LinksService,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(ClickSeriesService) private readonly series: ClickSeriesService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ClickExport) private readonly clickExport: ClickExport,
    @Inject(LinkImport) private readonly importer: LinkImport,
    @Inject(LinkEdits) private readonly edits: LinkEdits,
  ) {}

  @Get('urls')
  async listUrls(@CurrentAccount() account: Account, @Query() query: QueryParams<'listUrls'>): Promise<Ok<'listUrls'>> {
    const page = readPage(query);
    const order: LinkOrder = queryText(query.order) === 'clicks' ? 'clicks' : 'date';
    const [links, total] = await this.links.list(account, page, order, listFilter(query));
    return listEnvelope('urls', links, total, page, 0);
  }

  @Get('urls/export')
  async exportUrls(@CurrentAccount() account: Account, @Query() query: QueryParams<'exportUrls'>): Promise<StreamableFile> {
    const format = readFormat(query.format);
    const publicUrl = this.config.publicUrl;
    const pages = this.links.everyLink(account);
    async function* lines(): AsyncGenerator<string> {
      // The header goes out with the first page, so nothing is answered before the database is.
      let header = format === 'csv' ? linkyardCsvHeader() : '';
      const write = format === 'csv' ? linkyardCsvLine : linkyardNdjsonLine;
      for await (const page of pages) {
        yield header + page.map(({ link, channelIds }) => write(toLinkDetails(link, channelIds, publicUrl))).join('');
        header = '';
      }
      if (header) yield header;
    }
    return streamedFile(lines(), format, `linkyard-links-${formatDate(new Date(this.clock.now()))}`);
  }

  @Get('url/:id/clicks')
  async exportUrlClicks(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'exportUrlClicks'>['id'],
    @Query() query: QueryParams<'exportUrlClicks'>,
  ): Promise<StreamableFile> {
    const format = readFormat(query.format);
    const range = readRange(query, this.clock);
    const link = await this.links.get(account, id);
    return streamedFile(this.clickExport.lines(link.id, range, format), format, `linkyard-clicks-${link.id}-${formatDate(range.to)}`);
  }

  @Get('url/:id/qr')
  async getUrlQr(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getUrlQr'>['id'],
    @Query() query: QueryParams<'getUrlQr'>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | string> {
    const format = single('format', query.format) ?? 'png';
    const sizeText = single('size', query.size);
    const size = sizeText === undefined ? QR_SIZE.default : Number(sizeText);
    if (format !== 'png' && format !== 'svg') throw badRequest('Invalid parameter "format": must be png or svg.');
    if (!Number.isInteger(size) || size < QR_SIZE.min || size > QR_SIZE.max) {
      throw badRequest(`Invalid parameter "size": must be a whole number from ${QR_SIZE.min} to ${QR_SIZE.max}.`);
    }
    const link = await this.links.get(account, id);
    // A code of the short URL itself, as a `text` code holds its text: a scan is a visit of the link.
    const code = { type: 'text' as const, data: shortUrl(this.config.publicUrl, link.alias, link.domain), alias: '' };
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

  @Get('url/:id')
  async getUrl(@CurrentAccount() account: Account, @Param('id', ParseIdPipe) id: PathParams<'getUrl'>['id']): Promise<Ok<'getUrl'>> {
    return { error: 0, id, ...(await this.links.details(account, id)) };
  }

  @Get('url/:id/stats')
  @Header('Content-Type', JSON_TYPE)
  async getUrlStats(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getUrlStats'>['id'],
    @Query() query: QueryParams<'getUrlStats'>,
  ): Promise<Buffer> {
    const link = await this.links.get(account, id);
    return this.series.answer({ link: link.id }, readSeriesRequest(query, this.clock));
  }

  /** A campaign's operation (POST /campaign/{id}/assign/{linkid}), served here: it sets the link's campaign. */
  @PostOk('campaign/:campaignid/assign/:linkid')
  async assignCampaignLink(
    @CurrentAccount() account: Account,
    @Param('campaignid', ParseIdPipe) campaignId: PathParams<'assignCampaignLink'>['campaignid'],
    @Param('linkid', ParseIdPipe) linkId: PathParams<'assignCampaignLink'>['linkid'],
  ): Promise<Ok<'assignCampaignLink'>> {
    await this.links.assignToCampaign(account, campaignId, linkId);
    return { error: 0, message: 'Link assigned to the campaign.' };
  }

  @PostOk('url/add')
  async addUrl(@CurrentAccount() account: Account, @Body() body: AddUrlDto): Promise<Ok<'addUrl'>> {
    const link = await this.links.add(account, body);
    return { error: 0, id: link.id, shorturl: shortUrl(this.config.publicUrl, link.alias, link.domain) };
  }

  @PostOk('url/bulk')
  async addUrlsInBulk(@CurrentAccount() account: Account, @Body() body: BulkUrlsDto): Promise<Ok<'addUrlsInBulk'>> {
    const checked = await mapInTurns(body.urls, (item) => checkItem(AddUrlDto, item));
    const valid = checked.filter((item): item is AddUrlDto => !(item instanceof ApiError));
    const creations = await this.links.create(account, valid);
    let next = 0;
    const results = checked.map((item, index) => {
      const outcome = item instanceof ApiError ? { error: item } : creations[next++]!;
      if ('error' in outcome) {
        const { status, field, message } = outcome.error;
        return { index, error: 1 as const, status: status as 400 | 404 | 409, field, message };
      }
      const { link } = outcome;
      return {
        index,
        error: 0 as const,
        id: link.id,
        alias: link.alias,
        shorturl: shortUrl(this.config.publicUrl, link.alias, link.domain),
      };
    });
    const created = results.filter((result) => result.error === 0).length;
    return { error: 0, data: { created, failed: results.length - created, results } };
  }

  @Put('urls/update')
  async updateUrls(@CurrentAccount() account: Account, @Body() body: UpdateUrlsDto): Promise<Ok<'updateUrls'>> {
    return { error: 0, data: await this.edits.run(account, body) };
  }

  @PostOk('urls/import')
  async importUrls(
    @CurrentAccount() account: Account,
    @Query() query: QueryParams<'importUrls'>,
    @Body() body: unknown,
  ): Promise<Ok<'importUrls'>> {
    if (!(body instanceof FileBody) || body.text.trim() === '') throw badRequest('The request body must be the file to import.');
    return { error: 0, data: await this.importer.run(account, single('from', query.from), body.text) };
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
