import { IsOptional, IsString, Length, Matches } from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { IsTagName, TAG_LENGTH, TAG_PATTERN, TAG_RULE } from './tags';

/** A tag's name: the document's `TagName` (tags.ts), written in its stored form as the body is read. */
function TagName(): PropertyDecorator {
  return (target, property) => {
    const rule = { message: `must be a tag, ${TAG_RULE}` };
    IsString(rule)(target, property);
    Length(1, TAG_LENGTH, rule)(target, property);
    Matches(TAG_PATTERN, rule)(target, property);
    IsTagName()(target, property);
  };
}

const COLOR = /^(#[0-9A-Fa-f]{6})?$/;
const COLOR_RULE = { message: 'must be a colour #RRGGBB, or "" for none' };

export class AddTagDto implements RequestBody<'addTag'> {
  @TagName()
  name: string;

  @IsOptional()
  @Matches(COLOR, COLOR_RULE)
  color?: string;
}

export class UpdateTagDto implements RequestBody<'updateTag'> {
  @IsOptional()
  @TagName()
  name?: string;

  /** `""` removes the colour. */
  @IsOptional()
  @Matches(COLOR, COLOR_RULE)
  color?: string;
}
