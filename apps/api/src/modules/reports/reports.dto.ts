import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { IsDateTime } from '../../common/validators';

export class AddReportDto implements RequestBody<'addReport'> {
  /** A link of the account; exactly one of `link` and `campaign` (ReportsService). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  link?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  campaign?: number;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;

  @IsOptional()
  @IsDateTime({ future: true })
  expiry?: string;

  @IsOptional()
  @IsBoolean()
  showdestination?: boolean;
}
