/**
 * The time as the service sees it. Everything that decides by the time (rate-limit windows, cache
 * lifetimes, key and link expiry, click times) asks this clock, so tests can move it instead of
 * waiting on the real one.
 */
export abstract class Clock {
  /** Milliseconds since the epoch. */
  abstract now(): number;
}

export class SystemClock extends Clock {
  now(): number {
    return Date.now();
  }
}
