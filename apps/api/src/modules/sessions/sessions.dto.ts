import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import type { RequestBody } from '../../common/contract';

export class StartSessionDto implements RequestBody<'startSession'> {
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(254)
  login?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  password?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  apikey?: string;
}
