import { IsOptional, IsString, Length } from 'class-validator';
import type { RequestBody } from '../../common/contract';

/** `type` and `tag` are checked together by the service against the contract's tag rules. */
export class AddPixelDto implements RequestBody<'addPixel'> {
  @IsString()
  @Length(1, 20)
  type: RequestBody<'addPixel'>['type'];

  @IsString()
  @Length(1, 100)
  name: string;

  @IsString()
  @Length(1, 100)
  tag: string;
}

export class UpdatePixelDto implements RequestBody<'updatePixel'> {
  @IsOptional()
  @IsString()
  @Length(1, 100)
  name?: string;

  @IsString()
  @Length(1, 100)
  tag: string;
}
