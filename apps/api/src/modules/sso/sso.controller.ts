import { Controller, Get, Inject, Logger, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../../common/account';
import { notFound } from '../../common/api-error';
import type { Ok } from '../../common/contract';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { Public } from '../../common/public.decorator';
import { SessionsService } from '../sessions/sessions.service';
import { SsoRefused, SsoService, type SsoTransaction } from './sso.service';

/** How long a sign-in at the provider may take, from the button to the answer. */
const TRANSACTION_S = 600;
const COOKIE_PATH = '/l/api/session/sso';
const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;
const NOT_SET_UP = 'Single sign-on is not set up on this service (OIDC_ISSUER).';

/**
 * Signing in through the OpenID provider: the sign-in page's methods, the button's start, and the
 * provider's answer. What the answer is checked against (state, nonce, PKCE verifier) waits in a
 * cookie of the browser that started, sent back only to these paths and only for ten minutes.
 */
@Controller('session')
export class SsoController {
  private readonly logger = new Logger('SingleSignOn');
  private readonly secure: boolean;
  private readonly dashboard: string;

  constructor(
    @Inject(SsoService) private readonly sso: SsoService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.secure = config.publicUrl.startsWith('https:');
    this.dashboard = `${config.publicUrl}/dashboard/`;
  }

  @Public()
  @Get('methods')
  getSignInMethods(): Ok<'getSignInMethods'> {
    const name = this.sso.name;
    return { error: 0, data: { password: true, sso: name === null ? null : { name, start: `${this.config.publicUrl}${COOKIE_PATH}` } } };
  }

  @Public()
  @Get('sso')
  async startSsoSession(@Query('login_hint') hint: unknown, @Res() reply: FastifyReply): Promise<void> {
    if (this.sso.name === null) throw notFound(NOT_SET_UP);
    const loginHint = typeof hint === 'string' && hint.length <= 254 && !/[\u0000-\u001f\u007f]/.test(hint) ? hint : undefined;
    let started: Awaited<ReturnType<SsoService['begin']>>;
    try {
      started = await this.sso.begin(loginHint);
    } catch (error) {
      return this.refuse(reply, error);
    }
    const value = Buffer.from(JSON.stringify(started.transaction)).toString('base64url');
    reply.header('Set-Cookie', this.transactionCookie(value, TRANSACTION_S)).header('Cache-Control', 'no-store').redirect(started.url, 302);
  }

  @Public()
  @Get('sso/callback')
  async completeSsoSession(@Req() request: AuthenticatedRequest, @Res() reply: FastifyReply): Promise<void> {
    if (this.sso.name === null) throw notFound(NOT_SET_UP);
    // The cookie has done its work whatever the answer: it goes.
    const spent = this.transactionCookie('', 0);
    reply.header('Cache-Control', 'no-store');
    try {
      const started = await this.sso.complete(new URL(request.url, this.config.publicUrl), readTransaction(request.headers.cookie));
      reply.header('Set-Cookie', [spent, this.sessions.cookie.set(started.token)]).redirect(this.dashboard, 302);
    } catch (error) {
      reply.header('Set-Cookie', spent);
      this.refuse(reply, error);
    }
  }

  /** Back to the sign-in page with the reason; the detail goes to the log with the request id. */
  private refuse(reply: FastifyReply, error: unknown): void {
    if (!(error instanceof SsoRefused)) throw error;
    this.logger.warn(`sign-in through the provider refused (${error.reason}): ${error.message} [${String(reply.request.id)}]`);
    reply.redirect(`${this.dashboard}?sso=${error.reason}`, 302);
  }

  private transactionCookie(value: string, maxAge: number): string {
    // No __Host- prefix: that prefix needs Path=/, and this cookie goes to these paths only.
    return `linkyard_sso=${value}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${this.secure ? '; Secure' : ''}`;
  }
}

/** The transaction of the request's cookie; null without one or when it is not of its shape. */
export function readTransaction(header: string | undefined): SsoTransaction | null {
  const value = header
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('linkyard_sso='))
    ?.slice('linkyard_sso='.length);
  if (!value || value.length > 1000) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { state, nonce, verifier } = parsed;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string') return null;
    if (![state, nonce, verifier].every((token) => TOKEN.test(token))) return null;
    return { state, nonce, verifier };
  } catch {
    return null;
  }
}
