import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { DataSource, type EntityManager, type EntitySubscriberInterface, type QueryRunner } from 'typeorm';
import { DatabasePool } from './pool';
import { SettingsRepository } from './settings.repository';
import { Dependents } from './dependents';
import { AdvisoryLocks } from './advisory-locks';

/**
 * What a write changed, said by the repository that made it. Each names the account it wrote
 * for: the caches keep every other account's entries. `created` says a new record may now answer a
 * lookup that found nothing before (an alias, a host, a slug): the caches drop what they knew to
 * be missing of that kind.
 */
export type WriteEvent =
  | { kind: 'link'; account: number; created?: boolean }
  | { kind: 'domain'; account: number; created?: boolean }
  | { kind: 'qr'; account: number; created?: boolean }
  | { kind: 'campaign'; account: number; created?: boolean }
  | { kind: 'bio'; account: number; created?: boolean }
  /** What a link shows on its way (splash pages, overlays, pixels, channels): the account's pages change. */
  | { kind: 'page'; account: number }
  /** The account's key: rotated, revoked, its expiry changed. */
  | { kind: 'key'; account: number }
  /** The account itself: its plan, its limit, disabled, deleted. */
  | { kind: 'account'; account: number }
  /**
   * People's clicks counted on the account's links, QR codes or bio pages (a click batch): only
   * what shows their counts changes (the lists of links), not what the redirects serve.
   */
  | { kind: 'clicks'; account: number };

export type WriteKind = WriteEvent['kind'];

/** Hears committed writes; a promise holds the write's answer until it is settled (a key refused everywhere). */
export type WriteListener = (events: readonly WriteEvent[]) => Promise<void> | void;

/** Events waiting in a transaction for its commit. */
const PENDING = Symbol('linkyard:write-events');
type Pending = Record<symbol, WriteEvent[] | undefined>;

/**
 * The writes' announcements. A repository emits an event with the manager it wrote with: in a
 * transaction, the events wait for its commit (and are dropped when it rolls back), otherwise
 * they are delivered at once; either way the write's caller resumes once the listeners have heard
 * (the commit itself waits for them). The caches (redirects, keys) and the metrics listen: nothing
 * that writes calls them.
 */
@Injectable()
export class WriteEvents implements EntitySubscriberInterface {
  private readonly listeners: WriteListener[] = [];
  /** Events delivered since the start, for the tests that check every write is announced. */
  private readonly taps = new Set<(event: WriteEvent) => void>();

  constructor(@Inject(DataSource) dataSource: DataSource) {
    dataSource.subscribers.push(this);
  }

  /** Hears every write once it is committed. */
  listen(listener: WriteListener): void {
    this.listeners.push(listener);
  }

  /** Announces a write made with `manager` (see the class). */
  async emit(manager: EntityManager, ...events: WriteEvent[]): Promise<void> {
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) {
      const data = (runner.data ??= {}) as Pending;
      (data[PENDING] ??= []).push(...events);
      return;
    }
    await this.deliver(events);
  }

  /** Sees each event as it is delivered (tests: which writes announced what). */
  tap(listener: (event: WriteEvent) => void): () => void {
    this.taps.add(listener);
    return () => this.taps.delete(listener);
  }

  async afterTransactionCommit(event: { queryRunner: QueryRunner }): Promise<void> {
    const events = this.take(event.queryRunner);
    if (events) await this.deliver(events);
  }

  afterTransactionRollback(event: { queryRunner: QueryRunner }): void {
    this.take(event.queryRunner);
  }

  private take(runner: QueryRunner): WriteEvent[] | undefined {
    const data = runner.data as Pending | undefined;
    const events = data?.[PENDING];
    if (data) delete data[PENDING];
    return events;
  }

  private async deliver(events: readonly WriteEvent[]): Promise<void> {
    if (events.length === 0) return;
    for (const tap of this.taps) for (const event of events) tap(event);
    await Promise.all(this.listeners.map((listener) => Promise.resolve(listener(events))));
  }
}

/** Transactions, for the services: the repositories' writes in one unit, their events at its commit. */
@Injectable()
export class Transactions {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  run<T>(work: (scope: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * The same work without a transaction, each statement on its own (its write events delivered
   * as it returns): for work whose every write is one statement that stands alone.
   */
  outside<T>(work: (scope: EntityManager) => Promise<T>): Promise<T> {
    return work(this.dataSource.manager);
  }
}

/** The database's services for every module, like the connection itself: events, transactions, dependents, the service's settings. */
@Global()
@Module({
  providers: [WriteEvents, Transactions, SettingsRepository, DatabasePool, Dependents, AdvisoryLocks],
  exports: [WriteEvents, Transactions, SettingsRepository, DatabasePool, Dependents, AdvisoryLocks],
})
export class DatabaseModule {}
