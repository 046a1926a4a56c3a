import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Private keys kept in the database, sealed with AES-256-GCM under a key derived from
 * ACME_STORAGE_KEY: a copy of the database alone gives no key away. The value says its version,
 * so the format can change without guessing.
 */
const VERSION = 'v1';

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(`linkyard-acme-storage:${secret}`).digest();
}

export function seal(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The sealed text, or null when it was sealed under another key (ACME_STORAGE_KEY changed) or is damaged. */
export function unseal(secret: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
