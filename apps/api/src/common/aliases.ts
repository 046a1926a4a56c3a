import { randomInt } from 'node:crypto';
import { PUBLIC_PATHS } from './public-urls';

const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A random alias from an alphabet without look-alike characters (0/O, 1/l/I): 57^length choices,
 * drawn with a cryptographic generator so aliases cannot be predicted from earlier ones.
 */
export function randomAlias(length: number): string {
  let alias = '';
  for (let index = 0; index < length; index += 1) alias += ALPHABET[randomInt(ALPHABET.length)];
  return alias;
}

/** Aliases that would hide a route of the service's own. */
export const RESERVED_ALIASES = new Set([
  ...Object.values(PUBLIC_PATHS).map((path) => path.slice(1)),
  'l',
  'api',
  'healthz',
  'readyz',
  'metrics',
  'docs',
  'static',
  'assets',
  'admin',
  'dashboard',
  'favicon.ico',
  'robots.txt',
]);

export function isReservedAlias(alias: string): boolean {
  return RESERVED_ALIASES.has(alias.toLowerCase());
}
