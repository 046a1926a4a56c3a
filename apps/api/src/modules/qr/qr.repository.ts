import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { Account } from '../../common/account';
import type { PageRequest } from '../../common/pagination';
import { isUniqueViolation } from '../../database/errors';
import { deleteOwned, findOwned, listOwned } from '../../database/owned';
import { Sql } from '../../database/sql';
import { WriteEvents } from '../../database/write-events';
import { QR_ALIAS_KEY, QrEntity } from './qr.entity';

/** Every statement of the QR codes; a write announces the account's QR code changed (its image, where a scan goes). */
@Injectable()
export class QrRepository {
  constructor(
    @InjectRepository(QrEntity) private readonly qrs: Repository<QrEntity>,
    @Inject(WriteEvents) private readonly events: WriteEvents,
  ) {}

  @Sql((f) => [f.account, { offset: 0, limit: 15 }])
  list(account: Account, page: PageRequest): Promise<[QrEntity[], number]> {
    return listOwned(this.qrs, account, page);
  }

  /** The account's QR code, or 404. */
  @Sql((f) => [f.account, f.ids.qr])
  get(account: Account, id: number): Promise<QrEntity> {
    return findOwned(this.qrs, account, id, 'QR code');
  }

  /** QR codes by id (a channel's items). */
  @Sql((f) => [[f.ids.qr, f.spare.qr]])
  byIds(ids: number[]): Promise<QrEntity[]> {
    return ids.length ? this.qrs.findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  /** The QR code of this public alias, with what drawing and scanning it need (its logo's bytes too), or null. */
  @Sql(() => ['fixture'])
  byAlias(alias: string): Promise<QrEntity | null> {
    return this.qrs.findOne({
      where: { alias },
      select: {
        id: true,
        userId: true,
        alias: true,
        type: true,
        data: true,
        background: true,
        foreground: true,
        logoUrl: true,
        logo: true,
        logoType: true,
      },
    });
  }

  /**
   * Writes a new QR code under a fresh alias (`alias()` is asked again when one is taken, up to five
   * times) or a changed one.
   */
  @Sql((f) => [{ userId: f.account.id, type: 'text', name: 'Written', data: 'Hello', logo: null, logoType: null }, () => 'writtenqr'])
  async save(qr: Partial<QrEntity> & Pick<QrEntity, 'userId'>, alias?: () => string): Promise<QrEntity> {
    const created = qr.id === undefined;
    for (let attempt = 0; ; attempt += 1) {
      if (created && alias) qr.alias = alias();
      try {
        const saved = await this.qrs.save(this.qrs.create(qr));
        await this.events.emit(this.qrs.manager, { kind: 'qr', account: saved.userId, created });
        return saved;
      } catch (error) {
        if (!created || !alias || !isUniqueViolation(error, QR_ALIAS_KEY) || attempt >= 4) throw error;
      }
    }
  }

  /** Its channel memberships go with it (they cascade). */
  @Sql((f) => [f.account, f.spare.qr])
  delete(account: Account, id: number): Promise<void> {
    return deleteOwned(this.qrs, account, id, 'QR code', (scope) => this.events.emit(scope, { kind: 'qr', account: account.id }));
  }
}
