import { Body, Controller, Delete, Get, Inject, Param, Put, Query } from '@nestjs/common';
import { CurrentAccount, type Account } from '../../common/account';
import type { Ok, PathParams, QueryParams } from '../../common/contract';
import { listEnvelope, readPage } from '../../common/pagination';
import { ParseIdPipe } from '../../common/parse-id.pipe';
import { PostOk } from '../../common/post-ok.decorator';
import { AddSplashDto, UpdateSplashDto } from './splash.dto';
import { toSplash, toSplashRecord } from './splash.mapper';
import { SplashService } from './splash.service';

/** Custom splash pages: the spec's read-only list, plus create, read, update and delete as extensions. */
@Controller('splash')
export class SplashController {
  constructor(@Inject(SplashService) private readonly pages: SplashService) {}

  @Get()
  async listSplash(@CurrentAccount() account: Account, @Query() query: QueryParams<'listSplash'>): Promise<Ok<'listSplash'>> {
    const page = readPage(query);
    const [pages, total] = await this.pages.list(account, page);
    return listEnvelope('splash', pages.map(toSplashRecord), total, page);
  }

  @Get(':id')
  async getSplash(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getSplash'>['id'],
  ): Promise<Ok<'getSplash'>> {
    return { error: 0, data: toSplash(await this.pages.get(account, id)) };
  }

  @PostOk('add')
  async addSplash(@CurrentAccount() account: Account, @Body() body: AddSplashDto): Promise<Ok<'addSplash'>> {
    return { error: 0, id: (await this.pages.add(account, body)).id };
  }

  @Put(':id/update')
  async updateSplash(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'updateSplash'>['id'],
    @Body() body: UpdateSplashDto,
  ): Promise<Ok<'updateSplash'>> {
    await this.pages.update(account, id, body);
    return { error: 0, message: 'Splash page updated.' };
  }

  @Delete(':id/delete')
  async deleteSplash(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'deleteSplash'>['id'],
  ): Promise<Ok<'deleteSplash'>> {
    await this.pages.delete(account, id);
    return { error: 0, message: 'Splash page deleted.' };
  }
}
