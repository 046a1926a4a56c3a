import { IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { IsDateTime } from '../../common/validators';

export class UpdateAccountDto implements RequestBody<'updateAccount'> {
  @IsOptional()
  @IsEmail({}, { message: 'must be an e-mail address' })
  @MaxLength(254)
  email?: string;

  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'must be at least 8 characters long' })
  @MaxLength(200)
  password?: string;
}

export class RotateKeyDto implements NonNullable<RequestBody<'rotateAccountApiKey'>> {
  /** When the new key stops working; absent: never. */
  @IsOptional()
  @IsDateTime({ future: true })
  expires?: string;
}
