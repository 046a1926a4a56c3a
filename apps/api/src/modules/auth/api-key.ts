import { createHash, randomBytes } from 'node:crypto';

/** A new API key: 256 random bits, URL-safe, prefixed so it is recognisable in a leak scan. */
export function generateApiKey(): string {
  return `lyk_${randomBytes(32).toString('base64url')}`;
}

/** Keys are stored and looked up only as their SHA-256. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
