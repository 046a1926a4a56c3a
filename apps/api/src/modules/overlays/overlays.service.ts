import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { badRequest } from '../../common/api-error';
import type { PageRequest } from '../../common/pagination';
import type { OverlayEntity } from './overlay.entity';
import { OverlaysRepository } from './overlays.repository';
import { Transactions } from '../../database/write-events';
import type { AddOverlayDto, UpdateOverlayDto } from './overlays.dto';
import { Dependents } from '../../database/dependents';

@Injectable()
export class OverlaysService {
  constructor(
    @Inject(OverlaysRepository) private readonly overlays: OverlaysRepository,
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(Dependents) private readonly dependents: Dependents,
  ) {}

  list(account: Account, page: PageRequest): Promise<[OverlayEntity[], number]> {
    return this.overlays.list(account, page);
  }

  /** The account's overlay, or 404; inside a transaction when given its manager. */
  get(account: Account, id: number, scope?: EntityManager): Promise<OverlayEntity> {
    return this.overlays.get(account, id, scope);
  }

  /** Which of these ids are the account's (an import keeps a link's type only where they are). */
  idsAmong(account: Account, ids: number[]): Promise<Set<number>> {
    return this.overlays.idsAmong(account, ids);
  }

  async add(account: Account, input: AddOverlayDto): Promise<OverlayEntity> {
    const overlay = { userId: account.id, ...input };
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
    await this.transactions.run(async (scope) => {
      await this.dependents.deleting('overlay', scope, { account, id: overlay.id });
      await this.overlays.delete(scope, account, overlay.id);
    });
  }
}

function assertComplete(overlay: Pick<OverlayEntity, 'type'> & { email?: string }): void {
  if (overlay.type === 'contact' && !overlay.email) {
    throw badRequest('Invalid field "email": a contact overlay needs the e-mail address it shows.');
  }
}
