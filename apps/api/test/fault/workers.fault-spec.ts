import { execFileSync } from 'node:child_process';
import { closeLoopbackConnections, loopbackRequest, startBuiltService, type BuiltService } from '../support/built-service';
import { PostgresServer } from './servers';

/**
 * WORKERS=2 on PostgreSQL without Redis: the built service as people run it. The workers share
 * the port, one account's rate limit (kept in the primary), and the announcements of writes (a
 * link changed through one worker is followed to its new address by the other at once); a worker
 * that dies is started again while the other answers; SIGTERM stops them all cleanly.
 */
const ADMIN_KEY = 'lyk_workers-admin-key-0123456789abcdef';
const json = { 'content-type': 'application/json' };
const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0' };

/** The worker processes of the primary: its children. */
function workersOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter(Boolean);
  } catch {
    return [];
  }
}

/** `count` requests at once, each on a connection of its own (the port's connections go to the workers in turn). */
function atOnce(port: number, count: number, method: string, path: string, headers: Record<string, string>) {
  return Promise.all(
    Array.from({ length: count }, () => loopbackRequest(port, method, path, { headers: { ...headers, connection: 'close' } })),
  );
}

describe('WORKERS=2 on PostgreSQL, without Redis', () => {
  let postgres: PostgresServer;
  let service: BuiltService;

  beforeAll(async () => {
    postgres = await PostgresServer.start();
    service = await startBuiltService({ DATABASE_URL: postgres.url, WORKERS: '2', ADMIN_API_KEY: ADMIN_KEY, LOG_LEVEL: 'info' });
    for (let wait = 0; wait < 100 && workersOf(service.process.pid!).length < 2; wait += 1) await new Promise((r) => setTimeout(r, 100));
    // The port answers once either worker listens; the line is the first worker's, which may come
    // a moment later on a busy machine.
    for (let wait = 0; wait < 100 && !service.output().includes('Linkyard listening'); wait += 1)
      await new Promise((r) => setTimeout(r, 100));
  }, 120_000);

  afterAll(async () => {
    await service?.stop('SIGKILL');
    for (const pid of service ? workersOf(service.process.pid!) : []) process.kill(pid, 'SIGKILL');
    postgres?.destroy();
    closeLoopbackConnections();
  });

  it('runs two workers behind one port, said in one line', () => {
    expect(workersOf(service.process.pid!)).toHaveLength(2);
    const lines = service
      .output()
      .split('\n')
      .filter((line) => line.includes('Linkyard listening'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ workers: 2, database: 'postgres' });
  });

  it("holds an account's rate limit whichever worker answers", async () => {
    const user = await service.request('POST', '/l/api/user/add', {
      headers: { ...json, authorization: `Bearer ${ADMIN_KEY}` },
      body: JSON.stringify({ username: 'limited', email: 'limited@example.com', password: 'a long passphrase', ratelimit: 10 }),
    });
    expect(user.status).toBe(200);
    const key = (user.body as { data: { apikey: string } }).data.apikey;
    const answers = await atOnce(service.port, 16, 'GET', '/l/api/account', { authorization: `Bearer ${key}` });
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('sends visitors to a changed link’s new address from every worker at once', async () => {
    const auth = { ...json, authorization: `Bearer ${ADMIN_KEY}` };
    const link = await service.request('POST', '/l/api/url/add', {
      headers: auth,
      body: JSON.stringify({ url: 'https://example.com/before' }),
    });
    expect(link.status).toBe(200);
    const alias = new URL((link.body as { shorturl: string }).shorturl).pathname.slice(1);
    // Both workers cache the link.
    const warm = await atOnce(service.port, 8, 'GET', `/${alias}`, browser);
    expect(new Set(warm.map((answer) => answer.headers.location))).toEqual(new Set(['https://example.com/before']));
    const changed = await service.request('PUT', `/l/api/url/${(link.body as { id: number }).id}/update`, {
      headers: auth,
      body: JSON.stringify({ url: 'https://example.com/after' }),
    });
    expect(changed.status).toBe(200);
    const after = await atOnce(service.port, 8, 'GET', `/${alias}`, browser);
    expect(new Set(after.map((answer) => answer.headers.location))).toEqual(new Set(['https://example.com/after']));
  });

  it('starts a worker that died again, while the other answers', async () => {
    const [victim, survivor] = workersOf(service.process.pid!);
    process.kill(victim!, 'SIGKILL');
    // Once the primary knows (the connections the dead worker held are lost with it), the other takes every new one.
    for (let wait = 0; wait < 100 && !service.output().includes('ended (SIGKILL)'); wait += 1) await new Promise((r) => setTimeout(r, 50));
    const answers = await atOnce(service.port, 6, 'GET', '/healthz', {});
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    let workers: number[] = [];
    for (let wait = 0; wait < 100; wait += 1) {
      workers = workersOf(service.process.pid!);
      if (workers.length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(workers).toContain(survivor);
    expect(workers).not.toContain(victim);
    expect(workers).toHaveLength(2);
    expect(service.output()).toContain('ended (SIGKILL): starting it again');
  });

  it('stops every worker on SIGTERM, with exit code 0', async () => {
    for (let wait = 0; wait < 100 && (await service.request('GET', '/healthz', { timeoutMs: 1000 })).status !== 200; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const workers = workersOf(service.process.pid!);
    expect(await service.stop('SIGTERM')).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
