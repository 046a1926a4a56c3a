import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { Account } from '../../common/account';
import type { PageRequest } from '../../common/pagination';
import { findOwned, listOwned } from '../../database/owned';
import { Sql, type Scope } from '../../database/sql';
import { WriteEvents } from '../../database/write-events';
import { SplashEntity } from './splash.entity';

/** Every statement of the splash pages; a write announces that the account's pages changed (a link shows its splash page). */
@Injectable()
export class SplashRepository {
  constructor(
    @InjectRepository(SplashEntity) private readonly pages: Repository<SplashEntity>,
    @Inject(WriteEvents) private readonly events: WriteEvents,
  ) {}

  @Sql((f) => [f.account, { offset: 0, limit: 15 }])
  list(account: Account, page: PageRequest): Promise<[SplashEntity[], number]> {
    return listOwned(this.pages, account, page);
  }

  /** The account's splash page, or 404. */
  @Sql((f) => [f.account, f.ids.splash])
  get(account: Account, id: number, scope: Scope = this.pages.manager): Promise<SplashEntity> {
    return findOwned(scope.getRepository(SplashEntity), account, id, 'splash page');
  }

  /** The splash page with this id, of any account (a link's page shows it), or null. */
  @Sql((f) => [f.ids.splash])
  byId(id: number): Promise<SplashEntity | null> {
    return this.pages.findOneBy({ id });
  }

  /** Which of these ids are the account's. */
  @Sql((f) => [f.account, [f.ids.splash, f.spare.splash]])
  async idsAmong(account: Account, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const found = await this.pages.find({ select: { id: true }, where: { userId: account.id, id: In(ids) } });
    return new Set(found.map((row) => row.id));
  }

  /** Writes a new splash page or a changed one. */
  @Sql((f) => [{ userId: f.account.id, name: 'Written', title: 'Written', text: '', image: '', delay: 5 }])
  async save(page: Partial<SplashEntity> & Pick<SplashEntity, 'userId'>): Promise<SplashEntity> {
    const saved = await this.pages.save(this.pages.create(page));
    await this.events.emit(this.pages.manager, { kind: 'page', account: saved.userId });
    return saved;
  }

  /** Deletes the account's splash page (its links were made plain redirects first, in `scope`). */
  @Sql((f) => [f.scope, f.account, f.spare.splash])
  async delete(scope: Scope, account: Account, id: number): Promise<void> {
    await scope.delete(SplashEntity, { id, userId: account.id });
    await this.events.emit(scope, { kind: 'page', account: account.id });
  }
}
