import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { conflict } from '../../common/api-error';
import { findOwned } from '../../database/owned';
import { isUniqueViolation } from '../../database/errors';
import { LINK_ALIAS_KEY, LinkEntity } from './link.entity';

/**
 * What other modules may read or change of links: their own queries on the links table live here,
 * so campaigns, channels, domains, overlays and splash pages never touch a link entity themselves.
 * It depends on nothing but the table, so the modules the links module builds on can use it.
 */
@Injectable()
export class LinkReferences {
  constructor(@InjectRepository(LinkEntity) private readonly links: Repository<LinkEntity>) {}

  /** The account's link, or 404. */
  owned(account: Account, id: number): Promise<LinkEntity> {
    return findOwned(this.links, account, id, 'link');
  }

  /** Links by id, with their domains (to build their short URLs). */
  withDomains(ids: number[]): Promise<LinkEntity[]> {
    return ids.length ? this.links.find({ where: { id: In(ids) }, relations: { domain: true } }) : Promise.resolve([]);
  }

  async moveToCampaign(linkId: number, campaignId: number): Promise<void> {
    await this.links.update({ id: linkId }, { campaignId });
  }

  /** The links that showed this overlay become plain redirects. */
  async dropOverlay(manager: EntityManager, account: Account, overlayId: number): Promise<void> {
    await manager.update(LinkEntity, { overlayId, userId: account.id }, { type: 'direct', overlayId: null });
  }

  /** The links that showed this splash page become plain redirects. */
  async dropSplash(manager: EntityManager, account: Account, splashId: number): Promise<void> {
    await manager.update(LinkEntity, { splashId, userId: account.id }, { type: 'direct', splashId: null });
  }

  /** The domain's links move to the service's own address; 409 when one of their aliases is taken there. */
  /** Moves the domain's links to the service's own address; answers them as they now are. */
  async moveToDefaultDomain(manager: EntityManager, domainId: number, host: string): Promise<LinkEntity[]> {
    try {
      const links = await manager.find(LinkEntity, { where: { domainId }, order: { id: 'ASC' } });
      if (links.length > 0) await manager.update(LinkEntity, { domainId }, { domainId: null });
      return links.map((link) => Object.assign(link, { domainId: null, domain: null }));
    } catch (error) {
      if (isUniqueViolation(error, LINK_ALIAS_KEY)) {
        throw conflict(`A link of ${host} has an alias already used on the default domain; change that alias or delete the link first.`);
      }
      throw error;
    }
  }
}

@Module({
  imports: [TypeOrmModule.forFeature([LinkEntity])],
  providers: [LinkReferences],
  exports: [LinkReferences],
})
export class LinkReferencesModule {}
