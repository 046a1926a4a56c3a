import type { IncomingHttpHeaders } from 'node:http';

/** A session lives at most this long, used or not. */
export const SESSION_LIFETIME_MS = 7 * 24 * 3600 * 1000;
/** A session not used for this long ends. */
export const SESSION_IDLE_MS = 12 * 3600 * 1000;
/** A device the account signed in on is remembered this long after its last sign-in. */
export const DEVICE_LIFETIME_MS = 90 * 24 * 3600 * 1000;

/** A session token: 256 random bits, URL-safe base64. */
export const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** A device cookie: `<account id>.<128 random bits>.<HMAC-SHA256>`, URL-safe base64 (see DeviceCookies). */
export const DEVICE_TOKEN = /^[1-9][0-9]{0,9}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

/**
 * A cookie of the service: `__Host-` prefixed and `Secure` when PUBLIC_URL is https (the browser
 * then refuses it from plain http and from any other host or path), host-only (no Domain: branded
 * domains never receive it), `HttpOnly` (no script reads it), and `SameSite` (Lax for the session:
 * no cross-site subrequest or form post carries it; Strict for the device cookie, which only the
 * sign-in reads).
 */
export class ServiceCookie {
  readonly name: string;
  private readonly secure: boolean;

  constructor(
    publicUrl: string,
    name: string,
    private readonly rules: { sameSite: 'Lax' | 'Strict'; maxAgeMs: number; shape: RegExp },
  ) {
    this.secure = publicUrl.startsWith('https:');
    this.name = this.secure ? `__Host-${name}` : name;
  }

  /** The Set-Cookie value that hands out `value`. */
  set(value: string): string {
    return this.serialize(value, Math.floor(this.rules.maxAgeMs / 1000));
  }

  /** The Set-Cookie value that removes the cookie. */
  clear(): string {
    return this.serialize('', 0);
  }

  /** The value of the request's cookie: undefined without one, null when it is not of the cookie's shape. */
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
    return this.rules.shape.test(found) ? found : null;
  }

  private serialize(value: string, maxAge: number): string {
    return `${this.name}=${value}; Path=/; HttpOnly; SameSite=${this.rules.sameSite}; Max-Age=${maxAge}${this.secure ? '; Secure' : ''}`;
  }
}

/** The session cookie (`linkyard_session`). */
export function sessionCookie(publicUrl: string): ServiceCookie {
  return new ServiceCookie(publicUrl, 'linkyard_session', { sameSite: 'Lax', maxAgeMs: SESSION_LIFETIME_MS, shape: SESSION_TOKEN });
}

/** The cookie of a device an account signed in on (`linkyard_device`). */
export function deviceCookie(publicUrl: string): ServiceCookie {
  return new ServiceCookie(publicUrl, 'linkyard_device', { sameSite: 'Strict', maxAgeMs: DEVICE_LIFETIME_MS, shape: DEVICE_TOKEN });
}
