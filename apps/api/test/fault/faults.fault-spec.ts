import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { closeLoopbackConnections, startBuiltService, type BuiltService } from '../support/built-service';
import { drained, expectOnly, residentMb } from './checks';
import { Load, type LoadResult } from './load';
import { PostgresServer, RedisServer } from './servers';

/**
 * Faults on real servers, under a short load on loopback: PostgreSQL and Redis stopped, stalled
 * (SIGSTOP) and restarted, the service stopped with SIGTERM and killed with SIGKILL. Run by
 * `pnpm --filter @linkyard/api test:fault` (CI runs it); PostgreSQL and Redis are installed by the
 * project's scripts when missing. FAULT_OUTAGE_MS sets the long database outage (60 s).
 */

const ADMIN_KEY = 'lyk_fault-admin-key-0123456789abcdefghij';
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_MS ?? 60_000);
const DATABASE_TIMEOUT_MS = 1000;
/**
 * Not a speed check but a hang check: during a fault an answer may take the database time limit
 * twice (a pool wait, then the query), plus a wide margin for a busy machine; a request held by a
 * stalled server would take the load's own cut-off (10 s) and show as status 0.
 */
const LATEST_ANSWER_MS = 2 * DATABASE_TIMEOUT_MS + 4000;
/** The same for Redis: its command time limit is 0.5 s. */
const LATEST_ANSWER_REDIS_MS = 5000;
const MEMORY_BOUND_MB = 450;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let postgres: PostgresServer;
let databases = 0;

beforeAll(() => {
  return PostgresServer.start().then((server) => {
    postgres = server;
  });
}, 180_000);

afterAll(() => {
  postgres?.destroy();
  closeLoopbackConnections();
});

async function newDatabase(): Promise<string> {
  databases += 1;
  const name = `fault_${process.pid}_${databases}`;
  const client = new Client({ connectionString: postgres.url });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  return postgres.url.replace(/\/postgres$/, `/${name}`);
}

async function query<T>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

interface Setup {
  service: BuiltService;
  databaseUrl: string;
  spoolDir: string;
  key: string;
  linkId: number;
  alias: string;
}

async function setUp(env: Record<string, string> = {}, existing?: { databaseUrl: string; spoolDir: string }): Promise<Setup> {
  const databaseUrl = existing?.databaseUrl ?? (await newDatabase());
  const spoolDir = existing?.spoolDir ?? mkdtempSync(join(tmpdir(), 'linkyard-fault-spool-'));
  const service = await startBuiltService({
    DATABASE_URL: databaseUrl,
    ADMIN_API_KEY: ADMIN_KEY,
    TRUST_PROXY: '1',
    DATABASE_TIMEOUT_MS: String(DATABASE_TIMEOUT_MS),
    CLICK_SPOOL_DIR: spoolDir,
    CLICK_BUFFER_LIMIT: '20000',
    ...env,
  });
  if (existing) return { service, databaseUrl, spoolDir, key: '', linkId: 0, alias: '' };
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
  // Warm: the link and the key are cached from here on.
  await service.request('GET', `/${alias}`, {
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0' },
  });
  await service.request('GET', `/l/api/url/${linkId}`, { headers: { authorization: `Bearer ${key}` } });
  return { service, databaseUrl, spoolDir, key, linkId, alias };
}

async function recorded(setup: Pick<Setup, 'databaseUrl' | 'linkId'>): Promise<number> {
  const [row] = await query<{ n: number }>(setup.databaseUrl, 'SELECT count(*)::int AS n FROM clicks WHERE link_id = $1', [setup.linkId]);
  return row!.n;
}

async function tearDown(setup: Setup): Promise<void> {
  await setup.service.stop('SIGKILL');
  rmSync(setup.spoolDir, { recursive: true, force: true });
}

/** The load of the database faults: visitors on the link (4 loops) and the API reading it (2 loops). */
function databaseLoad(setup: Setup): { stop(): Promise<{ redirected: LoadResult; answered: LoadResult }> } {
  const redirects = new Load(setup.service.port, `/${setup.alias}`, { concurrency: 4 });
  // A read that always reaches the database: the link's clicks over time (a link's details are
  // answered from memory while no write of its account dropped them, which a stalled database
  // cannot commit).
  const api = new Load(setup.service.port, `/l/api/url/${setup.linkId}/stats`, {
    concurrency: 2,
    countStatus: 200,
    headers: { authorization: `Bearer ${setup.key}` },
    pauseMs: 20,
  });
  return { stop: async () => ({ redirected: await redirects.stop(), answered: await api.stop() }) };
}

const readLink = (setup: Setup) =>
  setup.service.request('GET', `/l/api/url/${setup.linkId}`, { headers: { authorization: `Bearer ${setup.key}` } });

/** During a database fault: every visitor redirected, the API only 200 or 503. */
function expectHeldUp(setup: Setup, redirected: LoadResult, answered: LoadResult): void {
  expectOnly(redirected.statuses, [302], setup.service);
  expectOnly(answered.statuses, [200, 503], setup.service);
}

describe('several instances starting at once', () => {
  it.each([
    ['with', ADMIN_KEY],
    ['without', ''],
  ])(
    '%s ADMIN_API_KEY on an empty database: all start, the migrations run once and there is one admin',
    async (_with, adminKey) => {
      const databaseUrl = await newDatabase();
      const env: Record<string, string> = { DATABASE_URL: databaseUrl, DATABASE_TIMEOUT_MS: String(DATABASE_TIMEOUT_MS) };
      if (adminKey) env.ADMIN_API_KEY = adminKey;
      const started = await Promise.allSettled([1, 2, 3].map(() => startBuiltService(env)));
      const services = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      try {
        expect(started.filter((result) => result.status === 'rejected').map((result) => String(result.reason))).toEqual([]);
        const admins = await query<{ n: number }>(databaseUrl, 'SELECT count(*)::int AS n FROM users WHERE admin');
        expect(admins[0]!.n).toBe(1);
        const migrations = await query<{ name: string; n: number }>(
          databaseUrl,
          'SELECT name, count(*)::int AS n FROM migrations GROUP BY name HAVING count(*) > 1',
        );
        expect(migrations).toEqual([]);
        const users = await query<{ n: number }>(databaseUrl, 'SELECT count(*)::int AS n FROM users');
        expect(users[0]!.n).toBe(1);
        for (const service of adminKey ? services : []) {
          const account = await service.request('GET', '/l/api/account', { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
          expect(account.status).toBe(200);
        }
      } finally {
        await Promise.all(services.map((service) => service.stop('SIGKILL')));
      }
    },
    180_000,
  );
});

describe('PostgreSQL stopped', () => {
  it(
    `for ${OUTAGE_MS / 1000} s under load: redirects go on, the API answers 503 in time, no click is lost, memory stays bounded`,
    async () => {
      const setup = await setUp();
      const load = databaseLoad(setup);
      await sleep(1500);
      postgres.stop();
      let peakMb = 0;
      let healthDown = 0;
      const outageEnd = Date.now() + OUTAGE_MS;
      while (Date.now() < outageEnd) {
        peakMb = Math.max(peakMb, residentMb(setup.service.process.pid!));
        const started = Date.now();
        const health = await setup.service.request('GET', '/healthz', { timeoutMs: 5000 });
        if (health.status === 503 && Date.now() - started < LATEST_ANSWER_MS) healthDown += 1;
        await sleep(2000);
      }
      postgres.resume();
      // Back without a restart: the API answers 200 again.
      const recovered = Date.now() + 30_000;
      while ((await readLink(setup)).status !== 200) {
        if (Date.now() > recovered) throw new Error('The API did not recover within 30 s of the database coming back.');
        await sleep(500);
      }
      await sleep(1000);
      const { redirected, answered } = await load.stop();
      const clicks = await drained(setup.service);

      expectHeldUp(setup, redirected, answered);
      expect(answered.statuses.get(503) ?? 0).toBeGreaterThan(0);
      expect(answered.slowestMs).toBeLessThan(LATEST_ANSWER_MS);
      expect(healthDown).toBeGreaterThan(0);
      expect(peakMb).toBeLessThan(MEMORY_BOUND_MB);
      expect(clicks.dropped).toBe(0);
      expect(await recorded(setup)).toBe(redirected.answeredAt.length + 1);
      expect(setup.service.process.exitCode).toBeNull();
      expect(setup.service.output()).toMatch(/Could not record \d+ clicks/);
      await tearDown(setup);
    },
    OUTAGE_MS + 240_000,
  );
});

describe('PostgreSQL stalled', () => {
  it('for 10 s under load (SIGSTOP): the API answers 503 within the timeout, never hangs, and recovers', async () => {
    const setup = await setUp();
    const load = databaseLoad(setup);
    await sleep(1500);
    postgres.stall();
    try {
      await sleep(10_000);
    } finally {
      postgres.unstall();
    }
    await sleep(5000);
    const { redirected, answered } = await load.stop();
    const clicks = await drained(setup.service);

    expectHeldUp(setup, redirected, answered);
    expect(answered.statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(answered.slowestMs).toBeLessThan(LATEST_ANSWER_MS);
    expect((await readLink(setup)).status).toBe(200);
    expect(clicks.dropped).toBe(0);
    expect(await recorded(setup)).toBe(redirected.answeredAt.length + 1);
    await tearDown(setup);
  }, 180_000);
});

describe('PostgreSQL restarted', () => {
  it('under load: answers stay 200, 302 or 503, the service reconnects by itself, no click is lost', async () => {
    const setup = await setUp();
    const load = databaseLoad(setup);
    await sleep(1500);
    postgres.stop();
    postgres.resume();
    await sleep(4000);
    const { redirected, answered } = await load.stop();
    await drained(setup.service);

    expectHeldUp(setup, redirected, answered);
    expect((await readLink(setup)).status).toBe(200);
    expect(await recorded(setup)).toBe(redirected.answeredAt.length + 1);
    await tearDown(setup);
  }, 180_000);
});

/** Asks `/readyz` until it answers `status`, or fails after `ms`; every answer must come within the check's time limit. */
async function readiness(
  service: BuiltService,
  status: number,
  ms = 15_000,
): Promise<{ status: string; checks: Record<string, { ok: boolean; reason?: string }> }> {
  const deadline = Date.now() + ms;
  for (;;) {
    const started = Date.now();
    const answer = await service.request('GET', '/readyz', { timeoutMs: 10_000 });
    expect(Date.now() - started).toBeLessThan(LATEST_ANSWER_MS);
    if (answer.status === status) return answer.body as { status: string; checks: Record<string, { ok: boolean; reason?: string }> };
    if (Date.now() > deadline) throw new Error(`/readyz did not answer ${status} within ${ms / 1000} s: ${answer.status} ${answer.text}`);
    await sleep(250);
  }
}

describe('/readyz with PostgreSQL away', () => {
  it('answers 503 naming the database while it is stopped or stalled, in time, and 200 once it is back', async () => {
    const setup = await setUp();
    try {
      expect((await readiness(setup.service, 200)).checks.database).toEqual({ ok: true });
      postgres.stop();
      try {
        const stopped = await readiness(setup.service, 503);
        expect(stopped.status).toBe('unready');
        expect(stopped.checks.database).toEqual({ ok: false, reason: expect.stringMatching(/SELECT 1/) });
        // Liveness says the same; visitors are still redirected.
        expect((await setup.service.request('GET', '/healthz')).status).toBe(503);
        expect((await setup.service.request('GET', `/${setup.alias}`)).status).toBe(302);
      } finally {
        postgres.resume();
      }
      await readiness(setup.service, 200, 30_000);

      postgres.stall();
      try {
        const stalled = await readiness(setup.service, 503);
        expect(stalled.checks.database!.ok).toBe(false);
      } finally {
        postgres.unstall();
      }
      await readiness(setup.service, 200, 30_000);
    } finally {
      await tearDown(setup);
    }
  }, 120_000);
});

describe('Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(async () => {
    await redis?.destroy();
  });

  const healthOf = async (service: BuiltService) => (await service.request('GET', '/healthz')).body as { status: string; redis: string };
  async function until(service: BuiltService, state: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    while ((await healthOf(service)).redis !== state) {
      if (Date.now() > deadline) throw new Error(`/healthz did not say redis: ${state} within 15 s`);
      await sleep(200);
    }
  }

  it('stopped: /readyz stays 200 naming Redis (every instance still answers) while /healthz says degraded', async () => {
    const setup = await setUp({ REDIS_URL: redis.url });
    try {
      await until(setup.service, 'up');
      expect((await readiness(setup.service, 200)).checks.redis).toEqual({ ok: true });
      await redis.stop();
      try {
        await until(setup.service, 'down');
        const ready = await readiness(setup.service, 200);
        expect(ready.checks).toEqual({ database: { ok: true }, redis: { ok: false, reason: 'no answer to PING' }, clicks: { ok: true } });
        expect((await healthOf(setup.service)).status).toBe('degraded');
      } finally {
        await redis.resume();
      }
      await until(setup.service, 'up');
      await readiness(setup.service, 200);
    } finally {
      await tearDown(setup);
    }
  }, 120_000);

  it.each([
    ['stopped', (server: RedisServer) => server.stop(), (server: RedisServer) => server.resume()],
    ['stalled (SIGSTOP)', async (server: RedisServer) => server.stall(), async (server: RedisServer) => server.unstall()],
    [
      'restarted',
      async (server: RedisServer) => {
        await server.stop();
        await server.resume();
      },
      async () => undefined,
    ],
  ])(
    '%s under load: the API keeps answering, /healthz says degraded, and it comes back',
    async (_what, fail, recover) => {
      const setup = await setUp({ REDIS_URL: redis.url });
      await until(setup.service, 'up');
      const api = new Load(setup.service.port, '/l/api/account', {
        concurrency: 2,
        countStatus: 200,
        headers: { authorization: `Bearer ${setup.key}` },
        pauseMs: 10,
      });
      const redirects = new Load(setup.service.port, `/${setup.alias}`, { concurrency: 2 });
      await sleep(1000);
      await fail(redis);
      if (_what !== 'restarted') {
        await until(setup.service, 'down');
        expect((await healthOf(setup.service)).status).toBe('degraded');
        await sleep(3000);
        await recover(redis);
      }
      await until(setup.service, 'up');
      await sleep(1000);
      const answered = await api.stop();
      const redirected = await redirects.stop();

      expectOnly(answered.statuses, [200], setup.service);
      expectOnly(redirected.statuses, [302], setup.service);
      expect(answered.slowestMs).toBeLessThan(LATEST_ANSWER_REDIS_MS);
      expect((await healthOf(setup.service)).status).toBe('ok');
      if (_what !== 'restarted') expect(setup.service.output()).toMatch(/Redis is unavailable/);
      await tearDown(setup);
    },
    120_000,
  );
});

describe('two instances, Redis stalled (SIGSTOP)', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(async () => {
    await redis?.destroy();
  });

  it("the one that only serves redirects serves a link's new destination within 2 s, and never takes a key after its rotation answered, nor shows an account, its domains or its links as they were before a change answered or a click was written", async () => {
    const writer = await setUp({ REDIS_URL: redis.url });
    const reader = await startBuiltService({
      DATABASE_URL: writer.databaseUrl,
      ADMIN_API_KEY: ADMIN_KEY,
      DATABASE_TIMEOUT_MS: String(DATABASE_TIMEOUT_MS),
      REDIS_URL: redis.url,
    });
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0' };
    const json = { 'content-type': 'application/json', authorization: `Bearer ${writer.key}` };
    let newKey = '';
    const readerAccount = () => reader.request('GET', '/l/api/account', { headers: { authorization: `Bearer ${newKey}` } });
    const changeEmailOnWriter = async (when: string) => {
      const email = `${when}.${Date.now()}@example.com`;
      const updated = await writer.service.request('PUT', '/l/api/account/update', {
        headers: { ...json, authorization: `Bearer ${newKey}` },
        // The account has a password: a change of its address proves it.
        body: JSON.stringify({ email, currentpassword: 'fault passphrase' }),
      });
      expect(updated.status).toBe(200);
      expect(((await readerAccount()).body as { data: { email: string } }).data.email).toBe(email);
    };
    const readerDomains = async () => {
      const listed = await reader.request('GET', '/l/api/domains', { headers: { authorization: `Bearer ${newKey}` } });
      expect(listed.status).toBe(200);
      return (listed.body as { data: { domains: { domain: string }[] } }).data.domains.map((domain) => domain.domain);
    };
    const readerClicks = async (linkId: number) => {
      const listed = await reader.request('GET', '/l/api/urls', { headers: { authorization: `Bearer ${newKey}` } });
      expect(listed.status).toBe(200);
      return (listed.body as { data: { urls: { id: number; clicks: number }[] } }).data.urls.find((link) => link.id === linkId)!.clicks;
    };
    // A new link that only the writer serves, visited once: once its click batch is written there
    // (about a second), the reader's list of links (read before, so kept) counts it.
    const clickOnWriter = async () => {
      const added = await writer.service.request('POST', '/l/api/url/add', {
        headers: { ...json, authorization: `Bearer ${newKey}` },
        body: JSON.stringify({ url: 'https://example.com/counted' }),
      });
      expect(added.status).toBe(200);
      const { id, shorturl } = added.body as { id: number; shorturl: string };
      expect(await readerClicks(id)).toBe(0);
      expect((await writer.service.request('GET', new URL(shorturl).pathname, { headers: browser })).status).toBe(302);
      const visitedAt = Date.now();
      let clicks = 0;
      while (Date.now() - visitedAt < 5000 && clicks === 0) {
        await sleep(100);
        clicks = await readerClicks(id);
      }
      expect(clicks).toBe(1);
    };
    const addDomainOnWriter = async (when: string) => {
      const domain = `https://${when}-${Date.now()}.example.com`;
      const added = await writer.service.request('POST', '/l/api/domain/add', {
        headers: { ...json, authorization: `Bearer ${newKey}` },
        body: JSON.stringify({ domain }),
      });
      expect(added.status).toBe(200);
      expect(await readerDomains()).toContain(domain);
    };
    try {
      // The reader has the link and the key cached, as a busy instance would.
      expect((await reader.request('GET', `/${writer.alias}`, { headers: browser })).headers.location).toBe('https://example.com/fault');
      expect((await reader.request('GET', '/l/api/account', { headers: { authorization: `Bearer ${writer.key}` } })).status).toBe(200);

      redis.stall();
      try {
        // The link changes on the writer; the reader, which sends nothing to Redis, must notice.
        const changed = await writer.service.request('PUT', `/l/api/url/${writer.linkId}/update`, {
          headers: json,
          body: JSON.stringify({ url: 'https://example.com/moved' }),
        });
        expect(changed.status).toBe(200);
        const changedAt = Date.now();
        let location: unknown;
        while (Date.now() - changedAt < 2000) {
          location = (await reader.request('GET', `/${writer.alias}`, { headers: browser })).headers.location;
          if (location === 'https://example.com/moved') break;
          await sleep(50);
        }
        expect(location).toBe('https://example.com/moved');

        // The key rotates on the writer: once the rotation has answered, the reader refuses the old key.
        const rotated = await writer.service.request('POST', '/l/api/account/apikey/rotate', { headers: json });
        expect(rotated.status).toBe(200);
        newKey = (rotated.body as { apikey: string }).apikey;
        for (let attempt = 0; attempt < 10; attempt++) {
          expect((await reader.request('GET', '/l/api/account', { headers: { authorization: `Bearer ${writer.key}` } })).status).toBe(401);
        }
        expect((await readerAccount()).status).toBe(200);
        await readerDomains();
        // A domain is added on the writer: once that has answered, the reader lists it.
        await addDomainOnWriter('stalled');
        await clickOnWriter();
        // The e-mail address changes on the writer: once that has answered, the reader's /account
        // (answered from the account its key cache holds) shows the new one.
        await changeEmailOnWriter('stalled');
      } finally {
        redis.unstall();
      }
      // Redis back: both trust their caches again, and the reader still serves the new destination.
      await sleep(1500);
      expect((await reader.request('GET', `/${writer.alias}`, { headers: browser })).headers.location).toBe('https://example.com/moved');
      expect((await readerAccount()).status).toBe(200);
      await changeEmailOnWriter('back');
      await readerDomains();
      await addDomainOnWriter('back');
      await clickOnWriter();
      expect((await reader.request('GET', '/healthz')).body).toMatchObject({ redis: 'up' });
    } finally {
      await reader.stop();
      await tearDown(writer);
    }
  }, 120_000);
});

describe('the service', () => {
  it('stopped with SIGTERM mid-load writes every click it answered', async () => {
    const setup = await setUp();
    const redirects = new Load(setup.service.port, `/${setup.alias}`, { concurrency: 4 });
    await sleep(3000);
    const code = await setup.service.stop('SIGTERM');
    const redirected = await redirects.stop();
    expect(code).toBe(0);
    expectOnly(redirected.statuses, [302, 0], setup.service);
    expect(await recorded(setup)).toBe(redirected.answeredAt.length + 1);
    rmSync(setup.spoolDir, { recursive: true, force: true });
  }, 120_000);

  it('killed with SIGKILL mid-load loses at most the last flush interval', async () => {
    const setup = await setUp();
    const redirects = new Load(setup.service.port, `/${setup.alias}`, { concurrency: 4 });
    await sleep(3000);
    const killedAt = Date.now();
    await setup.service.stop('SIGKILL');
    const redirected = await redirects.stop();
    // Clicks answered more than a flush interval (1 s) and a batch write before the kill were written.
    const settled = redirected.answeredAt.filter((at) => at < killedAt - 1500).length;
    const count = await recorded(setup);
    expect(count).toBeGreaterThanOrEqual(settled + 1);
    expect(count).toBeLessThanOrEqual(redirected.answeredAt.length + 1);
    rmSync(setup.spoolDir, { recursive: true, force: true });
  }, 120_000);

  it('stopped with SIGTERM while the database is away keeps the clicks on disk and writes them at the next start', async () => {
    const setup = await setUp();
    postgres.stop();
    let restarted: Setup | undefined;
    try {
      const redirects = new Load(setup.service.port, `/${setup.alias}`, { concurrency: 4 });
      await sleep(3000);
      const code = await setup.service.stop('SIGTERM');
      const redirected = await redirects.stop();
      expect(code).toBe(0);
      expect(setup.service.output()).toMatch(/clicks kept on disk for the next start, 0 lost/);
      postgres.resume();
      restarted = await setUp({}, setup);
      await drained(restarted.service);
      expect(await recorded(setup)).toBe(redirected.answeredAt.length + 1);
    } finally {
      try {
        postgres.resume();
      } catch {
        // already running
      }
      if (restarted) await tearDown(restarted);
    }
  }, 120_000);
});

describe('webhooks', () => {
  it('an event whose delivery was cut by SIGKILL is delivered by the next instance, and two instances deliver each event once', async () => {
    // A receiver on loopback: its first request is never answered (the instance delivering it is killed).
    const received: { id: string; link: number }[] = [];
    const held: (() => void)[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const event = JSON.parse(Buffer.concat(chunks).toString()) as { data: { id: number } };
        received.push({ id: String(request.headers['webhook-id']), link: event.data.id });
        if (received.length === 1) held.push(() => response.destroy());
        else response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const env = { DATABASE_URL: await newDatabase(), ADMIN_API_KEY: ADMIN_KEY, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '2000' };
    const json = { 'content-type': 'application/json' };
    const first = await startBuiltService(env);
    let others: BuiltService[] = [];
    try {
      const user = await first.request('POST', '/l/api/user/add', {
        headers: { ...json, authorization: `Bearer ${ADMIN_KEY}` },
        body: JSON.stringify({ username: 'hooked', email: 'hooked@example.com', password: 'fault passphrase', ratelimit: 100_000 }),
      });
      const auth = { ...json, authorization: `Bearer ${(user.body as { data: { apikey: string } }).data.apikey}` };
      await first.request('POST', '/l/api/webhooks', { headers: auth, body: JSON.stringify({ url, events: ['link.created'] }) });
      const addLink = async (service: BuiltService, n: number) =>
        (
          (await service.request('POST', '/l/api/url/add', { headers: auth, body: JSON.stringify({ url: `https://example.com/${n}` }) }))
            .body as { id: number }
        ).id;
      const cut = await addLink(first, 0);
      for (let wait = 0; wait < 100 && received.length === 0; wait += 1) await sleep(100);
      expect(received).toHaveLength(1);
      await first.stop('SIGKILL');

      // Two instances on the same database; the killed one's claim runs out (2 × 2 s + 5 s).
      others = await Promise.all([startBuiltService(env), startBuiltService(env)]);
      const links = [cut];
      for (let n = 1; n <= 20; n += 1) links.push(await addLink(others[n % 2]!, n));
      for (let wait = 0; wait < 300 && received.length < links.length + 1; wait += 1) await sleep(100);
      await sleep(2000); // time for a second delivery of anything, were there one
      expect(received.map((entry) => entry.link)).toEqual([cut, ...links]);
      expect(received[1]!.id).toBe(received[0]!.id);
      expect(new Set(received.slice(1).map((entry) => entry.id)).size).toBe(links.length);
    } finally {
      held.forEach((end) => end());
      await first.stop('SIGKILL');
      await Promise.all(others.map((service) => service.stop()));
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 120_000);
});
