import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Account } from '../../common/account';
import { findOwned, listOwned } from '../../common/owned';
import type { PageRequest } from '../../common/pagination';
import { LinkEntity } from '../links/link.entity';
import type { AddSplashDto, UpdateSplashDto } from './splash.dto';
import { SplashEntity } from './splash.entity';

@Injectable()
export class SplashService {
  constructor(@InjectRepository(SplashEntity) private readonly pages: Repository<SplashEntity>) {}

  list(account: Account, page: PageRequest): Promise<[SplashEntity[], number]> {
    return listOwned(this.pages, account, page);
  }

  get(account: Account, id: number): Promise<SplashEntity> {
    return findOwned(this.pages, account, id, 'splash page');
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
      await manager.update(LinkEntity, { splashId: splash.id, userId: account.id }, { type: 'direct', splashId: null });
      await manager.delete(SplashEntity, { id: splash.id });
    });
  }
}
