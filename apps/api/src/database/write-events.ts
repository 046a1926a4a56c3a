import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * What a write changed, said by the repository that made it. Each names the account it wrote
 * for: the caches keep every other account's entries. `ids` are the records written (empty: the
 * account's records of that kind in general); `created` says new records may now answer lookups
 * that found nothing before (an alias, a host).
 */
export type WriteEvent =
  | { kind: 'link'; account: number; ids: readonly number[]; created?: boolean }
  | { kind: 'domain'; account: number; ids: readonly number[]; created?: boolean }
  | { kind: 'qr'; account: number; ids: readonly number[]; created?: boolean }
  | { kind: 'campaign'; account: number; ids: readonly number[]; created?: boolean }
  | { kind: 'bio'; account: number; ids: readonly number[]; created?: boolean }
  | { kind: 'page'; account: number; ids: readonly number[] }
  | { kind: 'key'; account: number }
  | { kind: 'account'; account: number };

export type WriteKind = WriteEvent['kind'];

/** Events waiting in a transaction for its commit. */
const PENDING = Symbol('linkyard:write-events');

type Listener = (events: readonly WriteEvent[]) => void;

/**
 * The writes' announcements. A repository emits an event with the transaction's manager it wrote
 * in; the events of a transaction are delivered once it commits (never when it rolls back), those
 * of a write outside a transaction at once. The caches (redirects, keys) and the metrics listen;
 * nothing that writes calls them. (Webhooks are written in the transaction itself, by the
 * services, as their outbox: they are part of what commits.)
 */
@Injectable()
export class WriteEvents {
  private readonly listeners: Listener[] = [];

  /** Hears every write, after it is committed. */
  listen(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Announces a write made with `manager`: at its commit, or now when it is not in a transaction. */
  emit(manager: EntityManager, event: WriteEvent): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) return this.deliver([event]);
    const data = (runner.data ??= {}) as Record<symbol, WriteEvent[] | undefined>;
    (data[PENDING] ??= []).push(event);
  }

  /** Called at a transaction's end (see TransactionEvents): delivers its events, or forgets them. */
  settle(data: unknown, committed: boolean): void {
    const holder = data as Record<symbol, WriteEvent[] | undefined> | undefined;
    const events = holder?.[PENDING];
    if (!events) return;
    delete holder[PENDING];
    if (committed) this.deliver(events);
  }

  private deliver(events: readonly WriteEvent[]): void {
    for (const listener of this.listeners) listener(events);
  }
}
