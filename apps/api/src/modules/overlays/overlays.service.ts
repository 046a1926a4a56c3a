import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Account } from '../../common/account';
import { badRequest } from '../../common/api-error';
import { findOwned, listOwned } from '../../common/owned';
import type { PageRequest } from '../../common/pagination';
import { LinkEntity } from '../links/link.entity';
import { OverlayEntity } from './overlay.entity';
import type { AddOverlayDto, UpdateOverlayDto } from './overlays.dto';

@Injectable()
export class OverlaysService {
  constructor(@InjectRepository(OverlayEntity) private readonly overlays: Repository<OverlayEntity>) {}

  list(account: Account, page: PageRequest): Promise<[OverlayEntity[], number]> {
    return listOwned(this.overlays, account, page);
  }

  get(account: Account, id: number): Promise<OverlayEntity> {
    return findOwned(this.overlays, account, id, 'overlay');
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
      await manager.update(LinkEntity, { overlayId: overlay.id, userId: account.id }, { type: 'direct', overlayId: null });
      await manager.delete(OverlayEntity, { id: overlay.id });
    });
  }
}

function assertComplete(overlay: OverlayEntity): void {
  if (overlay.type === 'contact' && !overlay.email) {
    throw badRequest('Invalid field "email": a contact overlay needs the e-mail address it shows.');
  }
}
