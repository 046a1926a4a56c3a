import { Controller, Get, Inject, Req, Res, type OnModuleInit } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAccount, type Account, type AuthenticatedRequest } from '../../common/account';
import { ApiError, tooManyRequests } from '../../common/api-error';
import { Clock } from '../../common/clock';
import { LiveClicks, type LiveBatch, type LiveStream } from '../clicks/live-clicks';
import { AuthCache } from '../auth/auth-cache';
import { SessionsService } from '../sessions/sessions.service';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';
import { UsersService } from '../users/users.service';

/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;
/** This often a stream checks that its session (or its key) is still good. */
export const LIVE_CHECK_MS = 5_000;
/**
 * What a stream may hold for a reader that does not read (beyond what the connection's own buffers
 * take): a batch is a few hundred bytes, so a reader this far behind has stopped. Past it, the
 * stream is dropped, and its memory with it; a reader that comes back connects again.
 */
export const LIVE_BUFFER_LIMIT = 256 * 1024;

/**
 * Writes a stream's text, or drops the stream (`drop`) once its reader has left more than
 * `limit` bytes unread in the service's buffer: a slow or stalled reader never holds memory
 * without bound.
 */
export function boundedWriter(
  raw: NodeJS.WritableStream & { writableLength: number; destroyed: boolean },
  limit: number,
  drop: () => void,
) {
  return (text: string): void => {
    if (raw.destroyed) return;
    if (raw.writableLength + Buffer.byteLength(text) > limit) return drop();
    raw.write(text);
  };
}

/** `GET /clicks/live`: the account's clicks as they are written, as server-sent events. */
@Controller('clicks')
export class LiveController implements OnModuleInit {
  /** The open streams' checks, by account: run again whenever the account's keys change. */
  private readonly checks = new Map<number, Set<() => void>>();

  constructor(
    @Inject(LiveClicks) private readonly live: LiveClicks,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AuthCache) private readonly keys: AuthCache,
    @Inject(WorkspacesRepository) private readonly workspaces: WorkspacesRepository,
  ) {}

  onModuleInit(): void {
    this.sessions.onEnd((id) => this.live.endSession(id));
    // A key rotated or revoked here or on another instance: the account's streams hold what they
    // would send until their key (or session) is checked again, and end if it is no longer good.
    this.keys.onDrop((account) => {
      const checks = account === '*' ? [...this.checks.values()].flatMap((set) => [...set]) : [...(this.checks.get(account) ?? [])];
      for (const check of checks) check();
    });
  }

  @Get('live')
  streamClicks(@CurrentAccount() account: Account, @Req() request: AuthenticatedRequest, @Res() reply: FastifyReply): void {
    const raw = reply.raw;
    // Checks are by person (their keys, their memberships); the clicks are the workspace's (account.id).
    const person = account.user.id;
    let ended = false;
    const timers: NodeJS.Timeout[] = [];
    const bounded = boundedWriter(raw, LIVE_BUFFER_LIMIT, () => {
      finish();
      raw.destroy();
    });
    const write = (text: string) => {
      if (!ended) bounded(text);
    };
    /** Batches held while the stream's key is checked again (null: not held). */
    let held: LiveBatch[] | null = null;
    const sendBatch = (batch: LiveBatch) => write(`event: clicks\ndata: ${JSON.stringify(batch)}\n\n`);
    const stream: LiveStream = {
      account: account.id,
      session: request.session?.id ?? null,
      send: (batch: LiveBatch) => (held ? held.push(batch) : sendBatch(batch)),
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
      this.checks.get(person)?.delete(recheck);
      if (this.checks.get(person)?.size === 0) this.checks.delete(person);
    };
    /** Checks that the stream's session or key is still good, and its person still a member; ends it otherwise. */
    const check = () =>
      (stream.session !== null ? this.sessions.isLive(stream.session) : this.keyIsGood(person, request.keyHash))
        .then(async (live) => {
          if (live && account.id !== person && !(await this.workspaces.roleOf(person, account.id))) {
            stream.end('You are no longer a member of this workspace.');
            return false;
          }
          return (
            live ||
            stream.end(
              stream.session !== null ? 'The session ended.' : 'The API key was rotated or expired, or the account is gone or disabled.',
            )
          );
        })
        .catch(() => true); // the database is away: the next check decides
    /** The account's keys changed: hold what the stream would send until it is checked. */
    const recheck = () => {
      if (ended) return;
      held ??= [];
      void check().then((live) => {
        const batches = held ?? [];
        held = null;
        if (live) batches.forEach(sendBatch);
      });
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
    // A reader gone before the stream began (its 'close' is past): the stream is not kept.
    if (raw.destroyed || !raw.socket || raw.socket.destroyed) return finish();
    timers.push(setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS));
    let mine = this.checks.get(person);
    if (!mine) this.checks.set(person, (mine = new Set()));
    mine.add(recheck);
    timers.push(setInterval(() => void check(), LIVE_CHECK_MS));
    timers.forEach((timer) => timer.unref());
  }

  /** The stream's key is still the account's, has not expired, and the account is not disabled. */
  private async keyIsGood(accountId: number, keyHash: string | undefined): Promise<boolean> {
    const account = keyHash === undefined ? null : await this.users.findAccountByKeyHash(keyHash);
    return (
      account !== null &&
      account.user.id === accountId &&
      !account.disabled &&
      (account.keyExpiresAt === null || account.keyExpiresAt > this.clock.now())
    );
  }
}
