import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** Work done in one go before the event loop gets its turn back: requests wait at most about this. */
export const TURN_MS = 5;

/**
 * A long loop's courtesy to the requests waiting behind it: `await turns.take()` in each round
 * gives the event loop its turn whenever the loop has run TURN_MS since it last did (checking the
 * time costs next to nothing; yielding costs a tick only when due).
 */
export class Turns {
  private since = performance.now();

  async take(): Promise<void> {
    if (performance.now() - this.since < TURN_MS) return;
    await yieldToEventLoop();
    this.since = performance.now();
  }
}

/** `map` with an async function, one item after the other, giving the event loop its turns. */
export async function mapInTurns<T, R>(items: readonly T[], map: (item: T, index: number) => Promise<R> | R): Promise<R[]> {
  const turns = new Turns();
  const results: R[] = [];
  for (const [index, item] of items.entries()) {
    results.push(await map(item, index));
    await turns.take();
  }
  return results;
}
