import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional } from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { IsHttpUrl } from '../../common/validators';
import { EVENT_NAMES } from './webhook-events';

type EventName = RequestBody<'addWebhook'>['events'][number];

export class AddWebhookDto implements RequestBody<'addWebhook'> {
  @IsHttpUrl()
  url: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(15)
  @IsIn(EVENT_NAMES, { each: true, message: `each must be one of ${EVENT_NAMES.join(', ')}` })
  events: EventName[];

  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

export class UpdateWebhookDto implements RequestBody<'updateWebhook'> {
  @IsOptional()
  @IsHttpUrl()
  url?: string;

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(15)
  @IsIn(EVENT_NAMES, { each: true, message: `each must be one of ${EVENT_NAMES.join(', ')}` })
  events?: EventName[];

  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}
