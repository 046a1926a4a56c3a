import { useSyncExternalStore } from 'react';

/**
 * Whether the service answers: every request of the dashboard says (api.ts). While it does not, a
 * banner says so on every page (the page already there stays, with what it showed), the service is
 * asked every few seconds, and once it answers again every page's data is fetched afresh.
 */
let reachable = true;
let probe: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();
const backListeners = new Set<() => void>();
const PROBE_MS = 5000;

function notify(): void {
  listeners.forEach((listener) => listener());
}

/** A request got an answer from the service (any status but a gateway's). */
export function serviceAnswered(): void {
  if (reachable) return;
  reachable = true;
  if (probe) clearInterval(probe);
  probe = null;
  notify();
  backListeners.forEach((listener) => listener());
}

/** A request got no answer (the network, or a gateway saying the service is away). */
export function serviceUnreachable(): void {
  if (!reachable) return;
  reachable = false;
  notify();
  probe = setInterval(() => {
    fetch('/healthz', { cache: 'no-store' }).then(
      (response) => response.ok && serviceAnswered(),
      () => undefined,
    );
  }, PROBE_MS);
}

/** Asks the service whether it answers (a dropped live stream: the service, or only the stream?). */
export function checkService(): void {
  fetch('/healthz', { cache: 'no-store' }).then(
    (response) => (response.ok ? serviceAnswered() : response.status === 502 || response.status === 504 ? serviceUnreachable() : undefined),
    () => serviceUnreachable(),
  );
}

/** Told when the service answers again after it was away. */
export function onServiceBack(listener: () => void): () => void {
  backListeners.add(listener);
  return () => backListeners.delete(listener);
}

export function useServiceReachable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reachable,
  );
}
