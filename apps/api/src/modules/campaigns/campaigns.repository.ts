import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Account } from '../../common/account';
import { conflict } from '../../common/api-error';
import type { PageRequest } from '../../common/pagination';
import { isUniqueViolation } from '../../database/errors';
import { deleteOwned, findOwned, listOwned } from '../../database/owned';
import { Sql, type Scope } from '../../database/sql';
import { WriteEvents } from '../../database/write-events';
import { CAMPAIGN_SLUG_KEY, CampaignEntity } from './campaign.entity';

/** Every statement of the campaigns; a write announces the account's campaign changed (its rotator, its list page). */
@Injectable()
export class CampaignsRepository {
  constructor(
    @InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>,
    @Inject(WriteEvents) private readonly events: WriteEvents,
  ) {}

  @Sql((f) => [f.account, { offset: 0, limit: 15 }])
  list(account: Account, page: PageRequest): Promise<[CampaignEntity[], number]> {
    return listOwned(this.campaigns, account, page);
  }

  /** The account's campaign, or 404. */
  @Sql((f) => [f.account, f.ids.campaign])
  get(account: Account, id: number, scope: Scope = this.campaigns.manager): Promise<CampaignEntity> {
    return findOwned(scope.getRepository(CampaignEntity), account, id, 'campaign');
  }

  /** The campaign with this rotator slug, of any account (the rotator's lookup), or null. */
  @Sql(() => ['fixture-slug'])
  bySlug(slug: string): Promise<CampaignEntity | null> {
    return this.campaigns.findOneBy({ slug });
  }

  /** The campaign with this id, of any account (its public list page), or null. */
  @Sql((f) => [f.ids.campaign])
  byId(id: number): Promise<CampaignEntity | null> {
    return this.campaigns.findOneBy({ id });
  }

  /** Writes a new campaign or a changed one; 409 when its slug is taken. */
  @Sql((f) => [f.scope, { userId: f.account.id, name: 'Written', slug: null, public: false }])
  async save(scope: Scope, campaign: Partial<CampaignEntity> & Pick<CampaignEntity, 'userId'>): Promise<CampaignEntity> {
    let saved: CampaignEntity;
    try {
      saved = await scope.save(CampaignEntity, scope.create(CampaignEntity, campaign));
    } catch (error) {
      if (isUniqueViolation(error, CAMPAIGN_SLUG_KEY)) throw conflict(`The slug "${campaign.slug}" is already taken.`);
      throw error;
    }
    // A new campaign, a new slug, a campaign made public: each may answer where nothing did.
    await this.events.emit(scope, { kind: 'campaign', account: saved.userId, created: true });
    return saved;
  }

  /** Its links stay, out of the campaign (the foreign key sets their campaign to null); `then` runs in the same transaction. */
  @Sql((f) => [f.account, f.spare.campaign])
  delete(account: Account, id: number, then?: (scope: Scope) => Promise<void>): Promise<void> {
    return deleteOwned(this.campaigns, account, id, 'campaign', async (scope) => {
      await this.events.emit(scope, { kind: 'campaign', account: account.id });
      await then?.(scope);
    });
  }
}
