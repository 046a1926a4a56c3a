import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClickHouseServer } from '../support/clickhouse-server';
import { closeLoopbackConnections, startBuiltService, type BuiltService } from '../support/built-service';
import { drained, expectOnly, residentMb } from './checks';
import { Load, type LoadResult } from './load';

/**
 * ClickHouse as the click store, stopped and stalled (SIGSTOP) under a short load on loopback:
 * the built service on its embedded database, Debian's clickhouse-server (installed when missing).
 * Redirects go on, statistics answer 503 in bounded time, clicks past the memory bound go to the
 * spool, and all of them reach ClickHouse once it is back, each once, without a restart.
 */

const ADMIN_KEY = 'lyk_fault-admin-key-0123456789abcdefghij';
const CLICKHOUSE_TIMEOUT_MS = 1000;
/** A hang check, not a speed check: a statistics read may take the time limit, plus a wide margin for a busy machine. */
const LATEST_ANSWER_MS = 2 * CLICKHOUSE_TIMEOUT_MS + 4000;
const OUTAGE_MS = 20_000;
/** The smallest memory bound the service takes: the load passes it within the outage. */
const BUFFER_LIMIT = 2000;
/** A batch (ClickRecorder's largest): the one in the writer's hands is held beside the bound. */
const BATCH = 2000;
const MEMORY_BOUND_MB = 450;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: ClickHouseServer;
let databases = 0;

beforeAll(async () => {
  server = await ClickHouseServer.start();
}, 180_000);

afterAll(async () => {
  await server?.destroy();
  closeLoopbackConnections();
});

interface Setup {
  service: BuiltService;
  folder: string;
  database: string;
  key: string;
  linkId: number;
  alias: string;
}

async function setUp(): Promise<Setup> {
  // Up, whatever an earlier test that failed left it in.
  server.unstall();
  await server.resume();
  databases += 1;
  const database = `fault_${process.pid}_${databases}`;
  const folder = mkdtempSync(join(tmpdir(), 'linkyard-ch-fault-'));
  const service = await startBuiltService({
    DATA_DIR: join(folder, 'data'),
    ADMIN_API_KEY: ADMIN_KEY,
    TRUST_PROXY: '1',
    CLICKHOUSE_URL: `${server.url}/${database}`,
    CLICKHOUSE_TIMEOUT_MS: String(CLICKHOUSE_TIMEOUT_MS),
    CLICK_BUFFER_LIMIT: String(BUFFER_LIMIT),
    CLICK_SPOOL_DIR: join(folder, 'spool'),
  });
  const json = { 'content-type': 'application/json' };
  const user = await service.request('POST', '/l/api/user/add', {
    headers: { ...json, authorization: `Bearer ${ADMIN_KEY}` },
    body: JSON.stringify({ username: 'fault', email: 'fault@example.com', password: 'fault passphrase', ratelimit: 100_000 }),
  });
  if (user.status !== 200) throw new Error(`The account could not be created: ${user.status} ${user.text}`);
  const key = (user.body as { data: { apikey: string } }).data.apikey;
  const link = await service.request('POST', '/l/api/url/add', {
    headers: { ...json, authorization: `Bearer ${key}` },
    body: JSON.stringify({ url: 'https://example.com/fault' }),
  });
  const linkId = (link.body as { id: number }).id;
  const alias = new URL((link.body as { shorturl: string }).shorturl).pathname.slice(1);
  const setup = { service, folder, database, key, linkId, alias };
  // Warm: the link and the key are cached, and ClickHouse's tables are made, before the fault.
  await service.request('GET', `/${alias}`, { headers: { 'user-agent': FIREFOX } });
  const deadline = Date.now() + 60_000;
  while ((await stats(setup)).status !== 200) {
    if (Date.now() > deadline) throw new Error(`Statistics did not answer 200 before the fault:\n${service.output().slice(-4000)}`);
    await sleep(250);
  }
  return setup;
}

const stats = (setup: Pick<Setup, 'service' | 'linkId' | 'key'>) =>
  setup.service.request('GET', `/l/api/url/${setup.linkId}/stats`, {
    headers: { authorization: `Bearer ${setup.key}` },
    timeoutMs: 15_000,
  });

/** Clicks of the link in ClickHouse's raw table, a batch stored twice counted once. */
async function stored(setup: Setup): Promise<number> {
  const query = `SELECT count() FROM (SELECT 1 FROM ${setup.database}.clicks WHERE target = 'link' AND target_id = ${setup.linkId} LIMIT 1 BY batch_id, seq)`;
  const answer = await fetch(`${server.url}/?query=${encodeURIComponent(query)}`);
  return Number((await answer.text()).trim());
}

/** Visitors on the link (4 loops) and its statistics read (2 loops). */
function load(setup: Setup): { stop(): Promise<{ redirected: LoadResult; answered: LoadResult }> } {
  const redirects = new Load(setup.service.port, `/${setup.alias}`, { concurrency: 4 });
  const api = new Load(setup.service.port, `/l/api/url/${setup.linkId}/stats`, {
    concurrency: 2,
    countStatus: 200,
    headers: { authorization: `Bearer ${setup.key}` },
    pauseMs: 20,
  });
  return { stop: async () => ({ redirected: await redirects.stop(), answered: await api.stop() }) };
}

async function tearDown(setup: Setup): Promise<void> {
  await setup.service.stop('SIGKILL');
  rmSync(setup.folder, { recursive: true, force: true });
}

describe('ClickHouse stopped', () => {
  it(
    `for ${OUTAGE_MS / 1000} s under load: redirects go on, statistics answer 503 in time, clicks past the memory bound are spooled, none is lost`,
    async () => {
      const setup = await setUp();
      const running = load(setup);
      await sleep(1500);
      await server.stop();
      let peakMb = 0;
      let mostSpooled = 0;
      let spoolFiles = 0;
      let degraded = 0;
      const outageEnd = Date.now() + OUTAGE_MS;
      while (Date.now() < outageEnd) {
        peakMb = Math.max(peakMb, residentMb(setup.service.process.pid!));
        const health = await setup.service.request('GET', '/healthz', { timeoutMs: 5000 });
        const { clicks, status } = health.body as { status?: string; clicks?: { spooledBatches?: number; buffered?: number } };
        // The service is up (its database is): 200, degraded while clicks cannot be written.
        if (health.status === 200 && status === 'degraded') degraded += 1;
        mostSpooled = Math.max(mostSpooled, clicks!.spooledBatches!);
        spoolFiles = Math.max(spoolFiles, readdirSync(join(setup.folder, 'spool')).length);
        // The memory bound holds (and the batch being tried): what does not fit goes to disk.
        expect(health.status).toBe(200);
        expect(clicks!.buffered).toBeLessThanOrEqual(BUFFER_LIMIT + BATCH);
        await sleep(1000);
      }
      const refused = await stats(setup);
      await server.resume();
      // Back without a restart: statistics answer 200 again.
      const recovered = Date.now() + 30_000;
      while ((await stats(setup)).status !== 200) {
        if (Date.now() > recovered) throw new Error('Statistics did not recover within 30 s of ClickHouse coming back.');
        await sleep(500);
      }
      await sleep(1000);
      const { redirected, answered } = await running.stop();
      const clicks = await drained(setup.service);

      expect(refused.status).toBe(503);
      expectOnly(redirected.statuses, [302], setup.service);
      expectOnly(answered.statuses, [200, 503], setup.service);
      expect(answered.statuses.get(503) ?? 0).toBeGreaterThan(0);
      expect(answered.slowestMs).toBeLessThan(LATEST_ANSWER_MS);
      expect(degraded).toBeGreaterThan(0);
      expect(mostSpooled).toBeGreaterThan(0);
      expect(spoolFiles).toBeGreaterThan(0);
      expect(readdirSync(join(setup.folder, 'spool'))).toEqual([]);
      expect(peakMb).toBeLessThan(MEMORY_BOUND_MB);
      expect(clicks.dropped).toBe(0);
      // Every answered visit (and the warming one) is in ClickHouse once, and counted once.
      const visits = redirected.answeredAt.length + 1;
      expect(await stored(setup)).toBe(visits);
      const totals = (await stats(setup)).body as { data: { totals: { clicks: number } } };
      expect(totals.data.totals.clicks).toBe(visits);
      expect(setup.service.process.exitCode).toBeNull();
      await tearDown(setup);
    },
    OUTAGE_MS + 180_000,
  );
});

describe('ClickHouse stalled', () => {
  it('for 10 s under load (SIGSTOP): redirects stay quick, statistics answer 503 within the time limit, and the clicks are written once after it', async () => {
    const setup = await setUp();
    const running = load(setup);
    await sleep(1500);
    server.stall();
    try {
      await sleep(10_000);
    } finally {
      server.unstall();
    }
    const recovered = Date.now() + 30_000;
    while ((await stats(setup)).status !== 200) {
      if (Date.now() > recovered) throw new Error('Statistics did not recover within 30 s of ClickHouse waking.');
      await sleep(500);
    }
    await sleep(1000);
    const { redirected, answered } = await running.stop();
    const clicks = await drained(setup.service);

    expectOnly(redirected.statuses, [302], setup.service);
    // A redirect never waits on the click store.
    expect(redirected.slowestMs).toBeLessThan(LATEST_ANSWER_MS);
    expectOnly(answered.statuses, [200, 503], setup.service);
    expect(answered.statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(answered.slowestMs).toBeLessThan(LATEST_ANSWER_MS);
    expect(clicks.dropped).toBe(0);
    const visits = redirected.answeredAt.length + 1;
    expect(await stored(setup)).toBe(visits);
    await tearDown(setup);
  }, 120_000);
});
