import { Busy } from './concurrency-limit';

type Key = string | number;

/**
 * A shared resource in fair shares: at most `max` tasks run at once, at most `perKey` of them for
 * one key (an account), and a freed place goes to the keys that wait in turn (round-robin), so
 * that one account's thousand tasks never keep another's one task waiting behind them. Up to
 * `maxWaitingPerKey` tasks of a key wait; past that the key's next task is refused at once (Busy).
 */
export class FairLimit {
  private running = 0;
  private readonly runningByKey = new Map<Key, number>();
  /** The keys with waiting tasks, in the order they are served next (a served key goes to the back). */
  private readonly waiting = new Map<Key, (() => void)[]>();

  constructor(
    readonly max: number,
    readonly perKey: number,
    readonly maxWaitingPerKey: number,
  ) {}

  async run<T>(key: Key, task: () => Promise<T>): Promise<T> {
    if (this.running < this.max && (this.runningByKey.get(key) ?? 0) < this.perKey && !this.waiting.has(key)) {
      this.start(key);
    } else {
      const queue = this.waiting.get(key) ?? [];
      if (queue.length >= this.maxWaitingPerKey) throw new Busy();
      // The place is taken for this task by next() before it resolves.
      await new Promise<void>((resolve) => {
        queue.push(resolve);
        this.waiting.set(key, queue);
      });
    }
    try {
      return await task();
    } finally {
      this.running -= 1;
      const left = (this.runningByKey.get(key) ?? 1) - 1;
      if (left === 0) this.runningByKey.delete(key);
      else this.runningByKey.set(key, left);
      // The key that just had its turn goes to the back of the line.
      const queue = this.waiting.get(key);
      if (queue) {
        this.waiting.delete(key);
        this.waiting.set(key, queue);
      }
      this.next();
    }
  }

  /** Tasks running and waiting now. */
  get load(): { running: number; waiting: number } {
    let waiting = 0;
    for (const queue of this.waiting.values()) waiting += queue.length;
    return { running: this.running, waiting };
  }

  private start(key: Key): void {
    this.running += 1;
    this.runningByKey.set(key, (this.runningByKey.get(key) ?? 0) + 1);
  }

  /** Gives free places to waiting keys, in turn. */
  private next(): void {
    for (const [key, queue] of this.waiting) {
      if (this.running >= this.max) return;
      if ((this.runningByKey.get(key) ?? 0) >= this.perKey) continue;
      const resume = queue.shift()!;
      // To the back of the line: the other waiting keys are served first.
      this.waiting.delete(key);
      if (queue.length > 0) this.waiting.set(key, queue);
      this.start(key);
      resume();
    }
  }
}
