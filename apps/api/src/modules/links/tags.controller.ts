import { Body, Controller, Delete, Get, Header, Inject, Param, Put, Query } from '@nestjs/common';
import { CurrentAccount, type Account } from '../../common/account';
import { badRequest } from '../../common/api-error';
import type { Ok, QueryParams } from '../../common/contract';
import { listEnvelope, readPage } from '../../common/pagination';
import { PostOk } from '../../common/post-ok.decorator';
import { Clock } from '../../common/clock';
import { JSON_TYPE } from '../../common/reply';
import { ClickSeriesService } from '../clicks/click-series';
import { readSeriesRequest, single } from '../clicks/series-request';
import { TAG_LENGTH, tagName } from './tags';
import { AddTagDto, UpdateTagDto } from './tags.dto';
import { TagsService } from './tags.service';

/** A tag named in the path, in its stored form; 400 when it cannot be a tag. */
function pathTag(value: string): string {
  const name = tagName(value);
  if (name === null)
    throw badRequest(`Invalid tag in the path: must be 1 to ${TAG_LENGTH} characters without control or invisible format characters.`);
  return name;
}

@Controller()
export class TagsController {
  constructor(
    @Inject(TagsService) private readonly tags: TagsService,
    @Inject(ClickSeriesService) private readonly series: ClickSeriesService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('tags')
  async listTags(@CurrentAccount() account: Account, @Query() query: QueryParams<'listTags'>): Promise<Ok<'listTags'>> {
    const page = readPage(query);
    const text = single('q', query.q);
    if (text !== undefined && (text.length > 200 || /\p{Cc}/u.test(text)))
      throw badRequest('Invalid parameter "q": at most 200 characters without control characters.');
    const search = text === undefined || text.trim() === '' ? undefined : text.trim().toLowerCase().normalize('NFC');
    const [tags, total] = await this.tags.list(account, page, search);
    return listEnvelope('tags', tags, total, page, 0);
  }

  @PostOk('tag/add')
  async addTag(@CurrentAccount() account: Account, @Body() body: AddTagDto): Promise<Ok<'addTag'>> {
    return { error: 0, tag: await this.tags.add(account, body) };
  }

  @Put('tag/:name/update')
  async updateTag(@CurrentAccount() account: Account, @Param('name') name: string, @Body() body: UpdateTagDto): Promise<Ok<'updateTag'>> {
    return { error: 0, tag: await this.tags.update(account, pathTag(name), body) };
  }

  @Delete('tag/:name/delete')
  async deleteTag(@CurrentAccount() account: Account, @Param('name') name: string): Promise<Ok<'deleteTag'>> {
    const links = await this.tags.delete(account, pathTag(name));
    return { error: 0, message: `Tag deleted${links > 0 ? ` from ${links} link${links === 1 ? '' : 's'}` : ''}.` };
  }

  @Get('tag/:name/stats')
  @Header('Content-Type', JSON_TYPE)
  async getTagStats(
    @CurrentAccount() account: Account,
    @Param('name') name: string,
    @Query() query: QueryParams<'getTagStats'>,
  ): Promise<Buffer> {
    const request = readSeriesRequest(query, this.clock);
    const tag = await this.tags.get(account, pathTag(name));
    return this.series.answer({ account: account.id, tag: tag.name }, request);
  }
}
