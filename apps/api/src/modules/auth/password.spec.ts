import { HASHING_AT_ONCE, PasswordHasher, verifyPassword } from './password';

describe('PasswordHasher', () => {
  it("hashes another account's password next, however many one account has waiting", async () => {
    const hasher = new PasswordHasher();
    const done: string[] = [];
    // One account's bulk call of forty links with passwords, then another account's one password.
    const bulk = Array.from({ length: 40 }, (_, index) => hasher.hash(1, `password-${index}`).then(() => done.push('bulk')));
    const single = hasher.hash(2, 'another-password').then((hash) => {
      done.push('single');
      return hash;
    });
    const hash = await single;
    // Without fair shares, the single password waited for all forty in the thread pool's queue.
    expect(done.filter((entry) => entry === 'bulk').length).toBeLessThanOrEqual(HASHING_AT_ONCE);
    expect(await verifyPassword('another-password', hash)).toBe(true);
    await Promise.all(bulk);
  });

  it('hashes only the passwords given, keeping their places', async () => {
    const hashes = await new PasswordHasher().hashAll(1, [undefined, 'first-password', '', 'second-password']);
    expect(hashes[0]).toBeUndefined();
    expect(hashes[2]).toBeUndefined();
    expect(await verifyPassword('first-password', hashes[1]!)).toBe(true);
    expect(await new PasswordHasher().verify(1, 'second-password', hashes[3]!)).toBe(true);
  });
});
