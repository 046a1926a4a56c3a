import { PartialType } from '@nestjs/mapped-types';
import { IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { IsHttpUrl } from '../../common/validators';
import { EmptyMeansAbsent } from '../../common/validation.pipe';

@EmptyMeansAbsent()
export class AddSplashDto implements RequestBody<'addSplash'> {
  @IsString()
  @Length(1, 100)
  name: string;

  @IsString()
  @Length(1, 200)
  title: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  text?: string;

  @IsOptional()
  @IsHttpUrl({ allowEmpty: true })
  image?: string;

  /** Seconds the page shows before the visitor goes on. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(60)
  delay?: number;
}

export class UpdateSplashDto extends PartialType(AddSplashDto) implements RequestBody<'updateSplash'> {}
