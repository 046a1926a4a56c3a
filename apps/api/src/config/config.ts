import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { isIP } from 'node:net';
import { ConfigError, flag, integer, text } from './env';
import { oidcConfig, type OidcConfig } from './oidc';
import { acmeConfig, type AcmeConfig } from './acme';

export { ConfigError };

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
  /**
   * ClickHouse's HTTP address (`http(s)://user:password@host:8123/database`, database `linkyard`
   * unless named): the raw clicks and the statistics read from them live there. Undefined: PostgreSQL.
   */
  clickhouseUrl: string | undefined;
  /** How long a ClickHouse read may take (an insert twice as long) before it counts as unavailable. */
  clickhouseTimeoutMs: number;
  logLevel: LogLevel;
  /** Addresses or host names a branded domain must resolve to before it is added; empty: no check. */
  domainDnsTargets: string[];
  /** Test setting: QR logos may be fetched from private and loopback addresses. */
  logoFetchAllowPrivate: boolean;
  /** Webhooks may call private and loopback addresses (tests, private networks). */
  webhookAllowPrivate: boolean;
  /** The deadline of one webhook delivery: connection, request and answer. */
  webhookTimeoutMs: number;
  /** Requests a minute of the free plan, every account's by default, and of accounts without a plan. */
  defaultRateLimit: number;
  /**
   * Requests a minute of an account's dashboard sessions together (the cookie's requests),
   * instead of the plan's limit, which is for API keys.
   */
  sessionRateLimit: number;
  /** Where invitations are sent by e-mail (smtp:// or smtps://); undefined: they are not. */
  smtpUrl: string | undefined;
  /** The sender of those e-mails. */
  smtpFrom: string;
  /** Single sign-on through an OpenID provider; null: off. */
  oidc: OidcConfig | null;
  /** How long the audit log keeps an entry. */
  auditRetentionDays: number;
  /** An account's webhook deliveries waiting to be sent, at most: events past it are counted, not queued. */
  webhookMaxPending: number;
  /** Replays of webhook deliveries an account may ask for in an hour. */
  webhookReplaysPerHour: number;
  /** Live click streams (`GET /clicks/live`) one account may hold open on one instance. */
  liveStreamsPerAccount: number;
  /** Live click streams one instance holds open at most, all accounts together. */
  liveStreamsMax: number;
  /**
   * Which proxies are trusted for `X-Forwarded-For`: false (none: the connection's address), a
   * number of hops counted from the service, or a list of proxy addresses and CIDR ranges.
   */
  trustProxy: number | string[] | false;
  /** Origins allowed to call the API from a browser: '*' (any), a list, or none (CORS off). */
  corsOrigins: '*' | string[];
  /** How long a query may take, and a connection may take to open, before the answer is a 503. */
  databaseTimeoutMs: number;
  /** How long a request (headers and body) may take to arrive before the connection is closed. */
  requestTimeoutMs: number;
  /** How long a stop asked for while the service starts waits for the start to finish. */
  startStopTimeoutMs: number;
  /** Clicks held in memory while the database is away, at most. */
  clickBufferLimit: number;
  /** Where clicks go past the memory bound (and on a stop without database); null: nowhere. */
  clickSpoolDir: string | null;
  clickSpoolLimitBytes: number;
  /** Raw clicks older than this many days are deleted (rollups and totals stay); null: kept. */
  clickRetentionDays: number | null;
  /** `txt`: a branded domain is added only once a TXT record proves the account controls it. */
  domainVerification: 'off' | 'txt';

  // Observability (docs/operations.md): metrics and traces.
  /** The bearer token `/metrics` asks for; undefined: none (then only a port of its own serves it). */
  metricsToken: string | undefined;
  /** A port of its own for `/metrics`, on `metricsHost`; null: the main port, with the token, or nowhere. */
  metricsPort: number | null;
  metricsHost: string;
  /** Traces sent over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set; null: the tracing SDK is never loaded. */
  tracing: TracingConfig | null;
  /** Node processes of this instance sharing its ports (node:cluster); 1: the service runs in the process started. */
  workers: number;
  /** Automatic HTTPS through an ACME CA (ACME_EMAIL); null: off. */
  acme: AcmeConfig | null;
}

/** The samplers of the OpenTelemetry SDK's OTEL_TRACES_SAMPLER that Linkyard offers. */
export const TRACE_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type TraceSampler = (typeof TRACE_SAMPLERS)[number];

export interface TracingConfig {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's OTLP/HTTP base URL (traces go to `/v1/traces`). */
  endpoint: string;
  serviceName: string;
  sampler: TraceSampler;
  /** The share of new traces kept by the ratio samplers, 0 to 1. */
  ratio: number;
}

/** A bad variable: the message names it and says what is expected. */
/**
 * The embedded database's folder when DATA_DIR is not set: `.data` in the service's own folder
 * (apps/api/.data in a checkout), whichever folder the service is started from, so that
 * `pnpm start` and `node apps/api/dist/main.js` never make two databases by accident.
 */
export const DEFAULT_DATA_DIR = resolve(__dirname, '..', '..', '.data');

/**
 * Requests a minute of an account's dashboard sessions by default: a person clicking around never reaches it
 * (docs/dashboard.md has what the dashboard's pages ask for), and it is a small part of what one
 * instance serves.
 */
export const SESSION_RATE_LIMIT = 600;
/** The spec's rate limit, 30 requests a minute: the default of DEFAULT_RATE_LIMIT. */
export const SPEC_RATE_LIMIT = 30;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** SMTP_URL, checked without repeating it (it may hold a password). */
function smtpUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) {
    throw new ConfigError('SMTP_URL', 'must be an smtp:// or smtps:// URL with a host (such as smtp://user:password@mail.example.com:587)');
  }
  return url.href;
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

  const clickhouseUrl = text(env, 'CLICKHOUSE_URL');
  if (clickhouseUrl !== undefined) {
    const url = parseUrl('CLICKHOUSE_URL', clickhouseUrl, ['http:', 'https:']);
    const database = decodeURIComponent(url.pathname.slice(1));
    if (url.search || url.hash || (database !== '' && !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(database))) {
      throw new ConfigError(
        'CLICKHOUSE_URL',
        `must be http(s)://[user:password@]host:port[/database], the database a name of letters, digits and _`,
      );
    }
  }

  const adminApiKey = text(env, 'ADMIN_API_KEY');
  if (adminApiKey !== undefined && adminApiKey.length < 24) {
    throw new ConfigError('ADMIN_API_KEY', 'must be at least 24 characters long, so it cannot be guessed');
  }

  const trustProxyText = (text(env, 'TRUST_PROXY') ?? 'false').toLowerCase();
  let trustProxy: Config['trustProxy'];
  if (['false', '0', 'no', 'off'].includes(trustProxyText)) trustProxy = false;
  // "true" was the only way to turn it on: it now trusts one proxy, the nearest.
  else if (['true', 'yes', 'on'].includes(trustProxyText)) trustProxy = 1;
  else if (/^\d+$/.test(trustProxyText) && Number(trustProxyText) <= 10) trustProxy = Number(trustProxyText);
  else {
    const ranges = trustProxyText
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    for (const range of ranges) {
      const [address = '', prefix] = range.split('/');
      const family = isIP(address);
      const maxPrefix = family === 6 ? 128 : 32;
      if (family === 0 || (prefix !== undefined && (!/^\d+$/.test(prefix) || Number(prefix) > maxPrefix))) {
        throw new ConfigError(
          'TRUST_PROXY',
          `must be false, true (one proxy), a number of proxy hops (1 to 10), or proxy addresses and CIDR ranges separated by commas; got "${range}"`,
        );
      }
    }
    trustProxy = ranges;
  }

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

  const corsText = text(env, 'CORS_ORIGINS') ?? '*';
  let corsOrigins: Config['corsOrigins'];
  if (corsText === '*') corsOrigins = '*';
  else if (['off', 'none', 'false'].includes(corsText.toLowerCase())) corsOrigins = [];
  else {
    corsOrigins = corsText
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean);
    for (const origin of corsOrigins) {
      const url = parseUrl('CORS_ORIGINS', origin, ['http:', 'https:']);
      if (url.origin !== origin.replace(/\/$/, '')) {
        throw new ConfigError('CORS_ORIGINS', `must list origins (scheme, host and port, no path), got "${origin}"`);
      }
    }
    corsOrigins = corsOrigins.map((origin) => origin.replace(/\/$/, ''));
  }

  const dataDir = text(env, 'DATA_DIR') ?? DEFAULT_DATA_DIR;
  const spoolText = text(env, 'CLICK_SPOOL_DIR');
  const clickSpoolDir =
    spoolText !== undefined
      ? ['off', 'none', 'false'].includes(spoolText.toLowerCase())
        ? null
        : spoolText
      : dataDir.startsWith('memory://')
        ? null
        : `${dataDir.replace(/\/+$/, '')}/click-spool`;

  const domainVerification = (text(env, 'DOMAIN_VERIFICATION') ?? 'off').toLowerCase();
  if (domainVerification !== 'off' && domainVerification !== 'txt') {
    throw new ConfigError('DOMAIN_VERIFICATION', `must be off or txt, got "${domainVerification}"`);
  }

  return {
    port,
    host,
    publicUrl: publicUrl.origin,
    databaseUrl,
    dataDir,
    adminApiKey,
    redisUrl,
    clickhouseUrl,
    trustProxy,
    logLevel,
    domainDnsTargets,
    logoFetchAllowPrivate: flag(env, 'LOGO_FETCH_ALLOW_PRIVATE'),
    webhookAllowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE'),
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    defaultRateLimit: integer(env, 'DEFAULT_RATE_LIMIT', SPEC_RATE_LIMIT, 1, 1_000_000),
    sessionRateLimit: integer(env, 'SESSION_RATE_LIMIT', SESSION_RATE_LIMIT, 1, 1_000_000),
    smtpUrl: smtpUrl(text(env, 'SMTP_URL')),
    smtpFrom: text(env, 'SMTP_FROM') ?? `Linkyard <linkyard@${publicUrl.hostname}>`,
    oidc: oidcConfig(env),
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 365, 1, 36_500),
    webhookMaxPending: integer(env, 'WEBHOOK_MAX_PENDING', 50_000, 1, 10_000_000),
    webhookReplaysPerHour: integer(env, 'WEBHOOK_REPLAYS_PER_HOUR', 100, 1, 100_000),
    liveStreamsPerAccount: integer(env, 'LIVE_STREAMS_PER_ACCOUNT', 5, 1, 1000),
    liveStreamsMax: integer(env, 'LIVE_STREAMS_MAX', 1000, 1, 100_000),
    corsOrigins,
    databaseTimeoutMs: integer(env, 'DATABASE_TIMEOUT_MS', 5000, 100, 600_000),
    clickhouseTimeoutMs: integer(env, 'CLICKHOUSE_TIMEOUT_MS', 5000, 100, 600_000),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000),
    startStopTimeoutMs: integer(env, 'START_STOP_TIMEOUT_MS', 15_000, 100, 3_600_000),
    clickBufferLimit: integer(env, 'CLICK_BUFFER_LIMIT', 100_000, 2000, 10_000_000),
    clickSpoolDir,
    clickSpoolLimitBytes: integer(env, 'CLICK_SPOOL_LIMIT_MB', 1024, 1, 1_000_000) * 1024 * 1024,
    clickRetentionDays: text(env, 'CLICK_RETENTION_DAYS') === undefined ? null : integer(env, 'CLICK_RETENTION_DAYS', 0, 1, 100_000),
    domainVerification,
    acme: acmeConfig(env, port),
    workers: workers(env, databaseUrl),
    ...observability(env, port),
  };
}

/**
 * WORKERS: by default one process per core this process may use (its CPU affinity, and a
 * container's CPU quota), on PostgreSQL; the embedded database belongs to one process, so there
 * the default is 1 and more is refused.
 */
function workers(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): number {
  const given = text(env, 'WORKERS');
  if (databaseUrl === undefined) {
    if (given !== undefined && given !== '1') {
      throw new ConfigError('WORKERS', 'above 1 needs DATABASE_URL: the embedded database belongs to one process (leave WORKERS unset)');
    }
    return 1;
  }
  return integer(env, 'WORKERS', availableCores(), 1, 256);
}

/** The cores this process may use: its CPU affinity, within a cgroup's CPU quota (a container's --cpus). */
export function availableCores(quotaFile = '/sys/fs/cgroup/cpu.max'): number {
  let cores = availableParallelism();
  try {
    const [quota, period] = readFileSync(quotaFile, 'utf8').trim().split(/\s+/);
    if (quota !== undefined && quota !== 'max' && Number(period) > 0) cores = Math.min(cores, Math.ceil(Number(quota) / Number(period)));
  } catch {
    // No cgroup v2 quota to read: the affinity alone.
  }
  return Math.max(1, cores);
}

/** Where `/metrics` is served and whether traces are sent (docs/operations.md). */
function observability(env: NodeJS.ProcessEnv, port: number): Pick<Config, 'metricsToken' | 'metricsPort' | 'metricsHost' | 'tracing'> {
  const metricsToken = text(env, 'METRICS_TOKEN');
  // Sent by Prometheus as `Authorization: Bearer <token>`: printable, and long enough not to be guessed.
  if (metricsToken !== undefined && !/^[\x21-\x7e]{24,}$/.test(metricsToken)) {
    throw new ConfigError('METRICS_TOKEN', 'must be at least 24 printable characters without spaces, so it cannot be guessed');
  }
  const metricsPortText = text(env, 'METRICS_PORT');
  const metricsPort = metricsPortText === undefined ? null : integer(env, 'METRICS_PORT', 0, 1, 65535);
  if (metricsPort !== null && metricsPort === port) {
    throw new ConfigError(
      'METRICS_PORT',
      `must differ from PORT (${port}): unset it to serve /metrics on the main port with METRICS_TOKEN`,
    );
  }
  const metricsHostText = text(env, 'METRICS_HOST');
  if (metricsHostText !== undefined && metricsPort === null) {
    throw new ConfigError('METRICS_HOST', 'is only used with METRICS_PORT, which is not set');
  }
  const metricsHost = metricsHostText ?? '127.0.0.1';
  if (isIP(metricsHost) === 0 && !/^(?=.{1,253}$)([A-Za-z0-9-]{1,63}\.)*[A-Za-z0-9-]{1,63}$/.test(metricsHost)) {
    throw new ConfigError('METRICS_HOST', `must be an IP address or a host name, got "${metricsHost}"`);
  }

  const endpoint = text(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  if (endpoint === undefined) return { metricsToken, metricsPort, metricsHost, tracing: null };
  parseUrl('OTEL_EXPORTER_OTLP_ENDPOINT', endpoint, ['http:', 'https:']);
  // By default one request in ten starts a trace, and a request that arrives inside a sampled
  // trace (its `traceparent` says so) joins it; the other redirects record no spans.
  const sampler = (text(env, 'OTEL_TRACES_SAMPLER') ?? 'parentbased_traceidratio').toLowerCase() as TraceSampler;
  if (!TRACE_SAMPLERS.includes(sampler)) {
    throw new ConfigError('OTEL_TRACES_SAMPLER', `must be one of ${TRACE_SAMPLERS.join(', ')}, got "${sampler}"`);
  }
  const ratioText = text(env, 'OTEL_TRACES_SAMPLER_ARG') ?? '0.1';
  const ratio = Number(ratioText);
  if (!/^(0|1|0?\.\d+|1\.0*)$/.test(ratioText) || ratio < 0 || ratio > 1) {
    throw new ConfigError('OTEL_TRACES_SAMPLER_ARG', `must be a number from 0 to 1 (the share of traces kept), got "${ratioText}"`);
  }
  return {
    metricsToken,
    metricsPort,
    metricsHost,
    tracing: { endpoint: endpoint.replace(/\/+$/, ''), serviceName: text(env, 'OTEL_SERVICE_NAME') ?? 'linkyard', sampler, ratio },
  };
}
