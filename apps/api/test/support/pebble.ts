import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'node:https';

/** A port free on loopback now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Debian's pebble (a real ACME server, the one Let's Encrypt's clients test against) and
 * pebble-challtestsrv as its DNS, which answers every name with 127.0.0.1: the CA validates
 * HTTP-01 challenges by asking http://<name>:<httpPort>/ on loopback, where the service listens.
 * Its own HTTPS uses a certificate made here for localhost (ACME_CA_FILE trusts it).
 */
export interface Pebble {
  directory: string;
  /** The PEM file of the certificate pebble's directory is served with. */
  caFile: string;
  /** The root the certificates it issues chain to. */
  root(): Promise<string>;
  /** How many orders it has been sent since it started (new certificates asked for). */
  orders(): number;
  stop(): Promise<void>;
}

export async function startPebble(httpPort: number): Promise<Pebble> {
  const folder = mkdtempSync(join(tmpdir(), 'linkyard-pebble-'));
  const caFile = join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      join(folder, 'key.pem'),
      '-out',
      caFile,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'pipe' },
  );
  const [acmePort, managementPort, dnsPort, dnsManagementPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  writeFileSync(
    join(folder, 'pebble.json'),
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${acmePort}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: caFile,
        privateKey: join(folder, 'key.pem'),
        httpPort,
        tlsPort: await freePort(),
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
  const dns = spawn(
    'pebble-challtestsrv',
    [
      '-dns01',
      `127.0.0.1:${dnsPort}`,
      '-http01',
      '',
      '-https01',
      '',
      '-tlsalpn01',
      '',
      '-management',
      `127.0.0.1:${dnsManagementPort}`,
      '-defaultIPv4',
      '127.0.0.1',
      '-defaultIPv6',
      '',
    ],
    { stdio: 'ignore' },
  );
  // No random waits, no nonces refused on purpose: the tests wait for what they check, not for pebble's dice.
  const pebble = spawn('pebble', ['-config', join(folder, 'pebble.json'), '-dnsserver', `127.0.0.1:${dnsPort}`], {
    env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0', PEBBLE_AUTHZREUSE: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  pebble.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  pebble.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const agent = new Agent({ rejectUnauthorized: false });
  const get = (url: string) =>
    new Promise<string>((resolve, reject) => {
      request(url, { agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => (response.statusCode === 200 ? resolve(body) : reject(new Error(`${url}: ${response.statusCode}`))));
      })
        .on('error', reject)
        .end();
    });
  const directory = `https://localhost:${acmePort}/dir`;
  const until = Date.now() + 15_000;
  for (;;) {
    try {
      await get(directory);
      break;
    } catch (error) {
      if (Date.now() > until || !running(pebble)) {
        stopAll([pebble, dns]);
        throw new Error(`pebble did not start: ${(error as Error).message}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    directory,
    caFile,
    root: () => get(`https://localhost:${managementPort}/roots/0`),
    orders: () => log.split('\n').filter((line) => line.includes('POST /order-plz')).length,
    async stop() {
      stopAll([pebble, dns]);
      await Promise.all(
        [pebble, dns].map((child) => (running(child) ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve())),
      );
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function stopAll(children: ChildProcess[]): void {
  for (const child of children) if (running(child)) child.kill('SIGKILL');
}
