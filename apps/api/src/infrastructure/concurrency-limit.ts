/** Thrown when a ConcurrencyLimit's queue is full: the caller should answer 503 and ask to retry. */
export class Busy extends Error {
  constructor() {
    super('Too many requests of this kind are waiting; try again shortly.');
    this.name = 'Busy';
  }
}

/**
 * At most `max` tasks run at once; up to `maxWaiting` more wait their turn, and past that a task
 * is refused at once (Busy) instead of queueing without bound.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly max: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      if (this.waiting.length >= this.maxWaiting) throw new Busy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
