import { Body, Controller, Delete, Get, Inject, Param, Put, Query } from '@nestjs/common';
import { CurrentAccount, type Account } from '../../common/account';
import type { Ok, PathParams, QueryParams } from '../../common/contract';
import { listEnvelope, readPage } from '../../common/pagination';
import { ParseBigIdPipe, ParseIdPipe } from '../../common/parse-id.pipe';
import { PostOk } from '../../common/post-ok.decorator';
import { AddWebhookDto, UpdateWebhookDto } from './webhooks.dto';
import { WebhooksService } from './webhooks.service';

@Controller()
export class WebhooksController {
  constructor(@Inject(WebhooksService) private readonly webhooks: WebhooksService) {}

  @Get('webhooks')
  async listWebhooks(@CurrentAccount() account: Account, @Query() query: QueryParams<'listWebhooks'>): Promise<Ok<'listWebhooks'>> {
    const page = readPage(query);
    const [webhooks, total] = await this.webhooks.list(account, page);
    return listEnvelope('webhooks', webhooks, total, page);
  }

  @PostOk('webhooks')
  async addWebhook(@CurrentAccount() account: Account, @Body() body: AddWebhookDto): Promise<Ok<'addWebhook'>> {
    return { error: 0, ...(await this.webhooks.add(account, body)) };
  }

  @Get('webhook/:id')
  async getWebhook(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getWebhook'>['id'],
  ): Promise<Ok<'getWebhook'>> {
    return { error: 0, data: await this.webhooks.get(account, id) };
  }

  @Put('webhook/:id')
  async updateWebhook(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'updateWebhook'>['id'],
    @Body() body: UpdateWebhookDto,
  ): Promise<Ok<'updateWebhook'>> {
    await this.webhooks.update(account, id, body);
    return { error: 0, message: 'Webhook updated.' };
  }

  @Delete('webhook/:id')
  async deleteWebhook(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'deleteWebhook'>['id'],
  ): Promise<Ok<'deleteWebhook'>> {
    await this.webhooks.delete(account, id);
    return { error: 0, message: 'Webhook deleted.' };
  }

  @Get('webhook/:id/deliveries')
  async listWebhookDeliveries(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'listWebhookDeliveries'>['id'],
    @Query() query: QueryParams<'listWebhookDeliveries'>,
  ): Promise<Ok<'listWebhookDeliveries'>> {
    const page = readPage(query);
    const [deliveries, total] = await this.webhooks.deliveries(account, id, page);
    return listEnvelope('deliveries', deliveries, total, page);
  }

  @PostOk('webhook/:id/delivery/:deliveryid/replay')
  async replayWebhookDelivery(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'replayWebhookDelivery'>['id'],
    @Param('deliveryid', ParseBigIdPipe) deliveryId: PathParams<'replayWebhookDelivery'>['deliveryid'],
  ): Promise<Ok<'replayWebhookDelivery'>> {
    return { error: 0, id: await this.webhooks.replay(account, id, deliveryId) };
  }
}
