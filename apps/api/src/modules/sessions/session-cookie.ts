import type { IncomingHttpHeaders } from 'node:http';

/** A session lives at most this long, used or not. */
export const SESSION_LIFETIME_MS = 7 * 24 * 3600 * 1000;
/** A session not used for this long ends. */
export const SESSION_IDLE_MS = 12 * 3600 * 1000;

const NAME = 'linkyard_session';
/** A session token: 256 random bits, URL-safe base64. */
export const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The session cookie of a service: `__Host-` prefixed and `Secure` when PUBLIC_URL is https (the
 * browser then refuses it from plain http and from any other host or path), host-only (no Domain:
 * branded domains never receive it), `HttpOnly` (no script reads it) and `SameSite=Lax` (no
 * cross-site subrequest or form post carries it).
 */
export class SessionCookie {
  readonly name: string;
  private readonly secure: boolean;

  constructor(publicUrl: string) {
    this.secure = publicUrl.startsWith('https:');
    this.name = this.secure ? `__Host-${NAME}` : NAME;
  }

  /** The Set-Cookie value that hands out `token`. */
  set(token: string): string {
    return this.serialize(token, Math.floor(SESSION_LIFETIME_MS / 1000));
  }

  /** The Set-Cookie value that removes the cookie. */
  clear(): string {
    return this.serialize('', 0);
  }

  /** The token of the request's cookie: undefined without one, null when it is not a token's shape. */
  read(headers: IncomingHttpHeaders): string | null | undefined {
    const header = headers.cookie;
    if (!header) return undefined;
    let found: string | undefined;
    for (const part of header.split(';')) {
      const equals = part.indexOf('=');
      if (equals < 0 || part.slice(0, equals).trim() !== this.name) continue;
      found = part.slice(equals + 1).trim();
    }
    if (found === undefined) return undefined;
    return SESSION_TOKEN.test(found) ? found : null;
  }

  private serialize(value: string, maxAge: number): string {
    return `${this.name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${this.secure ? '; Secure' : ''}`;
  }
}
