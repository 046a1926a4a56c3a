import { PartialType } from '@nestjs/mapped-types';
import { IsIn, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { HEX_COLOR, IsEmailAddress, IsHttpUrl, PHONE } from '../../common/validators';
import { EmptyMeansAbsent } from '../../common/validation.pipe';

@EmptyMeansAbsent()
export class AddOverlayDto implements RequestBody<'addOverlay'> {
  @IsIn(['message', 'contact'])
  type: 'message' | 'contact';

  @IsString()
  @Length(1, 100)
  name: string;

  @IsString()
  @Length(1, 500)
  message: string;

  @IsOptional()
  @IsString()
  @MaxLength(50)
  label?: string;

  @IsOptional()
  @IsHttpUrl({ allowEmpty: true })
  link?: string;

  @IsOptional()
  @IsIn(['top', 'bottom'])
  position?: 'top' | 'bottom';

  @IsOptional()
  @Matches(HEX_COLOR, { message: 'must be a color #RRGGBB' })
  color?: string;

  @IsOptional()
  @Matches(HEX_COLOR, { message: 'must be a color #RRGGBB' })
  bg?: string;

  @IsOptional()
  @IsEmailAddress()
  email?: string;

  @IsOptional()
  @Matches(PHONE, { message: 'must be 3 to 20 digits with an optional leading +' })
  phone?: string;
}

/** Any subset; `type` is accepted only when it is the overlay's type already. */
export class UpdateOverlayDto extends PartialType(AddOverlayDto) implements RequestBody<'updateOverlay'> {}
