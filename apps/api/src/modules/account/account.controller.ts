import { Body, Controller, Get, Inject, Put, Req } from '@nestjs/common';
import { CurrentAccount, type Account, type AuthenticatedRequest } from '../../common/account';
import type { Ok } from '../../common/contract';
import { parseOptionalDateTime } from '../../common/dates';
import { PostOk } from '../../common/post-ok.decorator';
import { UsersService } from '../users/users.service';
import { toAccount } from '../users/users.mapper';
import { RotateKeyDto, UpdateAccountDto } from './account.dto';
import { SessionsService } from '../sessions/sessions.service';

@Controller('account')
export class AccountController {
  constructor(
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  @Get()
  getAccount(@CurrentAccount() account: Account): Ok<'getAccount'> {
    // The row the request's authentication read, no older than the key it was found by (see Account.user).
    return { error: 0, data: toAccount(account.user, this.users.standing(account.user)) };
  }

  @Put('update')
  async updateAccount(
    @CurrentAccount() account: Account,
    @Body() body: UpdateAccountDto,
    @Req() request: AuthenticatedRequest,
  ): Promise<Ok<'updateAccount'>> {
    const { passwordRef } = await this.users.updateCredentials(
      account.user.id,
      { email: body.email, password: body.password },
      // The key the request was authenticated by, or its session was started with.
      { currentPassword: body.currentpassword, address: request.ip, keyHash: request.keyHash ?? request.session?.keyHash ?? null },
    );
    // A new password ends every session of the account but the one that set it.
    if (passwordRef !== null) await this.sessions.afterPasswordChange(account.user.id, request.session?.id, passwordRef);
    return { error: 0, message: 'Account updated.' };
  }

  @PostOk('apikey/rotate')
  async rotateAccountApiKey(
    @CurrentAccount() account: Account,
    @Body() body: RotateKeyDto,
    @Req() request: AuthenticatedRequest,
  ): Promise<Ok<'rotateAccountApiKey'>> {
    const expires = parseOptionalDateTime(body.expires);
    const apikey = await this.users.rotateKey(account.user.id, expires);
    // The other sessions started with the old key end with it; the one that rotated goes on.
    if (request.session) await this.sessions.carryToKey(request.session.id, apikey, expires);
    return { error: 0, apikey };
  }
}
