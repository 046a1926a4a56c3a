import { IsBoolean, IsOptional, IsString, Length, Matches } from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { EmptyMeansAbsent } from '../../common/validation.pipe';

const SLUG = /^[a-z0-9-]{3,50}$/;
const SLUG_MESSAGE = 'must be 3 to 50 lower-case letters, digits or "-"';

@EmptyMeansAbsent()
export class AddCampaignDto implements RequestBody<'addCampaign'> {
  @IsOptional()
  @IsString()
  @Length(2, 100)
  name?: string;

  @IsOptional()
  @Matches(SLUG, { message: SLUG_MESSAGE })
  slug?: string;

  @IsOptional()
  @IsBoolean()
  public?: boolean;
}

export class UpdateCampaignDto implements RequestBody<'updateCampaign'> {
  @IsString()
  @Length(2, 100)
  name: string;

  /** `""` removes the slug, and with it the rotator. */
  @IsOptional()
  @Matches(/^$|^[a-z0-9-]{3,50}$/, { message: `${SLUG_MESSAGE}, or "" to remove it` })
  slug?: string;

  @IsOptional()
  @IsBoolean()
  public?: boolean;
}
