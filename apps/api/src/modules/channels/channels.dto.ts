import { PartialType } from '@nestjs/mapped-types';
import { IsBoolean, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { HEX_COLOR } from '../../common/validators';
import { EmptyMeansAbsent } from '../../common/validation.pipe';

@EmptyMeansAbsent()
export class AddChannelDto implements RequestBody<'addChannel'> {
  @IsString()
  @Length(1, 100)
  name: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;

  @IsOptional()
  @Matches(HEX_COLOR, { message: 'must be a HEX color #RRGGBB' })
  color?: string;

  @IsOptional()
  @IsBoolean()
  starred?: boolean;
}

export class UpdateChannelDto extends PartialType(AddChannelDto) implements RequestBody<'updateChannel'> {}
