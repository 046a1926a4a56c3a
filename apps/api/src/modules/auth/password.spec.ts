import crypto from 'node:crypto';
import { HASHING_AT_ONCE, PasswordHasher, verifyPassword } from './password';

describe('PasswordHasher', () => {
  it("hashes another account's password next, however many one account has waiting", async () => {
    // The order the hashes start in, read where each one reaches scrypt: timing plays no part.
    const started: string[] = [];
    const original = crypto.scrypt;
    const scrypt = jest.spyOn(crypto, 'scrypt').mockImplementation(((password: string, ...rest: unknown[]) => {
      started.push(password);
      return (original as (...args: unknown[]) => void)(password, ...rest);
    }) as typeof crypto.scrypt);
    try {
      const hasher = new PasswordHasher();
      // One account's bulk call of forty links with passwords, then another account's one password.
      const bulk = Array.from({ length: 40 }, (_, index) => hasher.hash(1, `password-${index}`));
      const hash = await hasher.hash(2, 'another-password');
      // Without fair shares, the single password waited for all forty in the queue: it started 41st.
      expect(started.indexOf('another-password')).toBeGreaterThanOrEqual(0);
      expect(started.indexOf('another-password')).toBeLessThan(HASHING_AT_ONCE);
      expect(await verifyPassword('another-password', hash)).toBe(true);
      await Promise.all(bulk);
      expect(started.filter((password) => password.startsWith('password-'))).toHaveLength(40);
    } finally {
      scrypt.mockRestore();
    }
  });

  it('hashes only the passwords given, keeping their places', async () => {
    const hashes = await new PasswordHasher().hashAll(1, [undefined, 'first-password', '', 'second-password']);
    expect(hashes[0]).toBeUndefined();
    expect(hashes[2]).toBeUndefined();
    expect(await verifyPassword('first-password', hashes[1]!)).toBe(true);
    expect(await new PasswordHasher().verify(1, 'second-password', hashes[3]!)).toBe(true);
  });
});
