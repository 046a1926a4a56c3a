import type { ClicksRepository } from '../clicks.repository';
import type { ClickHouse } from './clickhouse';
import { UniqueCounts } from './unique-counts';

/**
 * ClickHouse's side as UniqueCounts sees it: every read noted with the fake time it started, each
 * taking `readMs` of that time, answering 7 visitors for every target asked.
 */
function fakes(readMs: () => number) {
  const reads: number[] = [];
  const written: number[][] = [];
  const ch = {
    db: 'linkyard',
    query: async (sql: string) => {
      reads.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, readMs()));
      const ids = /splitByChar\(',', '([0-9,]*)'\)/.exec(sql)![1]!.split(',').map(Number);
      return ids.map((id) => ({ target_id: id, visitors: 7 }));
    },
  } as unknown as ClickHouse;
  const clicks = {
    writeUniques: async (_kind: string, counts: ReadonlyMap<number, number>) => {
      written.push([...counts.keys()]);
      return [];
    },
  } as unknown as ClicksRepository;
  return { counts: new UniqueCounts(ch, clicks), reads, written };
}

const clickOf = (id: number) => ({ target: 'link' as const, target_id: id, bot: 0 });

describe('UniqueCounts: how often the all-time visitor sets are read', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('reads the targets clicked once a second while reads are quick', async () => {
    const { counts, reads, written } = fakes(() => 20);
    counts.touched([clickOf(1), clickOf(2), { target: 'link', target_id: 3, bot: 1 }]);
    await jest.advanceTimersByTimeAsync(999);
    expect(reads).toEqual([]);
    await jest.advanceTimersByTimeAsync(21);
    // Bots are never counted: link 3 is not read.
    expect(written).toEqual([[1, 2]]);
    counts.touched([clickOf(4)]);
    await jest.advanceTimersByTimeAsync(1020);
    expect(reads).toEqual([1000, 2020]);
    expect(written).toEqual([[1, 2], [4]]);
    counts.onModuleDestroy();
  });

  it('pauses nine times a slow read after it, so reads take a tenth of the time', async () => {
    let readMs = 400;
    const { counts, reads, written } = fakes(() => readMs);
    counts.touched([clickOf(1)]);
    await jest.advanceTimersByTimeAsync(1400);
    expect(reads).toEqual([1000]);
    // Clicks go on: the next read waits until 1,400 + 9 × 400 ms.
    counts.touched([clickOf(2)]);
    await jest.advanceTimersByTimeAsync(3599);
    expect(reads).toEqual([1000]);
    readMs = 10;
    await jest.advanceTimersByTimeAsync(11);
    expect(reads).toEqual([1000, 5000]);
    expect(written).toEqual([[1], [2]]);
    // That read was quick: the next one comes a second later again.
    counts.touched([clickOf(3)]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(reads).toEqual([1000, 5000, 6010]);
    counts.onModuleDestroy();
  });

  it('pauses at most 30 s, and a slow read long past delays nothing', async () => {
    let readMs = 10_000;
    const { counts, reads } = fakes(() => readMs);
    counts.touched([clickOf(1)]);
    await jest.advanceTimersByTimeAsync(11_000);
    readMs = 10;
    counts.touched([clickOf(2)]);
    await jest.advanceTimersByTimeAsync(30_009);
    expect(reads).toEqual([1000, 41_000]);
    // A click an hour later is read a second after it.
    await jest.advanceTimersByTimeAsync(3_600_000);
    const clickedAt = Date.now();
    counts.touched([clickOf(3)]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(reads).toEqual([1000, 41_000, clickedAt + 1000]);
    counts.onModuleDestroy();
  });

  it('reads at once what is marked when the recorder settles, whatever the pause', async () => {
    const { counts, reads, written } = fakes(() => 400);
    counts.touched([clickOf(1)]);
    await jest.advanceTimersByTimeAsync(1400);
    counts.touched([clickOf(2)]);
    const settled = counts.settle();
    await jest.advanceTimersByTimeAsync(400);
    await settled;
    expect(reads).toEqual([1000, 1400]);
    expect(written).toEqual([[1], [2]]);
    counts.onModuleDestroy();
  });
});
