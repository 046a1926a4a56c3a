import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { EmptyMeansAbsent } from '../../common/validation.pipe';
import { PIXEL_TYPES } from './pixel-tags';

/** `type` and `tag` are checked together by the service against the contract's tag rules. */
@EmptyMeansAbsent()
export class AddPixelDto implements RequestBody<'addPixel'> {
  @IsIn(PIXEL_TYPES, { message: `must be one of ${PIXEL_TYPES.join(', ')}` })
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
