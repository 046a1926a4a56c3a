import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: './.data',
      adminApiKey: undefined,
      redisUrl: undefined,
      trustProxy: false,
      logLevel: 'info',
      domainDnsTargets: [],
      logoFetchAllowPrivate: false,
      corsOrigins: '*',
      databaseTimeoutMs: 5000,
      requestTimeoutMs: 30_000,
      clickBufferLimit: 100_000,
      clickSpoolDir: './.data/click-spool',
      clickSpoolLimitBytes: 1024 * 1024 * 1024,
      clickRetentionDays: null,
      domainVerification: 'off',
    });
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
    [{ CLICK_BUFFER_LIMIT: '-5' }, 'CLICK_BUFFER_LIMIT'],
    [{ CLICK_SPOOL_LIMIT_MB: '0' }, 'CLICK_SPOOL_LIMIT_MB'],
    [{ DOMAIN_VERIFICATION: 'dns' }, 'DOMAIN_VERIFICATION'],
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
});
