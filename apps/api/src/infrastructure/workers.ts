import cluster, { type Worker } from 'node:cluster';
import { SystemClock } from '../common/clock';
import { MemoryFixedWindowStorage } from './fixed-window.storage';

/**
 * What the worker processes of one instance (WORKERS > 1, node:cluster) share through their
 * primary process when there is no Redis: the rate-limit counters (kept in the primary, so a
 * limit holds whichever worker answers) and the announcements of writes and clicks (relayed to
 * every worker; a publish resolves once every worker has handled it, so a revoked key is refused
 * by all of them from the moment the revocation has answered). With REDIS_URL, Redis does both,
 * as it does between instances.
 */

/** How long a worker waits for its primary's answer before going on without it. */
const ANSWER_WAIT_MS = 2000;

type ToPrimary =
  | { ly: 'count'; id: number; key: string; windowEnd: number }
  | { ly: 'uncount'; id: number; key: string; windowEnd: number }
  | { ly: 'claim'; id: number; key: string; until: number }
  | { ly: 'publish'; id: number; channel: string; message: string }
  | { ly: 'heard'; relay: number };

/** A request to the primary as a worker writes it: without its id, which `request` adds. */
type Request = ToPrimary extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

type ToWorker = { ly: 'answer'; id: number; value: unknown } | { ly: 'message'; relay: number; channel: string; message: string };

const isMessage = (value: unknown): value is { ly: string } =>
  typeof value === 'object' && value !== null && typeof (value as { ly?: unknown }).ly === 'string';

/** The primary's side: answers its workers' counters and relays their announcements. */
export function serveWorkers(): void {
  const counters = new MemoryFixedWindowStorage(new SystemClock());
  let nextRelay = 0;
  /** Relays waiting for workers to have handled them: who asked, and which workers are left. */
  const relays = new Map<number, { from: Worker; id: number; waiting: Set<number> }>();
  const settle = (relay: number) => {
    const pending = relays.get(relay);
    if (!pending || pending.waiting.size > 0) return;
    relays.delete(relay);
    send(pending.from, { ly: 'answer', id: pending.id, value: null });
  };
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage(message)) return;
    const request = message as ToPrimary;
    switch (request.ly) {
      case 'count':
        return send(worker, { ly: 'answer', id: request.id, value: counters.count(request.key, request.windowEnd) });
      case 'uncount':
        counters.uncount(request.key, request.windowEnd);
        return send(worker, { ly: 'answer', id: request.id, value: null });
      case 'claim':
        return send(worker, { ly: 'answer', id: request.id, value: counters.claimUntil(request.key, request.until) });
      case 'publish': {
        const relay = ++nextRelay;
        const workers = Object.values(cluster.workers ?? {}).filter((each): each is Worker => each !== undefined && each.isConnected());
        relays.set(relay, { from: worker, id: request.id, waiting: new Set(workers.map((each) => each.id)) });
        for (const each of workers) send(each, { ly: 'message', relay, channel: request.channel, message: request.message });
        return settle(relay);
      }
      case 'heard': {
        relays.get(request.relay)?.waiting.delete(worker.id);
        return settle(request.relay);
      }
    }
  });
  // A worker that ends no longer holds up what waited for it.
  cluster.on('exit', (worker) => {
    for (const [relay, pending] of relays) {
      pending.waiting.delete(worker.id);
      settle(relay);
    }
  });
}

function send(worker: Worker, message: ToWorker): void {
  if (worker.isConnected()) worker.send(message, undefined, () => undefined);
}

/** A worker's side of what its primary shares (null outside a cluster of workers). */
export class WorkerBus {
  private static instance: WorkerBus | null | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, (value: unknown) => void>();
  private readonly handlers = new Map<string, (message: string) => void>();

  private constructor() {
    process.on('message', (message: unknown) => {
      if (!isMessage(message)) return;
      const received = message as ToWorker;
      if (received.ly === 'answer') {
        this.waiting.get(received.id)?.(received.value);
        this.waiting.delete(received.id);
      } else if (received.ly === 'message') {
        try {
          this.handlers.get(received.channel)?.(received.message);
        } finally {
          this.ask({ ly: 'heard', relay: received.relay });
        }
      }
    });
  }

  /** The bus of this worker process, when it is one of an instance's workers; else null. */
  static current(): WorkerBus | null {
    if (WorkerBus.instance === undefined) WorkerBus.instance = cluster.isWorker && process.send ? new WorkerBus() : null;
    return WorkerBus.instance;
  }

  count(key: string, windowEnd: number): Promise<number> {
    return this.request<number>({ ly: 'count', key, windowEnd });
  }

  async uncount(key: string, windowEnd: number): Promise<void> {
    await this.request({ ly: 'uncount', key, windowEnd });
  }

  claim(key: string, until: number): Promise<number | null> {
    return this.request<number | null>({ ly: 'claim', key, until });
  }

  /** Tells every worker (this one too); resolves once each has handled it. */
  async publish(channel: string, message: string): Promise<void> {
    await this.request({ ly: 'publish', channel, message }).catch(() => undefined);
  }

  subscribe(channel: string, handler: (message: string) => void): void {
    this.handlers.set(channel, handler);
  }

  private request<T>(message: Request): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error('the primary process did not answer'));
      }, ANSWER_WAIT_MS);
      this.waiting.set(id, (value) => {
        clearTimeout(timer);
        resolve(value as T);
      });
      this.ask({ ...message, id });
    });
  }

  private ask(message: ToPrimary): void {
    process.send?.(message, undefined, undefined, () => undefined);
  }
}
