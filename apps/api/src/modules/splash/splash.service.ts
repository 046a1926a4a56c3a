import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import type { PageRequest } from '../../common/pagination';
import type { AddSplashDto, UpdateSplashDto } from './splash.dto';
import type { SplashEntity } from './splash.entity';
import { SplashRepository } from './splash.repository';
import { Transactions } from '../../database/write-events';
import { Dependents } from '../../database/dependents';

@Injectable()
export class SplashService {
  constructor(
    @Inject(SplashRepository) private readonly pages: SplashRepository,
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(Dependents) private readonly dependents: Dependents,
  ) {}

  list(account: Account, page: PageRequest): Promise<[SplashEntity[], number]> {
    return this.pages.list(account, page);
  }

  /** The account's splash page, or 404; inside a transaction when given its manager. */
  get(account: Account, id: number, scope?: EntityManager): Promise<SplashEntity> {
    return this.pages.get(account, id, scope);
  }

  /** Which of these ids are the account's (an import keeps a link's type only where they are). */
  idsAmong(account: Account, ids: number[]): Promise<Set<number>> {
    return this.pages.idsAmong(account, ids);
  }

  add(account: Account, input: AddSplashDto): Promise<SplashEntity> {
    return this.pages.save({ userId: account.id, ...input });
  }

  async update(account: Account, id: number, changes: UpdateSplashDto): Promise<void> {
    const splash = await this.get(account, id);
    await this.pages.save(Object.assign(splash, changes));
  }

  /** Links that showed the page go back to plain redirects, in the same transaction. */
  async delete(account: Account, id: number): Promise<void> {
    const splash = await this.get(account, id);
    await this.transactions.run(async (scope) => {
      await this.dependents.deleting('splash', scope, { account, id: splash.id });
      await this.pages.delete(scope, account, splash.id);
    });
  }
}
