import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { conflict } from '../../common/api-error';
import { findOwned } from '../../database/owned';
import { isUniqueViolation } from '../../database/errors';
import { noteWritten } from '../../database/written';
import { BIO_ALIAS_KEY, BioPageEntity } from './bio.entity';

/**
 * What other modules (channels, domains) may read or change of bio pages, so none of them queries
 * the table itself. It depends on nothing but the table.
 */
@Injectable()
export class BioReferences {
  constructor(@InjectRepository(BioPageEntity) private readonly pages: Repository<BioPageEntity>) {}

  /** The account's bio page, or 404. */
  owned(account: Account, id: number): Promise<BioPageEntity> {
    return findOwned(this.pages, account, id, 'bio page');
  }

  /** Pages by id, with their domains (to build their addresses). */
  withDomains(ids: number[]): Promise<BioPageEntity[]> {
    return ids.length ? this.pages.find({ where: { id: In(ids) }, relations: { domain: true } }) : Promise.resolve([]);
  }

  /** The domain's bio pages move to the service's own address; 409 when one of their aliases is taken there. */
  async moveToDefaultDomain(manager: EntityManager, account: Account, domainId: number, host: string): Promise<void> {
    try {
      await manager.query(`UPDATE bio_pages SET domain_id = NULL, updated_at = now() WHERE domain_id = $1`, [domainId]);
      noteWritten(manager, account.id, 'bio_pages');
    } catch (error) {
      if (isUniqueViolation(error, BIO_ALIAS_KEY)) {
        throw conflict(
          `A bio page of ${host} has an alias already used on the default domain; change that alias or delete the page first.`,
        );
      }
      throw error;
    }
  }
}

@Module({
  imports: [TypeOrmModule.forFeature([BioPageEntity])],
  providers: [BioReferences],
  exports: [BioReferences],
})
export class BioReferencesModule {}
