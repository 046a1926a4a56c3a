import { execFileSync } from 'node:child_process';
import { RedisFixedWindowStorage } from '../../src/infrastructure/fixed-window.storage';
import { RedisLink } from '../../src/infrastructure/redis';
import { TestClock } from '../support/clock';
import { RedisServer } from './servers';

/**
 * The limits on guessing keep their counts in Redis between instances (GuessLimits): counts taken
 * back, and turns claimed by one caller at a time, on a real Redis server, and in the process
 * while it is stopped.
 */
describe('the rate-limit storage on Redis', () => {
  let redis: RedisServer;
  let link: RedisLink;
  const clock = new TestClock();
  let storage: RedisFixedWindowStorage;

  beforeAll(async () => {
    redis = await RedisServer.start();
    link = RedisLink.connect(redis.url);
    for (let wait = 0; wait < 50 && !link.up; wait += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(link.up).toBe(true);
    storage = new RedisFixedWindowStorage(link, clock);
  });

  afterAll(async () => {
    link?.close();
    await redis?.destroy();
  });

  const cli = (...args: string[]) => execFileSync('redis-cli', ['-p', String(redis.port), ...args], { encoding: 'utf8' }).trim();

  it('takes back a counted hit, and leaves no key behind for a window that has ended', async () => {
    const first = await storage.increment('guess:a', 60_000, 20);
    await storage.increment('guess:a', 60_000, 20);
    await storage.refund('guess:a', first);
    expect((await storage.increment('guess:a', 60_000, 20)).totalHits).toBe(2);
    // A refund of a key Redis no longer holds (it expired): the key made again expires with its window.
    cli('DEL', `linkyard:rl:guess:a:${first.windowEnd}`);
    await storage.refund('guess:a', first);
    expect(Number(cli('PTTL', `linkyard:rl:guess:a:${first.windowEnd}`))).toBeGreaterThan(0);
  });

  it('gives a turn to one caller of many at once, and says how long the others wait', async () => {
    const waits = await Promise.all(Array.from({ length: 10 }, () => storage.claimTurn('guess:turn', 30_000)));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(1);
    for (const wait of waits.filter((wait) => wait !== 0)) {
      expect(wait).toBeGreaterThan(29_000);
      expect(wait).toBeLessThanOrEqual(30_000);
    }
    expect(Number(cli('PTTL', 'linkyard:turn:guess:turn'))).toBeGreaterThan(29_000);
  });

  it('counts and claims in the process while Redis is stopped', async () => {
    await redis.stop();
    for (let wait = 0; wait < 50 && link.up; wait += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(link.up).toBe(false);
    expect(await storage.claimTurn('guess:away', 10_000)).toBe(0);
    expect(await storage.claimTurn('guess:away', 10_000)).toBeGreaterThan(0);
    const hit = await storage.increment('guess:away', 60_000, 20);
    await storage.refund('guess:away', hit);
    expect((await storage.increment('guess:away', 60_000, 20)).totalHits).toBe(1);
  });
});
