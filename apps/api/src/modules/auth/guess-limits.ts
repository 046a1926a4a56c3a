import { Inject, Injectable } from '@nestjs/common';
import { tooManyRequests } from '../../common/api-error';
import { guessSource } from '../../common/client-address';
import { RATE_LIMIT_STORAGE, type FixedWindowStorage, type WindowRecord } from '../../infrastructure/fixed-window.storage';
import { Metrics } from '../metrics/metrics';

/** Wrong keys and passwords allowed per address (an IPv6 /64) and minute; past it, 429 and nothing is checked. */
export const AUTH_FAILURE_LIMIT = 20;
export const AUTH_FAILURE_WINDOW_MS = 60_000;
/** Wrong passwords an account (or a login no account has) takes in a day (UTC) before its attempts are spaced out. */
export const FREE_PASSWORD_FAILURES = 5;
/** Past the free failures, attempts are spaced by a gap that starts at a second and doubles... */
export const FIRST_GAP_MS = 1000;
/** ...up to five minutes. */
export const MAX_GAP_MS = 5 * 60_000;
/** Wrong passwords from a trusted device (one the account signed in on) in a day before it is trusted no more that day. */
export const DEVICE_FAILURE_LIMIT = 10;
const DAY_MS = 24 * 3600_000;

/** The gap before the next attempt at an account once it has `failures` wrong passwords today (this attempt included). */
export function passwordGapMs(failures: number): number {
  if (failures <= FREE_PASSWORD_FAILURES) return 0;
  return Math.min(MAX_GAP_MS, FIRST_GAP_MS * 2 ** Math.min(20, failures - FREE_PASSWORD_FAILURES - 1));
}

/** Who a password guess is aimed at, and from where. */
export interface PasswordAttempt {
  /**
   * The account (`account:<id>`), or the login when no account has it (`login:<login>`): an unknown
   * login is limited, and costs, exactly what an account does.
   */
  subject: string;
  /** The client's address. */
  address: string;
  /** The id of a device this account signed in on before (its device cookie), if the request has one. */
  device?: string | null;
}

/**
 * The limits on guessing (openapi.yaml, "Failed authentications"). Only a wrong key or a wrong
 * password counts: an attempt is counted before it is checked (so that attempts sent at once are
 * bounded too) and taken back when it was right.
 * - Per address, or per /64 for IPv6: 20 wrong keys or passwords a minute, then 429 until the
 *   minute ends.
 * - Per account (and per unknown login): 5 wrong passwords a day are free; then one attempt at a
 *   time, spaced by a gap from 1 second doubling to 5 minutes (429 with the wait meanwhile). A
 *   stranger can slow down the account's sign-ins from new devices, never stop its owner: a
 *   device the account signed in on (its device cookie) is spared the gap, and limited to 10
 *   wrong passwords a day of its own; API keys are not limited per account.
 */
@Injectable()
export class GuessLimits {
  constructor(
    @Inject(RATE_LIMIT_STORAGE) private readonly storage: FixedWindowStorage,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {}

  /** Counts a wrong key from `address`; throws 429 past the address's limit, else returns (the caller answers 401). */
  async wrongKey(address: string): Promise<void> {
    const record = await this.storage.increment(addressKey(address), AUTH_FAILURE_WINDOW_MS, AUTH_FAILURE_LIMIT);
    if (record.isBlocked) this.refuseAddress(record);
  }

  /**
   * Checks a password under every limit: `check` runs only when no limit refuses the attempt
   * (429), and its answer is returned. A right password is not counted.
   */
  async checkPassword(attempt: PasswordAttempt, check: () => Promise<boolean>): Promise<boolean> {
    const fromAddress = addressKey(attempt.address);
    const byAddress = await this.storage.increment(fromAddress, AUTH_FAILURE_WINDOW_MS, AUTH_FAILURE_LIMIT);
    if (byAddress.isBlocked) this.refuseAddress(byAddress);
    let counted: { key: string; record: WindowRecord } | null = null;
    if (attempt.device) {
      const key = `device-failures:${attempt.device}`;
      const record = await this.storage.increment(key, DAY_MS, DEVICE_FAILURE_LIMIT);
      if (!record.isBlocked) counted = { key, record };
    }
    if (!counted) {
      const key = `password-failures:${attempt.subject}`;
      const record = await this.storage.increment(key, DAY_MS, Number.MAX_SAFE_INTEGER);
      const gap = passwordGapMs(record.totalHits);
      const wait = gap === 0 ? 0 : await this.storage.claimTurn(`password-turn:${attempt.subject}`, gap);
      if (wait > 0) {
        // Not a guess: nothing was checked.
        await Promise.all([this.storage.refund(key, record), this.storage.refund(fromAddress, byAddress)]);
        this.metrics.refused('password_gap');
        const seconds = Math.ceil(wait / 1000);
        throw tooManyRequests(
          `Too many wrong passwords for this account today: the next attempt may be made in ${seconds} seconds (or sign in with the API key).`,
          seconds,
        );
      }
      counted = { key, record };
    }
    const right = await check();
    if (right) await Promise.all([this.storage.refund(counted.key, counted.record), this.storage.refund(fromAddress, byAddress)]);
    return right;
  }

  private refuseAddress(record: WindowRecord): never {
    this.metrics.refused('auth_failures');
    throw tooManyRequests(
      `Too many failed authentications from this address. Try again in ${record.timeToExpire} seconds.`,
      record.timeToExpire,
    );
  }
}

function addressKey(address: string): string {
  return `auth-failures:${guessSource(address)}`;
}
