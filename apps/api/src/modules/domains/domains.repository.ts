import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { Account } from '../../common/account';
import { conflict } from '../../common/api-error';
import type { PageRequest } from '../../common/pagination';
import { isUniqueViolation } from '../../database/errors';
import { findOwned, listOwned } from '../../database/owned';
import { Sql, type Scope } from '../../database/sql';
import { WriteEvents } from '../../database/write-events';
import { DomainEntity } from './domain.entity';

/** Every statement of the branded domains; a write announces the account's domain changed. */
@Injectable()
export class DomainsRepository {
  constructor(
    @InjectRepository(DomainEntity) private readonly domains: Repository<DomainEntity>,
    @Inject(WriteEvents) private readonly events: WriteEvents,
  ) {}

  @Sql((f) => [f.account, { offset: 0, limit: 15 }])
  list(account: Account, page: PageRequest): Promise<[DomainEntity[], number]> {
    return listOwned(this.domains, account, page);
  }

  /** The account's domain, or 404. */
  @Sql((f) => [f.account, f.ids.domain])
  get(account: Account, id: number, scope: Scope = this.domains.manager): Promise<DomainEntity> {
    return findOwned(scope.getRepository(DomainEntity), account, id, 'domain');
  }

  /** The domain of any account answering to this host (the redirects' lookup), or null. */
  @Sql((f) => [f.host])
  byHost(host: string): Promise<DomainEntity | null> {
    return this.domains.findOneBy({ host });
  }

  /** The account's domain with this host, or null. */
  @Sql((f) => [f.account, f.host])
  ownedByHost(account: Account, host: string, scope: Scope = this.domains.manager): Promise<DomainEntity | null> {
    return scope.findOneBy(DomainEntity, { host, userId: account.id });
  }

  /** The account's domains among these hosts. */
  @Sql((f) => [f.account, [f.host, 'absent.example']])
  ownedAmong(account: Account, hosts: string[]): Promise<DomainEntity[]> {
    return this.domains.findBy({ userId: account.id, host: In(hosts) });
  }

  /** Whether any account has added this host. */
  @Sql((f) => [f.host])
  taken(host: string): Promise<boolean> {
    return this.domains.existsBy({ host });
  }

  /** Writes a new domain; 409 when its host was added meanwhile. */
  @Sql((f) => [
    f.scope,
    { userId: f.account.id, domain: 'https://written.example', host: 'written.example', redirectRoot: '', redirect404: '' },
  ])
  async add(
    scope: Scope,
    domain: Pick<DomainEntity, 'userId' | 'domain' | 'host' | 'redirectRoot' | 'redirect404'>,
  ): Promise<DomainEntity> {
    let saved: DomainEntity;
    try {
      saved = await scope.save(DomainEntity, scope.create(DomainEntity, domain));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`The domain ${domain.host} has already been added.`);
      throw error;
    }
    await this.events.emit(scope, { kind: 'domain', account: saved.userId, created: true });
    return saved;
  }

  /** Writes a changed domain. */
  @Sql((f) => [f.scope, { id: f.ids.domain, userId: f.account.id, redirectRoot: 'https://example.com/root', redirect404: '' }])
  async save(scope: Scope, domain: Pick<DomainEntity, 'id' | 'userId' | 'redirectRoot' | 'redirect404'>): Promise<void> {
    await scope.update(
      DomainEntity,
      { id: domain.id, userId: domain.userId },
      { redirectRoot: domain.redirectRoot, redirect404: domain.redirect404 },
    );
    await this.events.emit(scope, { kind: 'domain', account: domain.userId });
  }

  /** Deletes the account's domain (its links and pages were moved first). */
  @Sql((f) => [f.scope, f.account, f.spare.domain])
  async delete(scope: Scope, account: Account, id: number): Promise<void> {
    await scope.delete(DomainEntity, { id, userId: account.id });
    await this.events.emit(scope, { kind: 'domain', account: account.id });
  }
}
