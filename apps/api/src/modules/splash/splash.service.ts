import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
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
