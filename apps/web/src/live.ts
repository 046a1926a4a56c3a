import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { paths } from '@linkyard/client';
import type { Schemas } from './api';

export type LiveBatch = Schemas['LiveClicks'];

/** The account's clicks as they land (`GET /clicks/live`, server-sent events; its path is checked against the API's). */
const LIVE_PATH = '/clicks/live' satisfies keyof paths;

type Listener = (batch: LiveBatch) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;
let connected = false;
const states = new Set<() => void>();

function setConnected(value: boolean): void {
  connected = value;
  states.forEach((listener) => listener());
}

/**
 * One stream for the whole app, open while a page listens: the browser's EventSource sends the
 * session cookie, and tries again by itself after a dropped connection. The service ends the
 * stream when the session ends (it says so in an `end` event); a stream refused (signed out, too
 * many open) is not tried again until a page listens anew.
 */
function connect(): void {
  if (source) return;
  const stream = new EventSource(`/l/api${LIVE_PATH}`);
  source = stream;
  stream.addEventListener('ready', () => setConnected(true));
  stream.addEventListener('clicks', (event) => {
    let batch: LiveBatch;
    try {
      batch = JSON.parse((event as MessageEvent<string>).data) as LiveBatch;
    } catch {
      return;
    }
    listeners.forEach((listener) => listener(batch));
  });
  stream.addEventListener('end', () => disconnect());
  stream.addEventListener('error', () => {
    setConnected(false);
    if (stream.readyState === EventSource.CLOSED) disconnect();
  });
}

function disconnect(): void {
  source?.close();
  source = null;
  setConnected(false);
}

/** Calls `onBatch` for each batch of the account's clicks while the component is shown; says whether the stream is up. */
export function useLiveClicks(onBatch: Listener): boolean {
  const latest = useRef(onBatch);
  useEffect(() => {
    latest.current = onBatch;
  });
  useEffect(() => {
    const listener: Listener = (batch) => latest.current(batch);
    listeners.add(listener);
    connect();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) disconnect();
    };
  }, []);
  return useSyncExternalStore(
    (notify) => {
      states.add(notify);
      return () => states.delete(notify);
    },
    () => connected,
  );
}

/** Runs `action` at most once per `ms`, the last call winning (a burst of clicks refreshes a page once). */
export function throttle(action: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = 0;
  return () => {
    if (timer) return;
    const wait = Math.max(0, last + ms - Date.now());
    timer = setTimeout(() => {
      timer = null;
      last = Date.now();
      action();
    }, wait);
  };
}
