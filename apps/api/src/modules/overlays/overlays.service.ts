import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { badRequest } from '../../common/api-error';
import { findOwned, listOwned } from '../../common/owned';
import type { PageRequest } from '../../common/pagination';
import { LinkReferences } from '../links/link-references';
import { OverlayEntity } from './overlay.entity';
import type { AddOverlayDto, UpdateOverlayDto } from './overlays.dto';

@Injectable()
export class OverlaysService {
  constructor(
    @InjectRepository(OverlayEntity) private readonly overlays: Repository<OverlayEntity>,
    @Inject(LinkReferences) private readonly links: LinkReferences,
  ) {}

  list(account: Account, page: PageRequest): Promise<[OverlayEntity[], number]> {
    return listOwned(this.overlays, account, page);
  }

  /** The account's overlay, or 404; inside a transaction when given its manager. */
  get(account: Account, id: number, manager: EntityManager = this.overlays.manager): Promise<OverlayEntity> {
    return findOwned(manager.getRepository(OverlayEntity), account, id, 'overlay');
  }

  /** Which of these ids are the account's (an import keeps a link's type only where they are). */
  async idsAmong(account: Account, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const found = await this.overlays.find({ select: { id: true }, where: { userId: account.id, id: In(ids) } });
    return new Set(found.map((row) => row.id));
  }

  async add(account: Account, input: AddOverlayDto): Promise<OverlayEntity> {
    const overlay = this.overlays.create({ userId: account.id, ...input });
    assertComplete(overlay);
    return this.overlays.save(overlay);
  }

  async update(account: Account, id: number, changes: UpdateOverlayDto): Promise<void> {
    const overlay = await this.get(account, id);
    if (changes.type !== undefined && changes.type !== overlay.type) {
      throw badRequest(`Invalid field "type": an overlay cannot change its type (this one is "${overlay.type}").`);
    }
    Object.assign(overlay, changes);
    assertComplete(overlay);
    await this.overlays.save(overlay);
  }

  /** Links that showed the overlay go back to plain redirects, in the same transaction. */
  async delete(account: Account, id: number): Promise<void> {
    const overlay = await this.get(account, id);
    await this.overlays.manager.transaction(async (manager) => {
      await this.links.dropOverlay(manager, account, overlay.id);
      await manager.delete(OverlayEntity, { id: overlay.id });
    });
  }
}

function assertComplete(overlay: OverlayEntity): void {
  if (overlay.type === 'contact' && !overlay.email) {
    throw badRequest('Invalid field "email": a contact overlay needs the e-mail address it shows.');
  }
}
