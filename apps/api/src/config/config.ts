import { isIP } from 'node:net';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Everything the service reads from its environment, read and checked once at start. */
export interface Config {
  port: number;
  host: string;
  /** Where the service is reached from outside, without a trailing slash. */
  publicUrl: string;
  /** Postgres connection string; undefined means the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database, or `memory://` for a throw-away one. */
  dataDir: string;
  adminApiKey: string | undefined;
  redisUrl: string | undefined;
  trustProxy: boolean;
  logLevel: LogLevel;
  /** Addresses or host names a branded domain must resolve to before it is added; empty: no check. */
  domainDnsTargets: string[];
  /** Test setting: QR logos may be fetched from private and loopback addresses. */
  logoFetchAllowPrivate: boolean;
}

/** A bad variable: the message names it and says what is expected. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = (text(env, name) ?? 'false').toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(name, `must be true or false, got "${value}"`);
}

function parseUrl(name: string, value: string, protocols: string[]): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `must be a URL, got "${value}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `must use ${protocols.map((p) => p.replace(':', '')).join(' or ')}, got "${value}"`);
  }
  return url;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const portText = text(env, 'PORT') ?? '3000';
  if (!/^\d+$/.test(portText) || Number(portText) < 1 || Number(portText) > 65535) {
    throw new ConfigError('PORT', `must be a port number from 1 to 65535, got "${portText}"`);
  }
  const port = Number(portText);

  const host = text(env, 'HOST') ?? '0.0.0.0';

  const publicUrlText = text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`;
  const publicUrl = parseUrl('PUBLIC_URL', publicUrlText, ['http:', 'https:']);
  if (publicUrl.pathname !== '/' || publicUrl.search || publicUrl.hash) {
    throw new ConfigError('PUBLIC_URL', `must be a scheme and host only (no path), got "${publicUrlText}"`);
  }

  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl !== undefined) parseUrl('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:']);

  const redisUrl = text(env, 'REDIS_URL');
  if (redisUrl !== undefined) parseUrl('REDIS_URL', redisUrl, ['redis:', 'rediss:']);

  const adminApiKey = text(env, 'ADMIN_API_KEY');
  if (adminApiKey !== undefined && adminApiKey.length < 24) {
    throw new ConfigError('ADMIN_API_KEY', 'must be at least 24 characters long, so it cannot be guessed');
  }

  const trustProxy = flag(env, 'TRUST_PROXY');

  const logLevel = (text(env, 'LOG_LEVEL') ?? 'info').toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }

  const domainDnsTargets = (text(env, 'DOMAIN_DNS_TARGETS') ?? '')
    .split(',')
    .map((target) => target.trim().toLowerCase())
    .filter((target) => target !== '');
  for (const target of domainDnsTargets) {
    if (isIP(target) === 0 && !/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$/.test(target)) {
      throw new ConfigError('DOMAIN_DNS_TARGETS', `must list IP addresses or host names, got "${target}"`);
    }
  }

  return {
    port,
    host,
    publicUrl: publicUrl.origin,
    databaseUrl,
    dataDir: text(env, 'DATA_DIR') ?? './.data',
    adminApiKey,
    redisUrl,
    trustProxy,
    logLevel,
    domainDnsTargets,
    logoFetchAllowPrivate: flag(env, 'LOGO_FETCH_ALLOW_PRIVATE'),
  };
}
