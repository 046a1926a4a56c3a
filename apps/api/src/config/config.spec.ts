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
  ])('refuses %j with a message naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Configuration error: ${variable} `));
  });

  it('reads lists and switches', () => {
    const config = loadConfig({ DOMAIN_DNS_TARGETS: '203.0.113.7, Edge.Example.com', TRUST_PROXY: 'on', LOG_LEVEL: 'WARN' });
    expect(config.domainDnsTargets).toEqual(['203.0.113.7', 'edge.example.com']);
    expect(config.trustProxy).toBe(true);
    expect(config.logLevel).toBe('warn');
  });
});
