import { applyDecorators } from '@nestjs/common';
import { PartialType } from '@nestjs/mapped-types';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { IsAppUrl, IsDateTime, IsHttpUrl } from '../../common/validators';
import { EmptyMeansAbsent } from '../../common/validation.pipe';
import { DEVICES, MAX_VARIANTS } from './targets';
import { IsTags, MAX_TAGS, TAG_LENGTH, TAG_PATTERN, TAG_RULE } from './tags';

export const ALIAS = /^[A-Za-z0-9_-]{3,50}$/;
/** Link passwords are guessed at most 10 times a minute per address; six characters at least. */
export const LINK_PASSWORD_MIN = 6;
const MAX_TARGETS = 50;
/** One message for every rule of `tags`, whichever refuses first. */
const TAGS_RULE = { message: `must be a list of at most ${MAX_TAGS} tags, each ${TAG_RULE}` };

/** An optional list of tags (a link's `tags`, a filter's `tag`, a bulk edit's), written in their stored form. */
function TagList({ atLeastOne = false } = {}): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    IsArray(TAGS_RULE),
    ...(atLeastOne ? [ArrayMinSize(1, TAGS_RULE)] : []),
    ArrayMaxSize(MAX_TAGS, TAGS_RULE),
    IsString({ each: true, ...TAGS_RULE }),
    Length(1, TAG_LENGTH, { each: true, ...TAGS_RULE }),
    Matches(TAG_PATTERN, { each: true, ...TAGS_RULE }),
    IsTags(),
  );
}

class GeoTargetDto {
  @IsString()
  @Length(2, 100)
  location: string;

  @IsHttpUrl()
  link: string;
}

class VariantDto {
  @IsHttpUrl()
  url: string;

  @IsInt()
  @Min(0)
  @Max(100)
  weight: number;
}

class DeviceTargetDto {
  @IsString()
  @Matches(
    /^([Ii][Pp][Hh][Oo][Nn][Ee]|[Ii][Pp][Aa][Dd]|[Aa][Nn][Dd][Rr][Oo][Ii][Dd]|[Ww][Ii][Nn][Dd][Oo][Ww][Ss]|[Mm][Aa][Cc][Oo][Ss]|[Ll][Ii][Nn][Uu][Xx])$/,
    {
      message: `must be one of ${DEVICES.join(', ')}`,
    },
  )
  device: string;

  @IsHttpUrl()
  link: string;
}

class LanguageTargetDto {
  @IsString()
  @Matches(/^[A-Za-z]{2}$/, { message: 'must be an ISO 639-1 code of two letters' })
  language: string;

  @IsHttpUrl()
  link: string;
}

class DeepLinkDto {
  @IsOptional()
  @IsBoolean()
  auto?: boolean;

  @IsOptional()
  @IsAppUrl({ allowEmpty: true })
  apple?: string;

  @IsOptional()
  @IsAppUrl({ allowEmpty: true })
  google?: string;
}

class ParameterDto {
  @IsString()
  @Length(1, 100)
  @Matches(/^[^\s&=#?]{1,100}$/, { message: 'must be 1 to 100 characters without spaces, &, =, # or ?' })
  name: string;

  @IsString()
  @MaxLength(500)
  value: string;
}

@EmptyMeansAbsent()
export class AddUrlDto implements RequestBody<'addUrl'> {
  @IsHttpUrl()
  url: string;

  @IsOptional()
  @Matches(ALIAS, { message: 'must be 3 to 50 letters, digits, "_" or "-"' })
  custom?: string;

  /** A branded domain of the account, as its URL or host; `""` on update: the service's own address. */
  @IsOptional()
  @IsString()
  @MaxLength(300)
  domain?: string;

  /** `""` on update removes the password. */
  @IsOptional()
  @IsString()
  @ValidateIf((_object, value) => value !== '')
  @MinLength(LINK_PASSWORD_MIN, { message: `must be ${LINK_PASSWORD_MIN} to 100 characters, or "" to remove it` })
  @MaxLength(100)
  password?: string;

  /** `""` on update removes the expiry. */
  @IsOptional()
  @ValidateIf((_object, value) => value !== '')
  @IsDateTime({ future: true })
  expiry?: string;

  @IsOptional()
  @Matches(/^(direct|frame|[1-9][0-9]{0,9}|overlay-[1-9][0-9]{0,9})$/, {
    message: 'must be direct, frame, the id of a splash page, or overlay-<id>',
  })
  type?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  metatitle?: string;

  /** Accepted as the same field as `metatitle`. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  title?: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  metadescription?: string;

  @IsOptional()
  @IsHttpUrl({ allowEmpty: true })
  metaimage?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TARGETS)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(2_147_483_647, { each: true })
  pixels?: number[];

  /** A campaign of the account; `0` on update takes the link out of its campaign. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2_147_483_647)
  campaign?: number;

  /** A channel of the account the link is added to. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  channel?: number;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TARGETS)
  @ValidateNested({ each: true })
  @Type(() => GeoTargetDto)
  geotarget?: GeoTargetDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TARGETS)
  @ValidateNested({ each: true })
  @Type(() => DeviceTargetDto)
  devicetarget?: DeviceTargetDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TARGETS)
  @ValidateNested({ each: true })
  @Type(() => LanguageTargetDto)
  languagetarget?: LanguageTargetDto[];

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => DeepLinkDto)
  deeplink?: DeepLinkDto;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => ParameterDto)
  parameters?: ParameterDto[];

  @IsOptional()
  @IsIn(['public', 'private'])
  status?: 'public' | 'private';

  /** Archived: the link leaves the default list, and keeps redirecting and counting. */
  @IsOptional()
  @IsBoolean()
  archived?: boolean;

  /** People's clicks after which the link answers like an expired one; `0` on update removes the limit. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2_147_483_647)
  clicklimit?: number;

  /** Before this date-time the link answers like an expired one; `""` on update removes it. */
  @IsOptional()
  @ValidateIf((_object, value) => value !== '')
  @IsDateTime()
  startdate?: string;

  /** An A/B split (normalizeVariants checks the count, the sum and the first URL); `[]` removes it. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_VARIANTS)
  @ValidateNested({ each: true })
  @Type(() => VariantDto)
  variants?: VariantDto[];

  /** Replaces the link's tags, written in their stored form (tags.ts). */
  @TagList()
  tags?: string[];
}

export class UpdateUrlDto extends PartialType(AddUrlDto) implements RequestBody<'updateUrl'> {}

/** Most links a bulk call creates. */
export const MAX_BULK_LINKS = 1000;

/**
 * A bulk call: the items are checked one by one as `AddUrlDto` bodies (checkItem), so that each
 * answers with its own error; here only the list itself is checked. (Not `implements`: the items
 * are not yet `LinkAdd` bodies when this class holds them.)
 */
export class BulkUrlsDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BULK_LINKS)
  urls: unknown[];
}

/** Most links one bulk edit changes (by a filter; by ids, as many as a bulk call creates). */
export const MAX_BULK_EDIT = 10_000;

/** A bulk edit's `filter`: `GET /urls`'s filters, as JSON (each read by its rule in link-filter.ts). */
class LinkFilterDto {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  campaign?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  channel?: number;

  @IsOptional()
  @IsString()
  @MaxLength(300)
  domain?: string;

  @TagList()
  tag?: string[];

  @IsOptional()
  @IsIn(['public', 'private'])
  status?: 'public' | 'private';

  @IsOptional()
  @IsIn(['active', 'expired', 'limited', 'scheduled'])
  state?: 'active' | 'expired' | 'limited' | 'scheduled';

  @IsOptional()
  @IsString()
  @MaxLength(40)
  from?: string;

  @IsOptional()
  @IsString()
  @MaxLength(40)
  to?: string;

  @IsOptional()
  @IsIn(['include', 'only'])
  archived?: 'include' | 'only';
}

/** What a bulk edit changes on every link it names. */
class LinkChangesDto {
  /** Tags added after each link's own (at most 20 in all on a link). */
  @TagList({ atLeastOne: true })
  addtags?: string[];

  @TagList({ atLeastOne: true })
  removetags?: string[];

  /** A campaign of the account; `0` takes the links out of theirs. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2_147_483_647)
  campaign?: number;

  /** A channel of the account the links are added to. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  channel?: number;

  /** `""` removes the expiry. */
  @IsOptional()
  @ValidateIf((_object, value) => value !== '')
  @IsDateTime({ future: true })
  expiry?: string;

  /** A branded domain of the account, as its URL or host; `""`: the service's own address. */
  @IsOptional()
  @IsString()
  @MaxLength(300)
  domain?: string;

  @IsOptional()
  @IsIn(['public', 'private'])
  status?: 'public' | 'private';

  @IsOptional()
  @IsBoolean()
  archived?: boolean;

  /** A click limit for every link; `0` removes theirs. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2_147_483_647)
  clicklimit?: number;

  /** A start date for every link; `""` removes theirs. */
  @IsOptional()
  @ValidateIf((_object, value) => value !== '')
  @IsDateTime()
  startdate?: string;
}

/** A bulk edit: the links (by id, or every link a filter keeps) and the changes. */
export class UpdateUrlsDto implements RequestBody<'updateUrls'> {
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BULK_LINKS)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(2_147_483_647, { each: true })
  ids?: number[];

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => LinkFilterDto)
  filter?: LinkFilterDto;

  @IsObject()
  @ValidateNested()
  @Type(() => LinkChangesDto)
  changes: LinkChangesDto;
}
