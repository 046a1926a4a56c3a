import { ApiError } from '../common/api-error';

/** Thrown when a limit's queue is full: a 503 that asks to retry in a few seconds. */
export class Busy extends ApiError {
  constructor() {
    super(503, 'Too many requests of this kind are waiting; try again shortly.', { 'Retry-After': '5' });
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
