import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { IsDateTime, IsEmailAddress } from '../../common/validators';

export class UpdateAccountDto implements RequestBody<'updateAccount'> {
  @IsOptional()
  @IsEmailAddress()
  email?: string;

  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'must be at least 8 characters long' })
  @MaxLength(200)
  password?: string;

  /** The account's current password: needed to change either field when the account has one. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  currentpassword?: string;
}

export class RotateKeyDto implements NonNullable<RequestBody<'rotateAccountApiKey'>> {
  /** When the new key stops working; absent: never. */
  @IsOptional()
  @IsDateTime({ future: true })
  expires?: string;
}
