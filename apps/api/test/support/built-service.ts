import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';

/**
 * The built service (`dist/main.js`) as its own process, started as `pnpm start` starts it (through
 * `bin/linkyard-api`, which sets its memory settings and becomes the node process), listening on a
 * loopback port: for tests that stop, stall or kill things, and for long fuzzing runs. Only
 * 127.0.0.1 is ever addressed.
 */

const MAIN = join(__dirname, '..', '..', 'dist', 'main.js');
const LAUNCHER = join(__dirname, '..', '..', 'bin', 'linkyard-api');

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: unknown;
}

export interface HttpOptions {
  headers?: Record<string, string>;
  body?: string;
  /** Give up after this long (the answer is then status 0). */
  timeoutMs?: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One HTTP request to 127.0.0.1; status 0 when the connection failed or the time ran out. */
export function loopbackRequest(port: number, method: string, path: string, options: HttpOptions = {}): Promise<HttpAnswer> {
  return new Promise((resolve) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, method, path, agent, headers: options.headers, timeout: options.timeoutMs ?? 10_000 },
      (response) => {
        if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          // A stream does not end: it is read up to its first event, then closed.
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
            if (!text.includes('\n\n')) return;
            request.destroy();
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text, body: undefined });
          });
          return;
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          if (String(response.headers['content-type'] ?? '').startsWith('application/json')) {
            try {
              body = JSON.parse(text);
            } catch {
              body = undefined;
            }
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, body });
        });
        response.on('error', () => resolve({ status: 0, headers: {}, text: '', body: undefined }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 0, headers: {}, text: '', body: undefined }));
    request.end(options.body);
  });
}

/** Closes the kept-alive loopback connections, so the test process can end. */
export function closeLoopbackConnections(): void {
  agent.destroy();
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface BuiltService {
  port: number;
  process: ChildProcess;
  /** Everything it wrote to stdout and stderr. */
  output(): string;
  request(method: string, path: string, options?: HttpOptions): Promise<HttpAnswer>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The built service started through `bin/linkyard-api` as its own process, not waited for: for
 * tests of its start. `startBuiltService` waits for it to answer.
 */
export async function launchBuiltService(env: Record<string, string>, port?: number): Promise<BuiltService> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the service first (pnpm --filter @linkyard/api build).`);
  const listenPort = port ?? (await freePort());
  const child = spawn('sh', [LAUNCHER], {
    env: {
      // The node running the tests is the one the launcher finds first.
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      HOST: '127.0.0.1',
      PORT: String(listenPort),
      PUBLIC_URL: `http://127.0.0.1:${listenPort}`,
      LOG_LEVEL: 'warn',
      // One process, whose output and signals the tests read; test/fault/workers.fault-spec.ts runs several.
      WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  child.stderr.on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    port: listenPort,
    process: child,
    output: () => output,
    request: (method, path, options) => loopbackRequest(listenPort, method, path, options),
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export async function startBuiltService(env: Record<string, string>, port?: number): Promise<BuiltService> {
  const service = await launchBuiltService(env, port);
  const child = service.process;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The service exited at start:\n${service.output()}`);
    const health = await service.request('GET', '/healthz', { timeoutMs: 2000 });
    if (health.status === 200) return service;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The service did not answer within 60 s:\n${service.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
