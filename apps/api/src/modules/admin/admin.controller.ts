import { Body, Controller, Delete, Get, Inject, Param, Put, Query } from '@nestjs/common';
import { CurrentAccount, type Account } from '../../common/account';
import { badRequest } from '../../common/api-error';
import type { Ok, PathParams, QueryParams } from '../../common/contract';
import { parseOptionalDateTime } from '../../common/dates';
import { readPage } from '../../common/pagination';
import { ParseIdPipe } from '../../common/parse-id.pipe';
import { PostOk } from '../../common/post-ok.decorator';
import { AdminOnly } from '../../common/public.decorator';
import { RotateKeyDto } from '../account/account.dto';
import { SessionsService } from '../sessions/sessions.service';
import { UsersService } from '../users/users.service';
import { toAdminUser, toPlan } from '../users/users.mapper';
import { AddUserDto, SubscribeUserDto, UpdateUserDto } from './admin.dto';

/** The admin endpoints of the origin product: users and plans. Admin keys only. */
@Controller()
@AdminOnly()
export class AdminController {
  constructor(
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  @Get('users')
  async listUsers(@Query() query: QueryParams<'listUsers'>): Promise<Ok<'listUsers'>> {
    const users = await this.users.list(readPage(query));
    return { error: 0, data: users.map((user) => toAdminUser(user, this.users.standing(user))) };
  }

  @Get('user/:id')
  async getUser(@Param('id', ParseIdPipe) id: PathParams<'getUser'>['id']): Promise<Ok<'getUser'>> {
    const user = await this.users.get(id);
    return { error: 0, data: toAdminUser(user, this.users.standing(user)) };
  }

  @PostOk('user/add')
  async addUser(@Body() body: AddUserDto): Promise<Ok<'addUser'>> {
    const { user, apiKey } = await this.users.create({
      username: body.username,
      email: body.email,
      password: body.password,
      planId: body.planid,
      planExpires: parseOptionalDateTime(body.expiration),
      ratelimit: body.ratelimit,
    });
    return { error: 0, data: { id: user.id, email: user.email, username: user.username, apikey: apiKey } };
  }

  /**
   * Disables or enables an account. A disabled account's key is refused on every instance once this
   * answers (the write is announced to the key caches), its sessions end, and its live click streams
   * close when they check their session or key again, at once on the key caches' word.
   */
  @Put('user/:id/update')
  async updateUser(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'updateUser'>['id'],
    @Body() body: UpdateUserDto,
  ): Promise<Ok<'updateUser'>> {
    if (id === account.user.id && body.disabled) throw badRequest('An admin cannot disable its own account.');
    const user = await this.users.setDisabled(id, body.disabled);
    if (body.disabled) await this.sessions.endAllOf(id);
    return { error: 0, data: toAdminUser(user, this.users.standing(user)) };
  }

  @Delete('user/:id/delete')
  async deleteUser(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'deleteUser'>['id'],
  ): Promise<Ok<'deleteUser'>> {
    if (id === account.user.id) throw badRequest('An admin cannot delete its own account.');
    await this.users.delete(id);
    return { error: 0, message: 'User deleted.' };
  }

  @PostOk('user/:id/apikey/rotate')
  async rotateUserApiKey(
    @Param('id', ParseIdPipe) id: PathParams<'rotateUserApiKey'>['id'],
    @Body() body: RotateKeyDto,
  ): Promise<Ok<'rotateUserApiKey'>> {
    return { error: 0, apikey: await this.users.rotateKey(id, parseOptionalDateTime(body.expires)) };
  }

  @Get('plans')
  async listPlans(@Query() query: QueryParams<'listPlans'>): Promise<Ok<'listPlans'>> {
    return { error: 0, data: (await this.users.listPlans(readPage(query))).map(toPlan) };
  }

  @Put('plan/:planid/user/:userid')
  async subscribeUser(
    @Param('planid', ParseIdPipe) planId: PathParams<'subscribeUser'>['planid'],
    @Param('userid', ParseIdPipe) userId: PathParams<'subscribeUser'>['userid'],
    @Body() body: SubscribeUserDto,
  ): Promise<Ok<'subscribeUser'>> {
    await this.users.subscribe(userId, planId, parseOptionalDateTime(body.expiration));
    return { error: 0, message: 'Subscription updated.' };
  }
}
