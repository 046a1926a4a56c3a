import { Inject, Injectable } from '@nestjs/common';
import { tooManyRequests } from '../../common/api-error';
import { guessSource } from '../../common/client-address';
import { RATE_LIMIT_STORAGE, type FixedWindowStorage, type WindowRecord } from '../../infrastructure/fixed-window.storage';
import { Metrics } from '../../infrastructure/metrics';

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
/** Wrong passwords from all of an account's trusted devices together in a day, past which none is spared the gap. */
export const ACCOUNT_DEVICE_FAILURE_LIMIT = 20;
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
  /**
   * The id of a device this account signed in on with its current password (a device cookie),
   * if the request has one: `account` names the account.
   */
  device?: { id: string; account: number } | null;
  /** A sign-in (its 429 says what is never held up: a known browser, the key); else a change of the account. */
  signIn: boolean;
}

/**
 * The limits on guessing (openapi.yaml, "Failed authentications"). Only a wrong key or a wrong
 * password counts: an attempt is counted before it is checked (so that attempts sent at once are
 * bounded too) and taken back when it was right.
 * - Per address, or per /64 for IPv6: 20 wrong keys or passwords a minute, then 429 until the
 *   minute ends.
 * - Per account (and per unknown login): 5 wrong passwords a day are free; then one attempt at a
 *   time, spaced by a gap from 1 second doubling to 5 minutes (429 with the wait meanwhile; an
 *   attempt refused so still counts for its address). A stranger can slow down the account's
 *   sign-ins from new devices, never stop its owner: a device the account signed in on with its
 *   current password (its device cookie) is spared the gap, while it has fewer than 10 wrong
 *   passwords that day and the account's devices fewer than 20 together; API keys are not
 *   limited per account.
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
    const counted = (attempt.device && (await this.spareDevice(attempt.device))) || (await this.takeTurn(attempt));
    const right = await check();
    if (right)
      await Promise.all([
        ...counted.map(({ key, record }) => this.storage.refund(key, record)),
        this.storage.refund(fromAddress, byAddress),
      ]);
    return right;
  }

  /** The device's counts of this attempt, or null when the device (or the account's devices) had too many wrong passwords today. */
  private async spareDevice(device: { id: string; account: number }): Promise<Counted[] | null> {
    const counts: Counted[] = [];
    for (const [key, limit] of [
      [`device-failures:${device.id}`, DEVICE_FAILURE_LIMIT],
      [`device-failures:account:${device.account}`, ACCOUNT_DEVICE_FAILURE_LIMIT],
    ] as const) {
      const record = await this.storage.increment(key, DAY_MS, limit);
      counts.push({ key, record });
      if (record.isBlocked) {
        await Promise.all(counts.map((count) => this.storage.refund(count.key, count.record)));
        return null;
      }
    }
    return counts;
  }

  /** Counts the attempt against its subject, and takes the subject's turn when its wrong passwords space attempts out; else 429. */
  private async takeTurn(attempt: PasswordAttempt): Promise<Counted[]> {
    const key = `password-failures:${attempt.subject}`;
    const record = await this.storage.increment(key, DAY_MS, Number.MAX_SAFE_INTEGER);
    const gap = passwordGapMs(record.totalHits);
    const wait = gap === 0 ? 0 : await this.storage.claimTurn(`password-turn:${attempt.subject}`, gap);
    if (wait === 0) return [{ key, record }];
    // No password was checked: the subject's count is given back (its address's is not, so that
    // asking again and again during the wait still meets the address's limit).
    await this.storage.refund(key, record);
    this.metrics.refused('password_gap');
    const seconds = Math.ceil(wait / 1000);
    throw tooManyRequests(
      attempt.signIn
        ? `Too many wrong passwords for this account today: the next attempt may be made in ${seconds} seconds. A browser that signed in to it before, or a sign-in with the API key, is not held up.`
        : `Too many wrong current passwords for this account today: the next attempt may be made in ${seconds} seconds.`,
      seconds,
    );
  }

  private refuseAddress(record: WindowRecord): never {
    this.metrics.refused('auth_failures');
    throw tooManyRequests(
      `Too many failed authentications from this address. Try again in ${record.timeToExpire} seconds.`,
      record.timeToExpire,
    );
  }
}

/** A count an attempt made, to give back when the password was right. */
interface Counted {
  key: string;
  record: WindowRecord;
}

function addressKey(address: string): string {
  return `auth-failures:${guessSource(address)}`;
}
