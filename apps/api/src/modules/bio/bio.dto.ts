import type { components } from '@linkyard/spec';
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
  ValidateNested,
} from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { EachOfType } from '../../common/each-of-type';
import { EmptyMeansAbsent } from '../../common/validation.pipe';
import { HEX_COLOR, IsEmailAddress, IsHttpUrl } from '../../common/validators';
import { ALIAS } from '../links/links.dto';
import { PlainText } from './bio-text';
import { BUTTON_SHAPES, FONTS } from './bio-theme';

type Schemas = components['schemas'];
type BioThemeInput = Schemas['BioThemeInput'];
type BioSeoInput = Schemas['BioSeoInput'];
type BioLinkBlockInput = Schemas['BioLinkBlockInput'];
type BioHeadingBlockInput = Schemas['BioHeadingBlockInput'];
type BioTextBlockInput = Schemas['BioTextBlockInput'];
type BioImageBlockInput = Schemas['BioImageBlockInput'];
type BioSocialLinkInput = Schemas['BioSocialLinkInput'];
type BioSocialBlockInput = Schemas['BioSocialBlockInput'];
type BioEmbedBlockInput = Schemas['BioEmbedBlockInput'];
type BioContactBlockInput = Schemas['BioContactBlockInput'];

/** The largest upload field: the body's whole limit (the body limit bounds all of them together). */
export const MAX_UPLOAD_LENGTH = 1_048_576;
export const MAX_BLOCKS = 100;
export const MAX_IMAGE_BLOCKS = 20;
export const MAX_PIXELS = 50;
export const ICONS = [
  'link',
  'shop',
  'calendar',
  'music',
  'video',
  'download',
  'star',
  'heart',
  'map',
  'news',
  'mail',
  'phone',
] as const satisfies readonly Schemas['BioIcon'][];
export const NETWORKS = [
  'website',
  'facebook',
  'instagram',
  'x',
  'threads',
  'bluesky',
  'mastodon',
  'tiktok',
  'youtube',
  'twitch',
  'linkedin',
  'github',
  'pinterest',
  'snapchat',
  'discord',
  'whatsapp',
  'telegram',
  'spotify',
  'soundcloud',
] as const satisfies readonly Schemas['BioNetwork'][];
const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;
const HEX = { message: 'must be a HEX color #RRGGBB' };

class BioThemeDto implements BioThemeInput {
  @IsOptional()
  @Matches(HEX_COLOR, HEX)
  background?: string;

  @IsOptional()
  @Matches(HEX_COLOR, HEX)
  text?: string;

  @IsOptional()
  @Matches(HEX_COLOR, HEX)
  button?: string;

  @IsOptional()
  @Matches(HEX_COLOR, HEX)
  buttonText?: string;

  @IsOptional()
  @IsIn(BUTTON_SHAPES)
  buttonShape?: Schemas['BioButtonShape'];

  @IsOptional()
  @IsIn(FONTS)
  font?: Schemas['BioFont'];
}

class BioSeoDto implements BioSeoInput {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @PlainText()
  title?: string;

  @IsOptional()
  @IsString()
  @MaxLength(300)
  @PlainText()
  description?: string;

  /** An upload, or `""` to remove the image. */
  @IsOptional()
  @IsString()
  @MaxLength(MAX_UPLOAD_LENGTH)
  image?: string;
}

/** What every block input may carry: on update, the id of the page's block it is. */
abstract class BlockDto {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  id?: number;
}

export class LinkBlockDto extends BlockDto implements BioLinkBlockInput {
  @IsString()
  @IsIn(['link'])
  type: 'link';

  @IsString()
  @Length(1, 100)
  @PlainText()
  title: string;

  @IsHttpUrl()
  url: string;

  /** An icon of the set, or `""` for none. */
  @IsOptional()
  @IsString()
  @IsIn([...ICONS, ''])
  icon?: Schemas['BioIcon'] | '';
}

export class HeadingBlockDto extends BlockDto implements BioHeadingBlockInput {
  @IsString()
  @IsIn(['heading'])
  type: 'heading';

  @IsString()
  @Length(1, 100)
  @PlainText()
  text: string;
}

export class TextBlockDto extends BlockDto implements BioTextBlockInput {
  @IsString()
  @IsIn(['text'])
  type: 'text';

  @IsString()
  @Length(1, 1000)
  @PlainText({ multiline: true })
  text: string;
}

export class ImageBlockDto extends BlockDto implements BioImageBlockInput {
  @IsString()
  @IsIn(['image'])
  type: 'image';

  /** Required for a new block (a rule across fields: the service checks it). */
  @IsOptional()
  @IsString()
  @Length(1, MAX_UPLOAD_LENGTH)
  image?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  @PlainText()
  alt?: string;
}

class SocialLinkDto implements BioSocialLinkInput {
  @IsIn(NETWORKS)
  network: Schemas['BioNetwork'];

  @IsHttpUrl()
  url: string;
}

export class SocialBlockDto extends BlockDto implements BioSocialBlockInput {
  @IsString()
  @IsIn(['social'])
  type: 'social';

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => SocialLinkDto)
  links: SocialLinkDto[];
}

export class EmbedBlockDto extends BlockDto implements BioEmbedBlockInput {
  @IsString()
  @IsIn(['embed'])
  type: 'embed';

  @IsHttpUrl()
  url: string;
}

export class ContactBlockDto extends BlockDto implements BioContactBlockInput {
  @IsString()
  @IsIn(['contact'])
  type: 'contact';

  @IsOptional()
  @IsString()
  @Length(1, 100)
  @PlainText()
  title?: string;

  @IsEmailAddress()
  email: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  @PlainText()
  subject?: string;
}

export type BlockInput = LinkBlockDto | HeadingBlockDto | TextBlockDto | ImageBlockDto | SocialBlockDto | EmbedBlockDto | ContactBlockDto;

@EmptyMeansAbsent()
export class AddBioPageDto implements RequestBody<'addBioPage'> {
  @IsOptional()
  @Matches(ALIAS, { message: 'must be 3 to 50 letters, digits, "_" or "-"' })
  alias?: string;

  /** A branded domain of the account, as its URL or host; `""`: the service's own address. */
  @IsOptional()
  @IsString()
  @MaxLength(300)
  domain?: string;

  @IsString()
  @Length(1, 100)
  @PlainText()
  name: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  @PlainText()
  title?: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  @PlainText({ multiline: true })
  description?: string;

  /** An upload, or `""` to remove the avatar. */
  @IsOptional()
  @IsString()
  @MaxLength(MAX_UPLOAD_LENGTH)
  avatar?: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => BioThemeDto)
  theme?: BioThemeDto;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => BioSeoDto)
  seo?: BioSeoDto;

  @IsOptional()
  @IsString()
  @MaxLength(35)
  @Matches(LANGUAGE, { message: 'must be a language tag such as en or fr-CA' })
  language?: string;

  @IsOptional()
  @IsBoolean()
  public?: boolean;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PIXELS)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(2_147_483_647, { each: true })
  pixels?: number[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_BLOCKS)
  @EachOfType({
    link: LinkBlockDto,
    heading: HeadingBlockDto,
    text: TextBlockDto,
    image: ImageBlockDto,
    social: SocialBlockDto,
    embed: EmbedBlockDto,
    contact: ContactBlockDto,
  })
  blocks?: BlockInput[];
}

export class UpdateBioPageDto extends PartialType(AddBioPageDto) implements RequestBody<'updateBioPage'> {}

/** The body of a preview of a new page: exactly `bio/add`'s. */
@EmptyMeansAbsent()
export class PreviewNewBioPageDto extends AddBioPageDto implements RequestBody<'previewNewBioPage'> {}

/** The body of a preview of a change: exactly `bio/{id}/update`'s. */
export class PreviewBioPageDto extends UpdateBioPageDto implements RequestBody<'previewBioPage'> {}
