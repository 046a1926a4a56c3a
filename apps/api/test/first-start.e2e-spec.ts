import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { freePort, launchBuiltService, loopbackRequest, startBuiltService } from './support/built-service';

/**
 * The first hour of a self-hoster, on the built service and a data folder of its own: the admin's
 * key is printed once the service listens (never by a start that failed), a second service on the
 * same folder is refused, a lost key is replaced by `admin:key`, and the service runs with the
 * memory settings `pnpm start` gives it.
 */
const DIST = join(__dirname, '..', 'dist');

function runNode(script: string, env: Record<string, string>): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [join(DIST, script)], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const keyIn = (output: string): string | undefined =>
  /"adminApiKey":"(lyk_[A-Za-z0-9_-]+)"/.exec(output)?.[1] ?? /^ {3}(lyk_\S+)$/m.exec(output)?.[1];

describe('the first start and a lost admin key', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkyard-first-start-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the admin key only from a start that listens, keeps the folder to one service, and makes a new key with admin:key', async () => {
    // A start on a port already taken fails, and makes no admin whose key nobody would see.
    const taken: Server = createServer();
    const takenPort = await freePort();
    await new Promise<void>((resolve) => taken.listen(takenPort, '127.0.0.1', resolve));
    const failed = runNode('main.js', { PORT: String(takenPort), DATA_DIR: dataDir });
    taken.close();
    expect(failed.status).toBe(1);
    expect(failed.output).toContain(`Linkyard could not start: port ${takenPort} on 127.0.0.1 is already in use`);
    expect(keyIn(failed.output)).toBeUndefined();

    // The next start makes the admin and prints its key (a JSON line: the output is not a terminal).
    const service = await startBuiltService({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    let first: string | undefined;
    try {
      for (let waited = 0; !(first = keyIn(service.output())) && waited < 50; waited++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(first).toMatch(/^lyk_/);
      expect(service.output()).toContain(`"dataDir":"${dataDir}"`);
      // Every line it wrote is JSON.
      for (const line of service.output().trim().split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
      const account = await service.request('GET', '/l/api/account', { headers: { authorization: `Bearer ${first!}` } });
      expect(account.status).toBe(200);

      // The folder is this service's: a second one, or admin:key, is refused while it runs.
      const second = runNode('main.js', { PORT: String(await freePort()), DATA_DIR: dataDir });
      expect(second.status).toBe(1);
      expect(second.output).toContain(`the embedded database in ${dataDir} is in use by another Linkyard process`);
      const whileRunning = runNode('admin-key.js', { DATA_DIR: dataDir });
      expect(whileRunning.status).toBe(1);
      expect(whileRunning.output).toContain('is in use by another Linkyard process');
    } finally {
      await service.stop();
    }

    // Stopped: admin:key replaces the lost key; the next start prints none, and only the new key works.
    const reset = runNode('admin-key.js', { DATA_DIR: dataDir });
    expect(reset.status).toBe(0);
    expect(reset.output).toContain('A new API key for the admin "admin"');
    const replaced = keyIn(reset.output);
    expect(replaced).toMatch(/^lyk_/);
    const again = await startBuiltService({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      expect(keyIn(again.output())).toBeUndefined();
      const call = (key: string) => loopbackRequest(again.port, 'GET', '/l/api/account', { headers: { authorization: `Bearer ${key}` } });
      expect((await call(replaced!)).status).toBe(200);
      expect((await call(first!)).status).toBe(401);
    } finally {
      await again.stop();
    }
  }, 240_000);

  it('runs as node itself with the memory settings of bin/linkyard-api, each of which the caller may set otherwise', async () => {
    const settings = (pid: number) => {
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      return {
        program: basename(readlinkSync(`/proc/${pid}/exe`)),
        options: readFileSync(`/proc/${pid}/cmdline`, 'utf8')
          .split('\0')
          .filter((argument) => argument.startsWith('--')),
        malloc: environment.filter((variable) => variable.startsWith('MALLOC_')).sort(),
      };
    };
    const service = await startBuiltService({ DATA_DIR: join(dataDir, 'settings') });
    try {
      expect(settings(service.process.pid!)).toEqual({
        program: basename(process.execPath),
        options: ['--max-semi-space-size=8'],
        malloc: ['MALLOC_MMAP_THRESHOLD_=131072', 'MALLOC_TRIM_THRESHOLD_=131072'],
      });
    } finally {
      // The signal reaches the service itself (no shell is left between): it stops cleanly.
      expect(await service.stop()).toBe(0);
    }
    // A database in memory keeps V8's young generation (bin/linkyard-api says why); a caller's own
    // allocator setting stands.
    const own = await startBuiltService({ DATA_DIR: 'memory://', MALLOC_TRIM_THRESHOLD_: '1048576' });
    try {
      expect(settings(own.process.pid!)).toEqual({
        program: basename(process.execPath),
        options: [],
        malloc: ['MALLOC_MMAP_THRESHOLD_=131072', 'MALLOC_TRIM_THRESHOLD_=1048576'],
      });
    } finally {
      expect(await own.stop()).toBe(0);
    }
  }, 120_000);

  it('stops cleanly on SIGTERM while it is still starting: it finishes the start, then closes the database and frees the folder', async () => {
    const folder = join(dataDir, 'stopped-while-starting');
    // A first start (migrations, the admin) can take more than the default 15 s on a busy machine;
    // this test is about the wait, not its length, which the next one covers.
    const service = await launchBuiltService({ DATA_DIR: folder, LOG_LEVEL: 'info', START_STOP_TIMEOUT_MS: '90000' });
    // The folder is taken as the database opens, before the service listens.
    for (let waited = 0; !existsSync(join(folder, 'linkyard.pid')) && waited < 600; waited++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(join(folder, 'linkyard.pid'))).toBe(true);
    const code = await service.stop('SIGTERM');
    expect({ code, output: code === 0 ? '' : service.output() }).toEqual({ code: 0, output: '' });
    expect(service.output()).toContain('SIGTERM received');
    // The start it finished made the admin and said its key, and the folder is free for the next start.
    expect(keyIn(service.output())).toMatch(/^lyk_/);
    expect(existsSync(join(folder, 'linkyard.pid'))).toBe(false);
  }, 120_000);

  it('stops on SIGTERM while its database never answers at the start: after START_STOP_TIMEOUT_MS, or at once on a second signal', async () => {
    // A database that takes the connection and never answers: the start waits on it.
    let connections = 0;
    const silent = createServer(() => void connections++);
    const silentPort = await freePort();
    await new Promise<void>((resolve) => silent.listen(silentPort, '127.0.0.1', resolve));
    const start = async () => {
      const seen = connections;
      const service = await launchBuiltService({
        DATABASE_URL: `postgres://linkyard@127.0.0.1:${silentPort}/linkyard`,
        LOG_LEVEL: 'info',
        START_STOP_TIMEOUT_MS: '3000',
      });
      // Connecting to its database, it is starting.
      for (let waited = 0; connections === seen && waited < 600; waited++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(connections).toBeGreaterThan(seen);
      return service;
    };
    try {
      const once = await start();
      expect(await once.stop('SIGTERM')).toBe(1);
      expect(once.output()).toContain('SIGTERM received: finishing requests in flight, then stopping');
      expect(once.output()).toContain('the start did not finish within 3 s of the stop: stopping without it');

      const twice = await start();
      twice.process.kill('SIGTERM');
      for (let waited = 0; !twice.output().includes('SIGTERM received') && waited < 100; waited++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      twice.process.kill('SIGINT');
      expect(await twice.exited).toBe(1);
      expect(twice.output()).toContain('SIGINT received again: stopping before the start finished');
    } finally {
      silent.close();
    }
  }, 120_000);
});
