import { Body, Controller, Delete, Get, Inject, Param, Put, Query } from '@nestjs/common';
import { CurrentAccount, type Account } from '../../common/account';
import type { Ok, PathParams, QueryParams } from '../../common/contract';
import { listEnvelope, readPage } from '../../common/pagination';
import { ParseIdPipe } from '../../common/parse-id.pipe';
import { PostOk } from '../../common/post-ok.decorator';
import { AddOverlayDto, UpdateOverlayDto } from './overlays.dto';
import { toOverlay, toOverlayRecord } from './overlays.mapper';
import { OverlaysService } from './overlays.service';

/** CTA overlays: the spec's read-only list, plus create, read, update and delete as extensions. */
@Controller('overlay')
export class OverlaysController {
  constructor(@Inject(OverlaysService) private readonly overlays: OverlaysService) {}

  @Get()
  async listOverlays(@CurrentAccount() account: Account, @Query() query: QueryParams<'listOverlays'>): Promise<Ok<'listOverlays'>> {
    const page = readPage(query);
    const [overlays, total] = await this.overlays.list(account, page);
    return listEnvelope('cta', overlays.map(toOverlayRecord), total, page);
  }

  @Get(':id')
  async getOverlay(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getOverlay'>['id'],
  ): Promise<Ok<'getOverlay'>> {
    return { error: 0, data: toOverlay(await this.overlays.get(account, id)) };
  }

  @PostOk('add')
  async addOverlay(@CurrentAccount() account: Account, @Body() body: AddOverlayDto): Promise<Ok<'addOverlay'>> {
    return { error: 0, id: (await this.overlays.add(account, body)).id };
  }

  @Put(':id/update')
  async updateOverlay(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'updateOverlay'>['id'],
    @Body() body: UpdateOverlayDto,
  ): Promise<Ok<'updateOverlay'>> {
    await this.overlays.update(account, id, body);
    return { error: 0, message: 'Overlay updated.' };
  }

  @Delete(':id/delete')
  async deleteOverlay(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'deleteOverlay'>['id'],
  ): Promise<Ok<'deleteOverlay'>> {
    await this.overlays.delete(account, id);
    return { error: 0, message: 'Overlay deleted.' };
  }
}
