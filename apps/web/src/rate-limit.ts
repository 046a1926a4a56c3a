import { useSyncExternalStore } from 'react';

/**
 * The dashboard's waits on a 429: the client waits `Retry-After` and sends the request again
 * (api.ts), and the page says so quietly meanwhile (RateLimitNotice), instead of an error. Counted
 * down by a timer, not by the clock, which a page may not trust.
 */
let left = 0;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** A request waits `seconds` before it is sent again. */
export function rateLimitWait(seconds: number): void {
  left = Math.max(left, Math.ceil(seconds));
  notify();
  timer ??= setInterval(() => {
    left = Math.max(0, left - 1);
    if (left === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
    notify();
  }, 1000);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Seconds left of the longest wait in progress (0: none), counting down. */
export function useRateLimitWait(): number {
  return useSyncExternalStore(subscribe, () => left);
}
