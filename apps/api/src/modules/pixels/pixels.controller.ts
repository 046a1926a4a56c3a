import { Body, Controller, Delete, Get, Inject, Param, Put, Query } from '@nestjs/common';
import { CurrentAccount, type Account } from '../../common/account';
import type { Ok, PathParams, QueryParams } from '../../common/contract';
import { listEnvelope, readPage } from '../../common/pagination';
import { ParseIdPipe } from '../../common/parse-id.pipe';
import { PostOk } from '../../common/post-ok.decorator';
import { AddPixelDto, UpdatePixelDto } from './pixels.dto';
import { toPixel } from './pixels.mapper';
import { PixelsService } from './pixels.service';

@Controller()
export class PixelsController {
  constructor(@Inject(PixelsService) private readonly pixels: PixelsService) {}

  @Get('pixels')
  async listPixels(@CurrentAccount() account: Account, @Query() query: QueryParams<'listPixels'>): Promise<Ok<'listPixels'>> {
    const page = readPage(query);
    const [pixels, total] = await this.pixels.list(account, page);
    return listEnvelope('pixels', pixels.map(toPixel), total, page);
  }

  @PostOk('pixel/add')
  async addPixel(@CurrentAccount() account: Account, @Body() body: AddPixelDto): Promise<Ok<'addPixel'>> {
    return { error: 0, id: (await this.pixels.add(account, body)).id };
  }

  @Put('pixel/:id/update')
  async updatePixel(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'updatePixel'>['id'],
    @Body() body: UpdatePixelDto,
  ): Promise<Ok<'updatePixel'>> {
    await this.pixels.update(account, id, body);
    return { error: 0, message: 'Pixel updated.' };
  }

  @Delete('pixel/:id/delete')
  async deletePixel(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'deletePixel'>['id'],
  ): Promise<Ok<'deletePixel'>> {
    await this.pixels.delete(account, id);
    return { error: 0, message: 'Pixel deleted.' };
  }
}
