import { Clock } from '../../src/common/clock';

/**
 * A clock that runs with the real one, shifted: tests set it to the moment they need (the end of
 * a rate-limit window, past an expiry) instead of waiting for it. Frozen, it stands still until
 * the test moves it, so that a gap of a second is a second however slowly the machine runs.
 */
export class TestClock extends Clock {
  private offset = 0;
  private frozen: number | null = null;

  now(): number {
    return this.frozen ?? Date.now() + this.offset;
  }

  /** From now on the clock reads `time` (then runs on, unless frozen). */
  set(time: number | string | Date): void {
    if (this.frozen !== null) this.frozen = new Date(time).getTime();
    else this.offset = new Date(time).getTime() - Date.now();
  }

  /** The clock reads `time` and stands still until moved (advance, set) or reset. */
  freeze(time: number | string | Date): void {
    this.frozen = new Date(time).getTime();
  }

  advance(ms: number): void {
    if (this.frozen !== null) this.frozen += ms;
    else this.offset += ms;
  }

  /** Back to the real time. */
  reset(): void {
    this.offset = 0;
    this.frozen = null;
  }
}
