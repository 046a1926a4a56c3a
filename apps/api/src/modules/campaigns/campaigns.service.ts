import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { conflict } from '../../common/api-error';
import { deleteOwned, findOwned, listOwned } from '../../database/owned';
import type { PageRequest } from '../../common/pagination';
import { isUniqueViolation } from '../../database/errors';
import { LinkReferences } from '../links/link-references';
import { CAMPAIGN_SLUG_KEY, CampaignEntity } from './campaign.entity';
import type { AddCampaignDto, UpdateCampaignDto } from './campaigns.dto';
import { toCampaignRecord } from './campaigns.mapper';
import { WebhookEvents } from '../webhooks/webhook-events.repository';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';

export const DEFAULT_CAMPAIGN_NAME = 'Untitled campaign';

@Injectable()
export class CampaignsService {
  constructor(
    @InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>,
    @Inject(LinkReferences) private readonly links: LinkReferences,
    @Inject(WebhookEvents) private readonly events: WebhookEvents,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  list(account: Account, page: PageRequest): Promise<[CampaignEntity[], number]> {
    return listOwned(this.campaigns, account, page);
  }

  /** The account's campaign, or 404; inside a transaction when given its manager. */
  get(account: Account, id: number, manager: EntityManager = this.campaigns.manager): Promise<CampaignEntity> {
    return findOwned(manager.getRepository(CampaignEntity), account, id, 'campaign');
  }

  add(account: Account, input: AddCampaignDto): Promise<CampaignEntity> {
    return this.save(
      'campaign.created',
      this.campaigns.create({
        userId: account.id,
        name: input.name ?? DEFAULT_CAMPAIGN_NAME,
        slug: input.slug ?? null,
        public: input.public ?? false,
      }),
    );
  }

  async update(account: Account, id: number, changes: UpdateCampaignDto): Promise<CampaignEntity> {
    const campaign = await this.get(account, id);
    campaign.name = changes.name;
    if (changes.slug !== undefined) campaign.slug = changes.slug === '' ? null : changes.slug;
    if (changes.public !== undefined) campaign.public = changes.public;
    return this.save('campaign.updated', campaign);
  }

  /** A link is in at most one campaign: assigning moves it; assigning it again changes nothing. */
  async assign(account: Account, campaignId: number, linkId: number): Promise<void> {
    const campaign = await this.get(account, campaignId);
    const link = await this.links.owned(account, linkId);
    await this.links.moveToCampaign(link.id, campaign.id);
  }

  /** Its links stay, unassigned (the foreign key sets their campaign to null). */
  delete(account: Account, id: number): Promise<void> {
    return deleteOwned(this.campaigns, account, id, 'campaign', (manager) =>
      this.events.record(manager, account.id, 'campaign.deleted', [{ id }]),
    );
  }

  /** Saves the campaign and records its event, in one transaction. */
  private async save(type: 'campaign.created' | 'campaign.updated', campaign: CampaignEntity): Promise<CampaignEntity> {
    try {
      return await this.campaigns.manager.transaction(async (manager) => {
        const saved = await manager.save(CampaignEntity, campaign);
        await this.events.record(manager, saved.userId, type, [toCampaignRecord(saved, this.config.publicUrl)]);
        return saved;
      });
    } catch (error) {
      if (isUniqueViolation(error, CAMPAIGN_SLUG_KEY)) throw conflict(`The slug "${campaign.slug}" is already taken.`);
      throw error;
    }
  }
}
