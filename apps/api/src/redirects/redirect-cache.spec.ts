import { SystemClock } from '../common/clock';
import type { RedisLink } from '../infrastructure/redis';
import type { WriteEvent, WriteEvents } from '../database/write-events';
import { RedirectCache } from './redirect-cache';

/** A cache on fakes of what it listens to: no Redis, and write events delivered by the test. */
function cache(): { cache: RedirectCache; written: (event: WriteEvent) => void } {
  let listener: ((events: WriteEvent[]) => void) | undefined;
  const redis = { configured: false, up: true, subscribe: () => undefined, onReconnect: () => undefined, publish: async () => undefined };
  const events = { listen: (next: (events: WriteEvent[]) => void) => (listener = next) };
  const made = new RedirectCache({
    redis: redis as unknown as RedisLink,
    clock: new SystemClock(),
    events: events as unknown as WriteEvents,
    watch: () => undefined,
  });
  return { cache: made, written: (event) => listener?.([event]) };
}

const page = (title: string) => ({ userId: 7, title });

describe('RedirectCache', () => {
  it('serves a value from memory until its account writes', async () => {
    const { cache: redirects, written } = cache();
    const load = jest.fn(async () => page('first'));
    await redirects.get('bio:0:home', load);
    expect(await redirects.get('bio:0:home', load)).toEqual(page('first'));
    expect(load).toHaveBeenCalledTimes(1);
    written({ kind: 'bio', account: 7 });
    load.mockResolvedValueOnce(page('second'));
    expect(await redirects.get('bio:0:home', load)).toEqual(page('second'));
  });

  it('does not keep what was read while a write of its account was dropping entries', async () => {
    const { cache: redirects, written } = cache();
    let finish!: (value: { userId: number; title: string } | null) => void;
    // A visit reads the page; before its read ends, the page is deleted (the write is announced).
    const visit = redirects.get('bio:0:home', () => new Promise((resolve) => (finish = resolve)));
    written({ kind: 'bio', account: 7 });
    finish(page('deleted meanwhile'));
    expect(await visit).toEqual(page('deleted meanwhile'));
    // The next visit reads again and learns the page is gone.
    expect(await redirects.get('bio:0:home', async () => null)).toBeNull();
  });
});
