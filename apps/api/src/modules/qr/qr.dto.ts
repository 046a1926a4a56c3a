import { OmitType, PartialType } from '@nestjs/mapped-types';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import type { RequestBody } from '../../common/contract';
import type { QrType } from './qr.entity';
import { QR_TYPES } from './qr-data';
import { EmptyMeansAbsent } from '../../common/validation.pipe';

const TYPE_MESSAGE = `must be one of ${QR_TYPES.join(', ')}`;

/** `data` is checked against `type` by the service; colors and the logo too. */
@EmptyMeansAbsent()
export class AddQrDto implements RequestBody<'addQr'> {
  @IsIn(QR_TYPES, { message: TYPE_MESSAGE })
  type: QrType;

  @IsDefined({ message: 'is required' })
  data: RequestBody<'addQr'>['data'];

  @IsOptional()
  @IsString()
  @MaxLength(40)
  @Matches(/^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/, { message: 'must be rgb(R,G,B) with 0 to 255 each' })
  background?: string;

  @IsOptional()
  @IsString()
  @MaxLength(40)
  @Matches(/^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/, { message: 'must be rgb(R,G,B) with 0 to 255 each' })
  foreground?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  logo?: string;

  /** A logo uploaded as base64 or a data URL (logo-upload.ts reads it). */
  @IsOptional()
  @IsString()
  @Length(1, 700_000)
  logoFile?: string;

  @IsOptional()
  @IsString()
  @Length(1, 100)
  name?: string;
}

/** A draft to draw (`POST /qr/preview`): a new code's fields, the image's format and size. */
@EmptyMeansAbsent()
export class PreviewQrDto extends AddQrDto implements RequestBody<'previewQr'> {
  @IsOptional()
  @IsIn(['png', 'svg'], { message: 'must be png or svg' })
  format?: 'png' | 'svg';

  @IsOptional()
  @IsInt()
  @Min(100)
  @Max(1000)
  size?: number;
}

/** Any subset, but `data` is required; `logo: ""` removes the logo. */
export class UpdateQrDto extends PartialType(OmitType(AddQrDto, ['data'] as const)) implements RequestBody<'updateQr'> {
  @IsDefined({ message: 'is required' })
  data: RequestBody<'updateQr'>['data'];
}
