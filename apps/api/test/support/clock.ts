import { Clock } from '../../src/common/clock';

/**
 * A clock that runs with the real one, shifted: tests set it to the moment they need (the end of
 * a rate-limit window, past an expiry) instead of waiting for it.
 */
export class TestClock extends Clock {
  private offset = 0;

  now(): number {
    return Date.now() + this.offset;
  }

  /** From now on the clock reads `time` (then runs on). */
  set(time: number | string | Date): void {
    this.offset = new Date(time).getTime() - Date.now();
  }

  advance(ms: number): void {
    this.offset += ms;
  }

  /** Back to the real time. */
  reset(): void {
    this.offset = 0;
  }
}
