import { hash, randomBytes } from 'node:crypto';

/** A new API key: 256 random bits, URL-safe, prefixed so it is recognisable in a leak scan. */
export function generateApiKey(): string {
  return `lyk_${randomBytes(32).toString('base64url')}`;
}

/** Keys are stored and looked up only as their SHA-256. */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}
