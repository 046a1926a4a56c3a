import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { SettingsRepository } from '../../database/settings.repository';
import { deviceCookie, type ServiceCookie } from './session-cookie';

/**
 * The devices an account signed in on with its password (a "device cookie": OWASP's answer to
 * lockouts a stranger could cause). A browser that signed in to an account gets a cookie naming
 * the account and a random device id, signed with a secret of the service over the account, the
 * id and the password it signed in with (passwordRef); its later password sign-ins to that
 * account are spared the gap that wrong passwords from elsewhere put between attempts
 * (GuessLimits), so a stranger guessing at an account slows down only sign-ins from new devices.
 * A new or cleared password ends every device cookie of the old one: cookies collected by
 * someone who knew a password are worth nothing once it changes. Nothing is stored: the
 * signature proves the cookie was handed out here, for this password.
 */
@Injectable()
export class DeviceCookies {
  readonly cookie: ServiceCookie;
  private secret: Promise<string> | undefined;

  constructor(
    @Inject(SettingsRepository) private readonly settings: SettingsRepository,
    @Inject(CONFIG) config: Config,
  ) {
    this.cookie = deviceCookie(config.publicUrl);
  }

  /** The device id of the request's cookie when it was handed out here to this account, for this password; else null. */
  async deviceOf(headers: IncomingHttpHeaders, accountId: number, passwordRef: string): Promise<string | null> {
    const value = this.cookie.read(headers);
    if (!value) return null;
    const [account, device, signature] = value.split('.') as [string, string, string];
    if (Number(account) !== accountId) return null;
    const expected = Buffer.from(await this.sign(account, device, passwordRef));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? device : null;
  }

  /** The Set-Cookie value that names this device for the account and password (the same device id again, when it had one). */
  async issue(accountId: number, device: string | null, passwordRef: string): Promise<string> {
    const id = device ?? randomBytes(16).toString('base64url');
    return this.cookie.set(`${accountId}.${id}.${await this.sign(String(accountId), id, passwordRef)}`);
  }

  private async sign(account: string, device: string, passwordRef: string): Promise<string> {
    // Read once; a failed read (the database away) is tried again next time.
    this.secret ??= this.settings.secret('device_cookie_secret').catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    const secret = await this.secret;
    return createHmac('sha256', secret).update(`device:${account}.${device}.${passwordRef}`).digest('base64url');
  }
}
