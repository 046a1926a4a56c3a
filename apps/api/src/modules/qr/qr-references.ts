import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { Account } from '../../common/account';
import { findOwned } from '../../database/owned';
import { QrEntity } from './qr.entity';

/** What other modules (channels) may read of QR codes, so none of them queries the table itself. */
@Injectable()
export class QrReferences {
  constructor(@InjectRepository(QrEntity) private readonly qrs: Repository<QrEntity>) {}

  /** The account's QR code, or 404. */
  owned(account: Account, id: number): Promise<QrEntity> {
    return findOwned(this.qrs, account, id, 'QR code');
  }

  byIds(ids: number[]): Promise<QrEntity[]> {
    return ids.length ? this.qrs.findBy({ id: In(ids) }) : Promise.resolve([]);
  }
}

@Module({
  imports: [TypeOrmModule.forFeature([QrEntity])],
  providers: [QrReferences],
  exports: [QrReferences],
})
export class QrReferencesModule {}
