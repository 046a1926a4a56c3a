import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_DATA_DIR, ConfigError, availableCores, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: DEFAULT_DATA_DIR,
      adminApiKey: undefined,
      redisUrl: undefined,
      clickhouseUrl: undefined,
      clickhouseTimeoutMs: 5000,
      trustProxy: false,
      logLevel: 'info',
      domainDnsTargets: [],
      logoFetchAllowPrivate: false,
      webhookAllowPrivate: false,
      webhookTimeoutMs: 10_000,
      defaultRateLimit: 30,
      sessionRateLimit: 600,
      smtpUrl: undefined,
      smtpFrom: 'Linkyard <linkyard@localhost>',
      oidc: null,
      auditRetentionDays: 365,
      webhookMaxPending: 50_000,
      webhookReplaysPerHour: 100,
      liveStreamsPerAccount: 5,
      liveStreamsMax: 1000,
      corsOrigins: '*',
      databaseTimeoutMs: 5000,
      requestTimeoutMs: 30_000,
      startStopTimeoutMs: 15_000,
      clickBufferLimit: 100_000,
      clickSpoolDir: `${DEFAULT_DATA_DIR}/click-spool`,
      clickSpoolLimitBytes: 1024 * 1024 * 1024,
      clickRetentionDays: null,
      domainVerification: 'off',
      acme: null,
      workers: 1,
      metricsToken: undefined,
      metricsPort: null,
      metricsHost: '127.0.0.1',
      tracing: null,
    });
  });

  it("keeps the embedded database in the service's own folder, whichever folder it is started from", () => {
    const started = process.cwd();
    try {
      process.chdir('/');
      expect(loadConfig({}).dataDir).toBe(join(__dirname, '..', '..', '.data'));
    } finally {
      process.chdir(started);
    }
    // Given, DATA_DIR is taken as it is (relative to where the service starts).
    expect(loadConfig({ DATA_DIR: './elsewhere' }).dataDir).toBe('./elsewhere');
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://links.example.com/' }).publicUrl).toBe('https://links.example.com');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'links.example.com' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://links.example.com/app' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://db/linkyard' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL'],
    [{ WEBHOOK_TIMEOUT_MS: '50' }, 'WEBHOOK_TIMEOUT_MS'],
    [{ WEBHOOK_ALLOW_PRIVATE: 'maybe' }, 'WEBHOOK_ALLOW_PRIVATE'],
    [{ WEBHOOK_MAX_PENDING: '0' }, 'WEBHOOK_MAX_PENDING'],
    [{ SESSION_RATE_LIMIT: '0' }, 'SESSION_RATE_LIMIT'],
    [{ WEBHOOK_REPLAYS_PER_HOUR: 'many' }, 'WEBHOOK_REPLAYS_PER_HOUR'],
    [{ ADMIN_API_KEY: 'short' }, 'ADMIN_API_KEY'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ LOGO_FETCH_ALLOW_PRIVATE: 'sometimes' }, 'LOGO_FETCH_ALLOW_PRIVATE'],
    [{ DOMAIN_DNS_TARGETS: '203.0.113.7, not a host!' }, 'DOMAIN_DNS_TARGETS'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY'],
    [{ CORS_ORIGINS: 'https://app.example.com/path' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'app.example.com' }, 'CORS_ORIGINS'],
    [{ DATABASE_TIMEOUT_MS: '10' }, 'DATABASE_TIMEOUT_MS'],
    [{ REQUEST_TIMEOUT_MS: 'soon' }, 'REQUEST_TIMEOUT_MS'],
    [{ START_STOP_TIMEOUT_MS: '50' }, 'START_STOP_TIMEOUT_MS'],
    [{ CLICK_BUFFER_LIMIT: '-5' }, 'CLICK_BUFFER_LIMIT'],
    [{ CLICK_SPOOL_LIMIT_MB: '0' }, 'CLICK_SPOOL_LIMIT_MB'],
    [{ DOMAIN_VERIFICATION: 'dns' }, 'DOMAIN_VERIFICATION'],
    [{ METRICS_TOKEN: 'too-short' }, 'METRICS_TOKEN'],
    [{ METRICS_PORT: '3000' }, 'METRICS_PORT'],
    [{ METRICS_PORT: 'ninety' }, 'METRICS_PORT'],
    [{ METRICS_HOST: '10.0.0.1' }, 'METRICS_HOST'],
    [{ METRICS_PORT: '9464', METRICS_HOST: 'not a host' }, 'METRICS_HOST'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_SAMPLER: 'sometimes' }, 'OTEL_TRACES_SAMPLER'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_SAMPLER_ARG: '1.5' }, 'OTEL_TRACES_SAMPLER_ARG'],
  ])('refuses %j with a message naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Configuration error: ${variable} `));
  });

  it('reads lists and switches', () => {
    const config = loadConfig({ DOMAIN_DNS_TARGETS: '203.0.113.7, Edge.Example.com', TRUST_PROXY: 'on', LOG_LEVEL: 'WARN' });
    expect(config.domainDnsTargets).toEqual(['203.0.113.7', 'edge.example.com']);
    expect(config.trustProxy).toBe(1);
    expect(config.logLevel).toBe('warn');
  });

  it('trusts no proxy, a number of hops, or listed proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7, fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
  });

  it('allows any origin by default, a list, or none', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' }).corsOrigins).toEqual([
      'https://app.example.com',
      'http://localhost:5173',
    ]);
    expect(loadConfig({ CORS_ORIGINS: 'off' }).corsOrigins).toEqual([]);
  });

  it('spools clicks beside the embedded data, nowhere for a throw-away database, or where told', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/linkyard' }).clickSpoolDir).toBe('/var/lib/linkyard/click-spool');
    expect(loadConfig({ DATA_DIR: 'memory://' }).clickSpoolDir).toBeNull();
    expect(loadConfig({ CLICK_SPOOL_DIR: '/spool' }).clickSpoolDir).toBe('/spool');
    expect(loadConfig({ CLICK_SPOOL_DIR: 'off' }).clickSpoolDir).toBeNull();
  });

  it('serves /metrics with a token, on a port of its own, or not at all; traces only with an endpoint', () => {
    const token = 'metrics-token-0123456789abcdef';
    expect(loadConfig({ METRICS_TOKEN: token })).toMatchObject({ metricsToken: token, metricsPort: null });
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({
      endpoint: 'http://collector:4318',
      serviceName: 'linkyard',
      sampler: 'parentbased_traceidratio',
      ratio: 0.1,
    });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com', OTEL_TRACES_SAMPLER: 'always_on', OTEL_SERVICE_NAME: 'links' })
        .tracing,
    ).toMatchObject({ sampler: 'always_on', serviceName: 'links' });
  });

  describe('single sign-on (OIDC_*)', () => {
    const provider = { OIDC_ISSUER: 'https://id.example.com/realms/acme', OIDC_CLIENT_ID: 'linkyard', OIDC_CLIENT_SECRET: 's3cret' };

    it('is on with the issuer, the client id and the secret, and names the provider by its host', () => {
      expect(loadConfig(provider).oidc).toEqual({
        issuer: 'https://id.example.com/realms/acme',
        clientId: 'linkyard',
        clientSecret: 's3cret',
        name: 'id.example.com',
        createAccounts: true,
        scopes: 'openid email profile',
        rules: [],
      });
      const rules = [{ claim: 'groups', value: 'marketing', workspace: 12, role: 'editor' }];
      expect(
        loadConfig({ ...provider, OIDC_NAME: 'Acme', OIDC_CREATE_ACCOUNTS: 'false', OIDC_RULES: JSON.stringify(rules) }).oidc,
      ).toMatchObject({ name: 'Acme', createAccounts: false, rules });
    });

    it.each([
      [{ OIDC_ISSUER: 'https://id.example.com' }, 'OIDC_CLIENT_ID is missing'],
      [{ OIDC_NAME: 'Acme' }, 'OIDC_NAME is set, but single sign-on is off'],
      [{ ...provider, OIDC_ISSUER: 'http://id.example.com' }, 'OIDC_ISSUER must be the provider'],
      [{ ...provider, OIDC_ISSUER: 'javascript:alert(1)' }, 'OIDC_ISSUER must be the provider'],
      [{ ...provider, OIDC_SCOPES: 'email profile' }, 'openid among them'],
      [{ ...provider, OIDC_RULES: '{"claim": "groups"}' }, 'OIDC_RULES must be a JSON array'],
      [{ ...provider, OIDC_RULES: 'not json' }, 'OIDC_RULES must be a JSON array of rules'],
      [{ ...provider, OIDC_RULES: '[{"claim": "groups", "value": "x", "workspace": 1, "role": "god"}]' }, 'rule 1: "role" must be one of'],
      [{ ...provider, OIDC_RULES: '[{"claim": "groups", "value": "", "workspace": 1, "role": "viewer"}]' }, 'rule 1: "value"'],
      [{ ...provider, OIDC_RULES: '[{"claim": "a b", "value": "x", "workspace": 1, "role": "viewer"}]' }, 'rule 1: "claim"'],
      [{ ...provider, OIDC_NAME: 'Acme\u0007' }, 'OIDC_NAME must be at most 60 characters'],
    ])('refuses %j', (env, message) => {
      expect(() => loadConfig(env as Record<string, string>)).toThrow(message);
    });

    it('takes an http:// issuer on this machine only (a test provider)', () => {
      expect(loadConfig({ ...provider, OIDC_ISSUER: 'http://127.0.0.1:4000' }).oidc?.issuer).toBe('http://127.0.0.1:4000');
    });
  });

  describe('automatic HTTPS (ACME_*)', () => {
    const acme = { ACME_EMAIL: 'ops@example.com', ACME_STORAGE_KEY: 'k'.repeat(32) };

    it("is off by default; with ACME_EMAIL it uses Let's Encrypt and HTTPS_PORT 8443", () => {
      expect(loadConfig(acme).acme).toEqual({
        email: 'ops@example.com',
        directory: 'https://acme-v02.api.letsencrypt.org/directory',
        caCertificates: null,
        storageKey: 'k'.repeat(32),
        httpsPort: 8443,
      });
    });

    it.each([
      [{ HTTPS_PORT: '443' }, 'HTTPS_PORT is set, but automatic HTTPS is off'],
      [{ ACME_EMAIL: 'ops@example.com' }, 'ACME_STORAGE_KEY must be set to at least 32 characters'],
      [{ ...acme, ACME_STORAGE_KEY: 'short' }, 'ACME_STORAGE_KEY must be set'],
      [{ ...acme, ACME_EMAIL: 'not an address' }, 'ACME_EMAIL must be an e-mail address'],
      [{ ...acme, ACME_EMAIL: 'ops\u0000@example.com' }, 'ACME_EMAIL must be an e-mail address'],
      [{ ...acme, ACME_DIRECTORY: 'http://ca.example.com/dir' }, "ACME_DIRECTORY must be the CA's https:// directory URL"],
      [{ ...acme, ACME_DIRECTORY: 'javascript:alert(1)' }, "ACME_DIRECTORY must be the CA's https:// directory URL"],
      [{ ...acme, ACME_CA_FILE: '/nonexistent/ca.pem' }, 'ACME_CA_FILE cannot be read (ENOENT)'],
      [{ ...acme, ACME_CA_FILE: '/etc/hostname' }, 'ACME_CA_FILE must hold PEM certificates'],
      [{ ...acme, HTTPS_PORT: '3000' }, 'HTTPS_PORT must differ from PORT (3000)'],
      [{ ...acme, HTTPS_PORT: '70000' }, 'HTTPS_PORT must be a whole number from 1 to 65535'],
    ])('refuses %j', (env, message) => {
      expect(() => loadConfig(env as Record<string, string>)).toThrow(message);
    });
  });

  describe('WORKERS', () => {
    const postgres = { DATABASE_URL: 'postgres://linkyard@db/linkyard' };

    it('is one process per available core on PostgreSQL, and 1 on the embedded database', () => {
      expect(loadConfig(postgres).workers).toBe(availableCores());
      expect(loadConfig({ ...postgres, WORKERS: '3' }).workers).toBe(3);
      expect(loadConfig({}).workers).toBe(1);
      expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    });

    it.each([
      [{ WORKERS: '2' }, 'WORKERS above 1 needs DATABASE_URL'],
      [{ ...postgres, WORKERS: '0' }, 'WORKERS must be a whole number from 1 to 256'],
      [{ ...postgres, WORKERS: 'all' }, 'WORKERS must be a whole number from 1 to 256'],
    ])('refuses %j', (env, message) => {
      expect(() => loadConfig(env as Record<string, string>)).toThrow(message);
    });

    it("reads a container's CPU quota", () => {
      const folder = mkdtempSync(join(tmpdir(), 'cpu-max-'));
      writeFileSync(join(folder, 'cpu.max'), '150000 100000\n');
      expect(availableCores(join(folder, 'cpu.max'))).toBe(Math.min(2, availableParallelism()));
      writeFileSync(join(folder, 'cpu.max'), 'max 100000\n');
      expect(availableCores(join(folder, 'cpu.max'))).toBe(availableParallelism());
      expect(availableCores(join(folder, 'absent'))).toBe(availableParallelism());
      rmSync(folder, { recursive: true });
    });
  });
});
