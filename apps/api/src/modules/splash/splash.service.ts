import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { findOwned, listOwned } from '../../common/owned';
import type { PageRequest } from '../../common/pagination';
import { LinkReferences } from '../links/link-references';
import type { AddSplashDto, UpdateSplashDto } from './splash.dto';
import { SplashEntity } from './splash.entity';

@Injectable()
export class SplashService {
  constructor(
    @InjectRepository(SplashEntity) private readonly pages: Repository<SplashEntity>,
    @Inject(LinkReferences) private readonly links: LinkReferences,
  ) {}

  list(account: Account, page: PageRequest): Promise<[SplashEntity[], number]> {
    return listOwned(this.pages, account, page);
  }

  /** The account's splash page, or 404; inside a transaction when given its manager. */
  get(account: Account, id: number, manager: EntityManager = this.pages.manager): Promise<SplashEntity> {
    return findOwned(manager.getRepository(SplashEntity), account, id, 'splash page');
  }

  /** Which of these ids are the account's (an import keeps a link's type only where they are). */
  async idsAmong(account: Account, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const found = await this.pages.find({ select: { id: true }, where: { userId: account.id, id: In(ids) } });
    return new Set(found.map((row) => row.id));
  }

  add(account: Account, input: AddSplashDto): Promise<SplashEntity> {
    return this.pages.save(this.pages.create({ userId: account.id, ...input }));
  }

  async update(account: Account, id: number, changes: UpdateSplashDto): Promise<void> {
    const splash = await this.get(account, id);
    await this.pages.save(Object.assign(splash, changes));
  }

  /** Links that showed the page go back to plain redirects, in the same transaction. */
  async delete(account: Account, id: number): Promise<void> {
    const splash = await this.get(account, id);
    await this.pages.manager.transaction(async (manager) => {
      await this.links.dropSplash(manager, account, splash.id);
      await manager.delete(SplashEntity, { id: splash.id });
    });
  }
}
