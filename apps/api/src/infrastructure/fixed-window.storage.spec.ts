import { TestClock } from '../../test/support/clock';
import { MemoryFixedWindowStorage } from './fixed-window.storage';

describe('MemoryFixedWindowStorage', () => {
  const clock = new TestClock();

  it('counts hits per key within a window aligned on its length', async () => {
    clock.set('2026-01-01T00:00:10Z');
    const storage = new MemoryFixedWindowStorage(clock);
    const first = await storage.increment('a', 60_000, 2);
    expect(first).toMatchObject({ totalHits: 1, isBlocked: false, timeToExpire: 50 });
    expect(first.windowEnd).toBe(Date.parse('2026-01-01T00:01:00Z'));
    await storage.increment('a', 60_000, 2);
    expect(await storage.increment('a', 60_000, 2)).toMatchObject({ totalHits: 3, isBlocked: true, timeToBlockExpire: 50 });
    expect(await storage.increment('b', 60_000, 2)).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('starts again when the next window begins', async () => {
    clock.set('2026-01-01T00:00:59Z');
    const storage = new MemoryFixedWindowStorage(clock);
    await storage.increment('a', 60_000, 1);
    expect(await storage.increment('a', 60_000, 1)).toMatchObject({ isBlocked: true });
    clock.set('2026-01-01T00:01:00Z');
    expect(await storage.increment('a', 60_000, 1)).toMatchObject({ totalHits: 1, isBlocked: false, timeToExpire: 60 });
  });
});
