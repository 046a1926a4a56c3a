import { IsBoolean, IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { IsEmailAddress } from '../../common/validators';
import { ROLES } from './roles';

const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
const ROLE_MESSAGE = `must be one of ${[...ROLES].reverse().join(', ')}`;

export class AddWorkspaceDto implements RequestBody<'addWorkspace'> {
  @IsString()
  @Length(1, 100)
  @Matches(NO_CONTROL, { message: 'must not hold control characters' })
  name: string;
}

export class UpdateWorkspaceDto implements RequestBody<'updateWorkspace'> {
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @Matches(NO_CONTROL, { message: 'must not hold control characters' })
  name?: string;

  @IsOptional()
  @IsBoolean()
  ssoOnly?: boolean;
}

export class UpdateMemberDto implements RequestBody<'updateMember'> {
  @IsIn(ROLES, { message: ROLE_MESSAGE })
  role: RequestBody<'updateMember'>['role'];
}

export class AddInvitationDto implements RequestBody<'addInvitation'> {
  @IsEmailAddress()
  email: string;

  @IsIn(ROLES, { message: ROLE_MESSAGE })
  role: RequestBody<'addInvitation'>['role'];
}

export class AddWorkspaceKeyDto implements RequestBody<'addWorkspaceKey'> {
  @IsString()
  @Length(1, 100)
  @Matches(NO_CONTROL, { message: 'must not hold control characters' })
  name: string;

  @IsIn(['full', 'read'], { message: 'must be full or read' })
  scope: 'full' | 'read';
}
