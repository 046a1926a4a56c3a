import { Body, Controller, Delete, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAccount, type Account, type ActiveSession, type AuthenticatedRequest } from '../../common/account';
import type { Ok } from '../../common/contract';
import { formatDateTime } from '../../common/dates';
import { PostOk } from '../../common/post-ok.decorator';
import { Public } from '../../common/public.decorator';
import { UsersService } from '../users/users.service';
import { toAccount } from '../users/users.mapper';
import { StartSessionDto } from './sessions.dto';
import { credentialsOf, SessionsService } from './sessions.service';

@Controller('session')
export class SessionsController {
  constructor(
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(UsersService) private readonly users: UsersService,
  ) {}

  @Get()
  getSession(@CurrentAccount() account: Account, @Req() request: AuthenticatedRequest): Ok<'getSession'> {
    return this.describe(account, request.session ?? null);
  }

  @Public()
  @PostOk()
  async startSession(
    @Body() body: StartSessionDto,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Ok<'startSession'>> {
    const started = await this.sessions.start(credentialsOf(body), { address: request.ip, headers: request.headers });
    const cookies = [this.sessions.cookie.set(started.token), ...(started.device ? [started.device] : [])];
    reply.header('Set-Cookie', cookies).header('Cache-Control', 'no-store');
    return this.describe(started.account, started.session);
  }

  @Delete()
  async endSession(@Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<Ok<'endSession'>> {
    if (!request.session) return { error: 0, message: 'This request was authenticated by an API key: there was no session to end.' };
    await this.sessions.end(request.session.id);
    reply.header('Set-Cookie', this.sessions.cookie.clear());
    return { error: 0, message: 'Signed out.' };
  }

  private describe(account: Account, session: ActiveSession | null): Ok<'getSession'> {
    // The row the request's authentication read (see Account.user).
    const user = account.user;
    return {
      error: 0,
      data: {
        via: session ? (session.sso ? 'sso' : 'session') : 'apikey',
        admin: user.admin,
        hasPassword: user.hasPassword,
        expires: session ? formatDateTime(new Date(session.expiresAt)) : null,
        idleExpires: session ? formatDateTime(new Date(session.idleExpiresAt)) : null,
        csrf: session ? session.csrf : null,
        account: toAccount(user, this.users.standing(user)),
      },
    };
  }
}
