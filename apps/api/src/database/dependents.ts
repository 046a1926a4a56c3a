import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Account } from '../common/account';

/** Records other modules' records name, whose deletion those modules follow. */
export type NamedKind = 'overlay' | 'splash' | 'domain';

/** The record being deleted: its id, and for a domain its host. */
export interface NamedRecord {
  account: Account;
  id: number;
  host?: string;
}

/** What a module does in the deleting transaction when a record its records name goes (drop the name, move them). */
export type Follower = (scope: EntityManager, record: NamedRecord) => Promise<void>;

/**
 * Keeps a module from reaching into the modules that name its records: an overlay's module does
 * not know that links show overlays. The modules whose records name another's register here as
 * they start (links follow overlays, splash pages and domains; bio pages follow domains), and the
 * owner of the record calls `deleting` inside its delete's transaction, so they change in the same
 * unit, or not at all.
 */
@Injectable()
export class Dependents {
  private readonly followers = new Map<NamedKind, Follower[]>();

  follow(kind: NamedKind, follower: Follower): void {
    this.followers.set(kind, [...(this.followers.get(kind) ?? []), follower]);
  }

  async deleting(kind: NamedKind, scope: EntityManager, record: NamedRecord): Promise<void> {
    for (const follower of this.followers.get(kind) ?? []) await follower(scope, record);
  }
}
