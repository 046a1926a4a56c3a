import { Controller, Get, Inject, Req, Res, type OnModuleInit } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAccount, type Account, type AuthenticatedRequest } from '../../common/account';
import { ApiError, tooManyRequests } from '../../common/api-error';
import { LiveClicks, type LiveBatch, type LiveStream } from '../clicks/live-clicks';
import { SessionsService } from '../sessions/sessions.service';
import { UsersService } from '../users/users.service';

/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;
/** This often a stream checks that its session (or its account) is still there. */
export const LIVE_CHECK_MS = 5_000;

/** `GET /clicks/live`: the account's clicks as they are written, as server-sent events. */
@Controller('clicks')
export class LiveController implements OnModuleInit {
  constructor(
    @Inject(LiveClicks) private readonly live: LiveClicks,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(UsersService) private readonly users: UsersService,
  ) {}

  onModuleInit(): void {
    this.sessions.onEnd((id) => this.live.endSession(id));
  }

  @Get('live')
  streamClicks(@CurrentAccount() account: Account, @Req() request: AuthenticatedRequest, @Res() reply: FastifyReply): void {
    const raw = reply.raw;
    let ended = false;
    const timers: NodeJS.Timeout[] = [];
    const write = (text: string) => {
      if (!ended && !raw.destroyed) raw.write(text);
    };
    const stream: LiveStream = {
      account: account.id,
      session: request.session?.id ?? null,
      send: (batch: LiveBatch) => write(`event: clicks\ndata: ${JSON.stringify(batch)}\n\n`),
      end: (reason: string) => {
        if (ended) return;
        write(`event: end\ndata: ${JSON.stringify({ message: reason })}\n\n`);
        finish();
        raw.end();
      },
    };
    const finish = () => {
      ended = true;
      timers.forEach(clearInterval);
      this.live.remove(stream);
    };

    const opened = this.live.add(stream);
    if (opened === 'account-full') {
      throw tooManyRequests(
        'This account has as many live click streams open as it may on this instance (LIVE_STREAMS_PER_ACCOUNT): close another tab of the dashboard, or try again later.',
        5,
      );
    }
    if (opened === 'instance-full') {
      throw new ApiError(503, 'This instance has as many live click streams open as it may (LIVE_STREAMS_MAX); try again shortly.', {
        'Retry-After': '5',
      });
    }

    reply.hijack();
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    // A reader that loses the stream tries again after 5 seconds.
    write(`retry: 5000\nevent: ready\ndata: {}\n\n`);
    raw.on('close', finish);
    timers.push(setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS));
    timers.push(
      setInterval(() => {
        const check = stream.session !== null ? this.sessions.isLive(stream.session) : this.users.findAccountById(account.id).then(Boolean);
        check.then(
          (live) => live || stream.end(stream.session !== null ? 'The session ended.' : 'The account is gone.'),
          () => undefined, // the database is away: the next check decides
        );
      }, LIVE_CHECK_MS),
    );
    timers.forEach((timer) => timer.unref());
  }
}
