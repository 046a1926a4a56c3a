import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { IsDateTime, IsEmailAddress } from '../../common/validators';
import { EmptyMeansAbsent } from '../../common/validation.pipe';

@EmptyMeansAbsent()
export class AddUserDto implements RequestBody<'addUser'> {
  @IsString()
  @Matches(/^[A-Za-z0-9_.-]{3,50}$/, { message: 'must be 3 to 50 letters, digits, "_", "." or "-"' })
  username: string;

  @IsEmailAddress()
  email: string;

  @IsString()
  @MinLength(8, { message: 'must be at least 8 characters long' })
  @MaxLength(200)
  password: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  planid?: number;

  /** When the plan ends. */
  @IsOptional()
  @IsDateTime()
  expiration?: string;

  /** Requests a minute for this account, overriding its plan. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100000)
  ratelimit?: number;
}

/** What an admin changes of an account: whether it is disabled. */
export class UpdateUserDto implements RequestBody<'updateUser'> {
  @IsBoolean()
  disabled: boolean;
}

export class SubscribeUserDto implements NonNullable<RequestBody<'subscribeUser'>> {
  @IsOptional()
  @IsDateTime()
  expiration?: string;
}
