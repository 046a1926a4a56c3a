import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { Account } from '../../common/account';
import type { PageRequest } from '../../common/pagination';
import { findOwned, listOwned } from '../../database/owned';
import { Sql, type Scope } from '../../database/sql';
import { WriteEvents } from '../../database/write-events';
import { OverlayEntity } from './overlay.entity';

/** Every statement of the CTA overlays; a write announces that the account's pages changed (a link shows its overlay). */
@Injectable()
export class OverlaysRepository {
  constructor(
    @InjectRepository(OverlayEntity) private readonly overlays: Repository<OverlayEntity>,
    @Inject(WriteEvents) private readonly events: WriteEvents,
  ) {}

  @Sql((f) => [f.account, { offset: 0, limit: 15 }])
  list(account: Account, page: PageRequest): Promise<[OverlayEntity[], number]> {
    return listOwned(this.overlays, account, page);
  }

  /** The account's overlay, or 404. */
  @Sql((f) => [f.account, f.ids.overlay])
  get(account: Account, id: number, scope: Scope = this.overlays.manager): Promise<OverlayEntity> {
    return findOwned(scope.getRepository(OverlayEntity), account, id, 'overlay');
  }

  /** The overlay with this id, of any account (a link's page shows it), or null. */
  @Sql((f) => [f.ids.overlay])
  byId(id: number): Promise<OverlayEntity | null> {
    return this.overlays.findOneBy({ id });
  }

  /** Which of these ids are the account's. */
  @Sql((f) => [f.account, [f.ids.overlay, f.spare.overlay]])
  async idsAmong(account: Account, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const found = await this.overlays.find({ select: { id: true }, where: { userId: account.id, id: In(ids) } });
    return new Set(found.map((row) => row.id));
  }

  /** Writes a new overlay or a changed one. */
  @Sql((f) => [{ userId: f.account.id, type: 'message', name: 'Written', message: 'Hello' }])
  async save(overlay: Partial<OverlayEntity> & Pick<OverlayEntity, 'userId'>): Promise<OverlayEntity> {
    const saved = await this.overlays.save(this.overlays.create(overlay));
    await this.events.emit(this.overlays.manager, { kind: 'page', account: saved.userId });
    return saved;
  }

  /** Deletes the account's overlay (its links were made plain redirects first, in `scope`). */
  @Sql((f) => [f.scope, f.account, f.spare.overlay])
  async delete(scope: Scope, account: Account, id: number): Promise<void> {
    await scope.delete(OverlayEntity, { id, userId: account.id });
    await this.events.emit(scope, { kind: 'page', account: account.id });
  }
}
