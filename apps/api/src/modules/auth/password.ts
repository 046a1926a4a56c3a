import { Injectable } from '@nestjs/common';
import { FairLimit } from '../../infrastructure/fair-limit';
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt: a deliberately slow, memory-hard hash, built into Node.
const PARAMS: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, params, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Password hashing in fair shares. scrypt takes a thread of libuv's pool (4 threads, shared with
 * file and DNS work) and 16 MiB for some 50 ms per password: at most HASHING_AT_ONCE hashes run at
 * once, at most HASHING_PER_ACCOUNT of them for one account, and waiting accounts are served in
 * turn. A bulk call of a thousand links with passwords takes its time, and every other account's
 * sign-in or password still gets the next free place.
 */
export const HASHING_AT_ONCE = 3;
export const HASHING_PER_ACCOUNT = 2;
/** Hashes one account may have waiting (two bulk calls' worth); past it: 503, try again. */
export const HASHING_WAITING_PER_ACCOUNT = 2000;

@Injectable()
export class PasswordHasher {
  private readonly limit = new FairLimit(HASHING_AT_ONCE, HASHING_PER_ACCOUNT, HASHING_WAITING_PER_ACCOUNT);

  /** The hash of a password of `accountId`'s (its own, or one of its links'). */
  hash(accountId: number, password: string): Promise<string> {
    return this.limit.run(accountId, () => hashPassword(password));
  }

  /**
   * Whether `password` is the one `stored` was made of, in the share of `share`: an account's id
   * for its links' passwords, the subject of a sign-in (GuessLimits) for an account's own, so that
   * a login no account has waits in a line of its own, as an account's does.
   */
  verify(share: number | string, password: string, stored: string): Promise<boolean> {
    return this.limit.run(share, () => verifyPassword(password, stored));
  }

  /** The hashes of the passwords given (undefined where none, or `""`), in turn with other accounts'. */
  hashAll(accountId: number, passwords: readonly (string | undefined)[]): Promise<(string | undefined)[]> {
    return Promise.all(passwords.map((password) => (password ? this.hash(accountId, password) : Promise.resolve(undefined))));
  }
}

/**
 * What a session started with a password keeps of it: the SHA-256 of its stored hash (which is
 * salted), so that the session ends when the password changes or is cleared, on every instance,
 * without a list of sessions to end.
 */
export function passwordRef(stored: string): string {
  return createHash('sha256').update(stored).digest('hex');
}
