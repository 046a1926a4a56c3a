import { IsOptional, IsString, Length } from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { EmptyMeansAbsent } from '../../common/validation.pipe';

/** `type` and `tag` are checked together by the service against the contract's tag rules. */
@EmptyMeansAbsent()
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
