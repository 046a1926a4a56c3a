import { Busy } from './concurrency-limit';
import { FairLimit } from './fair-limit';

/** A task that ends when told to, and says when it started. */
function gate(log: string[], name: string): { task: () => Promise<string>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await opened;
      return name;
    },
    open,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FairLimit', () => {
  it('runs at most `max` tasks at once and `perKey` of one key', async () => {
    const limit = new FairLimit(3, 2, 100);
    const log: string[] = [];
    const gates = ['a1', 'a2', 'a3', 'b1', 'b2'].map((name) => gate(log, name));
    const runs = gates.map((entry, index) => limit.run(index < 3 ? 'a' : 'b', entry.task));
    await tick();
    expect(log).toEqual(['start a1', 'start a2', 'start b1']);
    expect(limit.load).toEqual({ running: 3, waiting: 2 });
    gates.forEach((entry) => entry.open());
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it("serves waiting keys in turn: one key's hundred tasks never keep another's one waiting behind them", async () => {
    const limit = new FairLimit(1, 1, 1000);
    const log: string[] = [];
    const many = Array.from({ length: 100 }, (_, index) => gate(log, `a${index}`));
    const runs = many.map((entry) => limit.run('a', entry.task));
    const late = gate(log, 'b');
    const lateRun = limit.run('b', late.task);
    late.open();
    for (const entry of many.slice(0, 3)) {
      entry.open();
      await tick();
    }
    await lateRun;
    // a0 ran first; the moment it ended, b (waiting since) came before a1, a2, ...
    expect(log.slice(0, 3)).toEqual(['start a0', 'start b', 'start a1']);
    many.forEach((entry) => entry.open());
    await Promise.all(runs);
  });

  it("refuses a key's task at once (Busy, a 503) past the tasks it may have waiting, and no other key's", async () => {
    const limit = new FairLimit(1, 1, 2);
    const log: string[] = [];
    const first = gate(log, 'a0');
    const runs = [limit.run('a', first.task), limit.run('a', async () => 'a1'), limit.run('a', async () => 'a2')];
    await expect(limit.run('a', async () => 'a3')).rejects.toBeInstanceOf(Busy);
    const other = limit.run('b', async () => 'b0');
    first.open();
    expect(await Promise.all([...runs, other])).toEqual(['a0', 'a1', 'a2', 'b0']);
  });

  it('gives the place back when a task fails', async () => {
    const limit = new FairLimit(1, 1, 10);
    await expect(limit.run('a', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await limit.run('a', async () => 'yes')).toBe('yes');
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });
});
