import { seal, unseal } from './sealed';

describe('sealed private keys', () => {
  const secret = 'a'.repeat(32);

  it('opens with the key it was sealed with, and the sealed text does not show the key', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49\n-----END PRIVATE KEY-----\n';
    const sealed = seal(secret, pem);
    expect(sealed).not.toContain('MIGHAgEAMBMGByqGSM49');
    expect(unseal(secret, sealed)).toBe(pem);
    // Another seal of the same text differs (a fresh nonce each time).
    expect(seal(secret, pem)).not.toBe(sealed);
  });

  it('gives nothing under another key, or for damaged text', () => {
    const sealed = seal(secret, 'key');
    expect(unseal('b'.repeat(32), sealed)).toBeNull();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = `${body![0] === 'A' ? 'B' : 'A'}${body!.slice(1)}`;
    expect(unseal(secret, [version, iv, tag, flipped].join('.'))).toBeNull();
    expect(unseal(secret, 'v2.x.y.z')).toBeNull();
    expect(unseal(secret, '')).toBeNull();
  });
});
