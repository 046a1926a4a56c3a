import type { X509Certificate } from 'node:crypto';
import { request } from 'node:https';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:tls';
import type { Server } from 'node:net';
import { DataSource } from 'typeorm';
import { createApp, type LinkyardApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import type { HostResolver } from '../../src/infrastructure/host-resolver';
import { AutomaticHttps } from '../../src/modules/https/automatic-https';
import { Metrics } from '../../src/infrastructure/metrics';
import { startApi, type TestApi } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { freePort, startPebble, type Pebble } from '../support/pebble';

/**
 * Automatic HTTPS end to end against a real ACME server (Debian's pebble), two instances on one
 * PostgreSQL: the service's own host and a proven branded domain get certificates at their first
 * handshake; an unproven domain and an unknown name are refused without an order; one order
 * serves both instances; renewal in the last third of a certificate's life; the CA down.
 * Everything on loopback.
 */
const STORAGE_KEY = 'test-storage-key-0123456789abcdefghijklmnop';
const SERVICE_HOST = 'linkyard.test';

if (!process.env.DATABASE_URL)
  throw new Error('The automatic HTTPS suite runs on PostgreSQL: set DATABASE_URL (scripts/postgres.sh start).');

/** The TXT records the service reads (a zone of the test's own); every name points at loopback. */
const txt = new Map<string, string[]>();
const resolver: HostResolver = {
  resolve: () => Promise.resolve({ addresses: ['127.0.0.1'], aliases: [] }),
  txt: (name) => Promise.resolve(txt.get(name) ?? []),
};

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

/** The certificate a TLS handshake naming `name` is answered with, checked against pebble's root; or the handshake's error. */
function handshake(port: number, name: string, root: string): Promise<X509Certificate> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, servername: name, ca: [root] }, () => {
      const certificate = socket.getPeerX509Certificate();
      socket.end();
      if (!certificate) reject(new Error('no certificate'));
      else resolve(certificate);
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('the handshake was refused')));
    socket.setTimeout(60_000, () => socket.destroy(new Error('handshake timed out')));
  });
}

/** A GET over HTTPS (the name sent in SNI and Host), or over HTTP when `port` is the HTTP one and `tls` false. */
function get(options: { port: number; host: string; path: string; root?: string; tls?: boolean }) {
  return new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    const send = options.tls === false ? httpRequest : request;
    send(
      {
        host: '127.0.0.1',
        port: options.port,
        path: options.path,
        headers: { host: options.host },
        // A connection of its own, closed after the answer: none is kept for a server the test stops.
        agent: false,
        servername: options.host,
        ca: options.root ? [options.root] : undefined,
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, location: response.headers.location, body }));
      },
    )
      .on('error', reject)
      .end();
  });
}

describe('automatic HTTPS against a real ACME server (pebble)', () => {
  let pebble: Pebble;
  let root: string;
  let api: TestApi;
  let second: LinkyardApp;
  let user: TestUser;
  const ports = { http: 0, https: 0, secondHttp: 0, secondHttps: 0 };

  beforeAll(async () => {
    for (const name of Object.keys(ports) as (keyof typeof ports)[]) ports[name] = await freePort();
    pebble = await startPebble(ports.http);
    root = await pebble.root();
    const env = {
      PUBLIC_URL: `http://${SERVICE_HOST}`,
      ACME_EMAIL: 'ops@linkyard.test',
      ACME_DIRECTORY: pebble.directory,
      ACME_CA_FILE: pebble.caFile,
      ACME_STORAGE_KEY: STORAGE_KEY,
      HTTPS_PORT: String(ports.https),
    };
    api = await startApi(env, { hostResolver: resolver });
    await api.linkyard.app.listen({ port: ports.http, host: '127.0.0.1' });
    await listen(api.linkyard.https!, ports.https);
    // A second instance on the same database, as behind a load balancer. The CA asks the first
    // one for every challenge (pebble knows one HTTP port): the second's challenges must be
    // answered from the database.
    second = await createApp(
      loadConfig({ ...env, LOG_LEVEL: 'silent', DATABASE_URL: api.linkyard.config.databaseUrl!, HTTPS_PORT: String(ports.secondHttps) }),
      {
        hostResolver: resolver,
        clock: api.clock,
      },
    );
    await second.app.listen({ port: ports.secondHttp, host: '127.0.0.1' });
    await listen(second.https!, ports.secondHttps);
    user = await createUser(api);
  }, 60_000);

  afterAll(async () => {
    await second?.close();
    await api?.close();
    await pebble?.stop();
  });

  it('gets a certificate for the service’s own host at its first handshake, and answers HTTPS with it', async () => {
    const certificate = await handshake(ports.https, SERVICE_HOST, root);
    expect(certificate.subjectAltName).toBe(`DNS:${SERVICE_HOST}`);
    const health = await get({ port: ports.https, host: SERVICE_HOST, path: '/healthz', root });
    expect(health.status).toBe(200);
    // Its private key is kept sealed, never as PEM.
    const [row] = await api.linkyard.app
      .get(DataSource)
      .query<{ private_key: string }[]>(`SELECT private_key FROM tls_certificates WHERE host = $1`, [SERVICE_HOST]);
    expect(row!.private_key).toMatch(/^v1\./);
    expect(row!.private_key).not.toContain('PRIVATE KEY');
  });

  it('refuses the handshake of a name it may not have a certificate for, without asking the CA', async () => {
    const orders = pebble.orders();
    // A domain added without its proof (DOMAIN_VERIFICATION is off here) and a name nobody added.
    const added = await api.request('POST', '/l/api/domain/add', { key: user.apikey, body: { domain: 'https://unproven.example.test' } });
    expect(added.status).toBe(200);
    await expect(handshake(ports.https, 'unproven.example.test', root)).rejects.toThrow();
    await expect(handshake(ports.https, 'random-name.example.test', root)).rejects.toThrow();
    await expect(handshake(ports.secondHttps, 'unproven.example.test', root)).rejects.toThrow();
    expect(pebble.orders()).toBe(orders);
  });

  it('gets one for a branded domain once its TXT proof is there; HTTP then sends it to HTTPS, except the challenges', async () => {
    const domain = 'https://go.example.test';
    const proof = await api.request('GET', `/l/api/domain/verification?domain=${encodeURIComponent(domain)}`, { key: user.apikey });
    expect((await api.request('POST', '/l/api/domain/add', { key: user.apikey, body: { domain } })).status).toBe(200);
    const link = await api.request('POST', '/l/api/url/add', {
      key: user.apikey,
      body: { url: 'https://example.com/landing', custom: 'tls-link', domain },
    });
    expect(link.status).toBe(200);
    // Before the proof: refused (and remembered for a minute: the proof is checked again after it).
    await expect(handshake(ports.https, 'go.example.test', root)).rejects.toThrow();
    txt.set(proof.body.record as string, [proof.body.value as string]);
    api.clock.advance(61_000);

    const orders = pebble.orders();
    const certificate = await handshake(ports.https, 'go.example.test', root);
    expect(certificate.subjectAltName).toBe('DNS:go.example.test');
    expect(pebble.orders()).toBe(orders + 1);
    const redirect = await get({ port: ports.https, host: 'go.example.test', path: '/tls-link', root });
    expect(redirect.status).toBe(302);
    expect(redirect.location).toBe('https://example.com/landing');

    const plain = await get({ port: ports.http, host: 'go.example.test', path: '/tls-link?x=1', tls: false });
    expect(plain.status).toBe(308);
    expect(plain.location).toBe('https://go.example.test/tls-link?x=1');
    const challenge = await get({
      port: ports.http,
      host: 'go.example.test',
      path: '/.well-known/acme-challenge/unknown-token',
      tls: false,
    });
    expect(challenge.status).toBe(404);
    // A host without a certificate keeps plain HTTP.
    const unproven = await get({ port: ports.http, host: 'unproven.example.test', path: '/healthz', tls: false });
    expect(unproven.status).toBe(200);
  });

  it('serves one certificate from both instances; a name ordered by both at once is ordered once', async () => {
    const first = await handshake(ports.https, 'go.example.test', root);
    const fromSecond = await handshake(ports.secondHttps, 'go.example.test', root);
    expect(fromSecond.serialNumber).toBe(first.serialNumber);

    const domain = 'https://both.example.test';
    const proof = await api.request('GET', `/l/api/domain/verification?domain=${encodeURIComponent(domain)}`, { key: user.apikey });
    txt.set(proof.body.record as string, [proof.body.value as string]);
    expect((await api.request('POST', '/l/api/domain/add', { key: user.apikey, body: { domain } })).status).toBe(200);
    const orders = pebble.orders();
    // The second instance's order is validated through the first (the only HTTP port pebble asks).
    const [a, b] = await Promise.all([
      handshake(ports.secondHttps, 'both.example.test', root),
      handshake(ports.https, 'both.example.test', root),
    ]);
    expect(a.serialNumber).toBe(b.serialNumber);
    expect(pebble.orders()).toBe(orders + 1);
  });

  it('renews a certificate in the last third of its life, once, and both instances serve the new one', async () => {
    const before = await handshake(ports.https, 'go.example.test', root);
    const notBefore = new Date(before.validFrom).getTime();
    const notAfter = new Date(before.validTo).getTime();
    // Not yet due: nothing is ordered.
    expect(await api.linkyard.app.get(AutomaticHttps).renewDue()).toBe(0);
    api.clock.set(notAfter - (notAfter - notBefore) / 4);
    const orders = pebble.orders();
    const [renewedByFirst, renewedBySecond] = await Promise.all([
      api.linkyard.app.get(AutomaticHttps).renewDue(),
      second.app.get(AutomaticHttps).renewDue(),
    ]);
    // Every certificate made so far is due; one instance renews them, the other finds the round taken.
    expect([renewedByFirst, renewedBySecond].sort()).toEqual([0, 3]);
    expect(pebble.orders()).toBe(orders + 3);
    // Each instance reads the renewed certificates at its next refresh round (every minute).
    await Promise.all([api.linkyard.app.get(AutomaticHttps).refresh(), second.app.get(AutomaticHttps).refresh()]);
    const after = await handshake(ports.https, 'go.example.test', root);
    expect(after.serialNumber).not.toBe(before.serialNumber);
    expect((await handshake(ports.secondHttps, 'go.example.test', root)).serialNumber).toBe(after.serialNumber);
  });

  it('keeps serving its certificates while the CA is down, and counts the failed renewal', async () => {
    const served = await handshake(ports.https, SERVICE_HOST, root);
    await pebble.stop();
    // The clock is still in the certificates' last third: each is due, and each order fails.
    expect(await api.linkyard.app.get(AutomaticHttps).renewDue()).toBe(0);
    const metrics = await api.linkyard.app.get(Metrics).exposition();
    expect(metrics).toMatch(/^linkyard_acme_failures_total [1-9]/m);
    expect((await handshake(ports.https, SERVICE_HOST, root)).serialNumber).toBe(served.serialNumber);
    // A branded domain's deletion takes its certificate with it.
    const domains = await api.request('GET', '/l/api/domains', { key: user.apikey });
    const both = (domains.body.data.domains as { id: number; domain: string }[]).find(
      (domain) => domain.domain === 'https://both.example.test',
    )!;
    expect((await api.request('DELETE', `/l/api/domain/${both.id}/delete`, { key: user.apikey })).status).toBe(200);
    await expect(handshake(ports.https, 'both.example.test', root)).rejects.toThrow();
    const rows = await api.linkyard.app.get(DataSource).query<{ host: string }[]>(`SELECT host FROM tls_certificates ORDER BY host`);
    expect(rows.map((row) => row.host)).toEqual(['go.example.test', SERVICE_HOST]);
  });
});
