import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import type { PageRequest } from '../../common/pagination';
import type { CampaignEntity } from './campaign.entity';
import { CampaignsRepository } from './campaigns.repository';
import { Transactions } from '../../database/write-events';
import type { AddCampaignDto, UpdateCampaignDto } from './campaigns.dto';
import { toCampaignRecord } from './campaigns.mapper';
import { WebhookEvents } from '../webhooks/webhook-events.repository';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';

export const DEFAULT_CAMPAIGN_NAME = 'Untitled campaign';

@Injectable()
export class CampaignsService {
  constructor(
    @Inject(CampaignsRepository) private readonly campaigns: CampaignsRepository,
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(WebhookEvents) private readonly events: WebhookEvents,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  list(account: Account, page: PageRequest): Promise<[CampaignEntity[], number]> {
    return this.campaigns.list(account, page);
  }

  /** The account's campaign, or 404; inside a transaction when given its manager. */
  get(account: Account, id: number, scope?: EntityManager): Promise<CampaignEntity> {
    return this.campaigns.get(account, id, scope);
  }

  add(account: Account, input: AddCampaignDto): Promise<CampaignEntity> {
    return this.save('campaign.created', {
      userId: account.id,
      name: input.name ?? DEFAULT_CAMPAIGN_NAME,
      slug: input.slug ?? null,
      public: input.public ?? false,
    });
  }

  async update(account: Account, id: number, changes: UpdateCampaignDto): Promise<CampaignEntity> {
    const campaign = await this.get(account, id);
    campaign.name = changes.name;
    if (changes.slug !== undefined) campaign.slug = changes.slug === '' ? null : changes.slug;
    if (changes.public !== undefined) campaign.public = changes.public;
    return this.save('campaign.updated', campaign);
  }

  /** Its links stay, unassigned (the foreign key sets their campaign to null). */
  delete(account: Account, id: number): Promise<void> {
    return this.campaigns.delete(account, id, (scope) => this.events.record(scope, account.id, 'campaign.deleted', [{ id }]));
  }

  /** Saves the campaign and records its event, in one transaction. */
  private save(
    type: 'campaign.created' | 'campaign.updated',
    campaign: Partial<CampaignEntity> & Pick<CampaignEntity, 'userId'>,
  ): Promise<CampaignEntity> {
    return this.transactions.run(async (scope) => {
      const saved = await this.campaigns.save(scope, campaign);
      await this.events.record(scope, saved.userId, type, [toCampaignRecord(saved, this.config.publicUrl)]);
      return saved;
    });
  }
}
