import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { paths } from '@linkyard/client';
import type { Schemas } from './api';
import { checkService, onServiceBack } from './connection';
import type { Resource } from './resources/registry';
import { chosenWorkspace, onWorkspaceChange } from './workspace';

export type LiveBatch = Schemas['LiveClicks'];
/** How the stream is: opening, up, trying again after a drop, or given up (the numbers may be out of date). */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'offline';

/** The account's clicks as they land (`GET /clicks/live`, server-sent events; its path is checked against the API's). */
const LIVE_PATH = '/clicks/live' satisfies keyof paths;
/** A stream trying again this long is said to be offline (it goes on trying while the browser does). */
const OFFLINE_AFTER_MS = 20_000;

type Listener = (batch: LiveBatch) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;
let state: LiveState = 'connecting';
let offlineTimer: ReturnType<typeof setTimeout> | null = null;
const states = new Set<() => void>();

function setState(value: LiveState): void {
  if (offlineTimer && value !== 'reconnecting') {
    clearTimeout(offlineTimer);
    offlineTimer = null;
  }
  state = value;
  states.forEach((listener) => listener());
}

/**
 * One stream for the whole app, open while a page listens: the browser's EventSource sends the
 * session cookie, and tries again by itself after a dropped connection ("reconnecting", then
 * "offline" if that lasts). The service ends the stream when the session ends (it says so in an
 * `end` event); a stream refused (signed out, too many open) is offline until a page listens
 * anew, or the service is back after an outage.
 */
function connect(): void {
  if (source) return;
  // An EventSource sends no headers: the workspace is named in the query.
  const workspace = chosenWorkspace();
  const stream = new EventSource(`/l/api${LIVE_PATH}${workspace === null ? '' : `?workspace=${workspace}`}`);
  source = stream;
  setState('connecting');
  stream.addEventListener('ready', () => setState('live'));
  stream.addEventListener('clicks', (event) => {
    let batch: LiveBatch;
    try {
      batch = JSON.parse((event as MessageEvent<string>).data) as LiveBatch;
    } catch {
      return;
    }
    listeners.forEach((listener) => listener(batch));
  });
  stream.addEventListener('end', () => disconnect('offline'));
  stream.addEventListener('error', () => {
    if (stream.readyState === EventSource.CLOSED) return disconnect('offline');
    if (state !== 'reconnecting') {
      setState('reconnecting');
      checkService();
      offlineTimer = setTimeout(() => setState('offline'), OFFLINE_AFTER_MS);
    }
  });
}

function disconnect(next: LiveState): void {
  source?.close();
  source = null;
  setState(next);
}

// Another workspace: the stream of its clicks instead.
onWorkspaceChange(() => {
  if (!source) return;
  disconnect('connecting');
  connect();
});

// The service is back after an outage: a stream that gave up opens again for the pages listening.
onServiceBack(() => {
  if (listeners.size > 0 && state === 'offline') {
    disconnect('connecting');
    connect();
  }
});

/** Calls `onBatch` for each batch of the account's clicks while the component is shown; says how the stream is. */
export function useLiveClicks(onBatch: Listener): LiveState {
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
      if (listeners.size === 0) disconnect('connecting');
    };
  }, []);
  return useSyncExternalStore(
    (notify) => {
      states.add(notify);
      return () => states.delete(notify);
    },
    () => state,
  );
}

/**
 * While the component is shown, the resources' queries are fetched again when a batch `matches`
 * lands (a burst of clicks refreshes them once a second at most); says how the stream is.
 */
export function useLiveRefresh(resources: Resource[], matches: (batch: LiveBatch) => boolean = () => true): LiveState {
  const queryClient = useQueryClient();
  // The resources' own queries: a click is no write, it changes what is counted, not what else shows it.
  const [refresh] = useState(() =>
    throttle(() => resources.forEach((resource) => void queryClient.invalidateQueries({ queryKey: [resource] })), 1000),
  );
  return useLiveClicks((batch) => {
    if (matches(batch)) refresh();
  });
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
