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
import { instant, readRange, readSeriesRequest, single } from '../clicks/series-request';
import { linkyardCsvHeader, linkyardCsvLine, linkyardNdjsonLine } from '@linkyard/formats';
import { readFormat, streamedFile } from '../../common/streamed-file';
import { FileBody } from '../../common/request-body';
import { LinkImport } from './link-import';
import { formatDate } from '../../common/dates';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { AddUrlDto, BulkUrlsDto, UpdateUrlDto } from './links.dto';
import { ApiError, badRequest } from '../../common/api-error';
import { checkItem } from '../../common/validation.pipe';
import { mapInTurns } from '../../common/turns';
import { toLinkDetails } from './links.mapper';
import { LinksService, type LinkOrder, type ListFilter } from './links.service';
import { MAX_TAGS, TAG_LENGTH, tagList } from './tags';

function queryText(value: unknown): string | undefined {
  const text: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof text !== 'string') return undefined;
  const cleaned = text.replace(/\u0000/g, '').trim();
  return cleaned !== '' ? cleaned.slice(0, 200) : undefined;
}

/** `campaign` or `channel`: a record's id, or nothing (absent or empty); anything else is a 400. */
function idFilter(name: 'campaign' | 'channel', value: unknown): number | undefined {
  const text = single(name, value);
  if (text === undefined || text === '') return undefined;
  if (!/^[1-9][0-9]{0,9}$/.test(text) || Number(text) > 2_147_483_647) {
    throw badRequest(`Invalid parameter "${name}": must be a ${name} id, a whole number from 1 to 2147483647.`);
  }
  return Number(text);
}

/** A parameter of a few values, or nothing (absent or empty); anything else is a 400. */
function oneOf<T extends string>(name: string, value: unknown, values: readonly T[]): T | undefined {
  const text = single(name, value);
  if (text === undefined || text === '') return undefined;
  if (!(values as readonly string[]).includes(text)) throw badRequest(`Invalid parameter "${name}": must be ${values.join(' or ')}.`);
  return text as T;
}

/** `domain`: a branded domain's URL or host, `default`, or nothing; at most 300 characters. */
function domainFilter(value: unknown): string | undefined {
  const text = single('domain', value)?.trim();
  if (text === undefined || text === '') return undefined;
  if (text.length > 300 || /\p{Cc}/u.test(text))
    throw badRequest('Invalid parameter "domain": must be a branded domain of the account, or default.');
  return text;
}

/** The filters of `GET /urls`, each checked: a clear 400 for a value that cannot be one. */
function listFilter(query: QueryParams<'listUrls'>): ListFilter {
  const from = single('from', query.from);
  const to = single('to', query.to);
  return {
    search: queryText(query.q),
    campaign: idFilter('campaign', query.campaign),
    channel: idFilter('channel', query.channel),
    domain: domainFilter(query.domain),
    tags: tagFilter(query.tag),
    status: oneOf('status', query.status, ['public', 'private'] as const),
    state: oneOf('state', query.state, ['active', 'expired'] as const),
    // As the audit log and the click exports read them: a date is its midnight (UTC), a date-time carries its offset.
    from: from === undefined || from === '' ? undefined : instant('from', from, 'UTC'),
    to: to === undefined || to === '' ? undefined : instant('to', to, 'UTC'),
    archived: oneOf('archived', query.archived, ['include', 'only'] as const),
  };
}

/** `tag`, repeatable: the links carrying every tag named; empty values are no filter. */
function tagFilter(value: unknown): string[] | undefined {
  const values: unknown[] = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const given = values.filter((text) => typeof text !== 'string' || text.trim() !== '');
  if (given.length === 0) return undefined;
  if (given.length > MAX_TAGS) throw badRequest(`Invalid parameter "tag": at most ${MAX_TAGS} tags.`);
  const tags = tagList(given);
  if (tags === null)
    throw badRequest(`Invalid parameter "tag": each must be a tag, 1 to ${TAG_LENGTH} characters without control characters.`);
  return tags;
}

@Controller()
export class LinksController {
  constructor(
    @Inject(LinksService) private readonly links: LinksService,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(ClickSeriesService) private readonly series: ClickSeriesService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ClickExport) private readonly clickExport: ClickExport,
    @Inject(LinkImport) private readonly importer: LinkImport,
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
