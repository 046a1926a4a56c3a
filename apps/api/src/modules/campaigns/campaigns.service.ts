import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Account } from '../../common/account';
import { conflict } from '../../common/api-error';
import { deleteOwned, findOwned, listOwned } from '../../common/owned';
import type { PageRequest } from '../../common/pagination';
import { isUniqueViolation } from '../../database/errors';
import { LinkEntity } from '../links/link.entity';
import { CampaignEntity } from './campaign.entity';
import type { AddCampaignDto, UpdateCampaignDto } from './campaigns.dto';

export const DEFAULT_CAMPAIGN_NAME = 'Untitled campaign';

@Injectable()
export class CampaignsService {
  constructor(
    @InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>,
    @InjectRepository(LinkEntity) private readonly links: Repository<LinkEntity>,
  ) {}

  list(account: Account, page: PageRequest): Promise<[CampaignEntity[], number]> {
    return listOwned(this.campaigns, account, page);
  }

  get(account: Account, id: number): Promise<CampaignEntity> {
    return findOwned(this.campaigns, account, id, 'campaign');
  }

  add(account: Account, input: AddCampaignDto): Promise<CampaignEntity> {
    return this.save(
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
    return this.save(campaign);
  }

  /** A link is in at most one campaign: assigning moves it; assigning it again changes nothing. */
  async assign(account: Account, campaignId: number, linkId: number): Promise<void> {
    const campaign = await this.get(account, campaignId);
    const link = await findOwned(this.links, account, linkId, 'link');
    await this.links.update({ id: link.id }, { campaignId: campaign.id });
  }

  /** Its links stay, unassigned (the foreign key sets their campaign to null). */
  delete(account: Account, id: number): Promise<void> {
    return deleteOwned(this.campaigns, account, id, 'campaign');
  }

  private async save(campaign: CampaignEntity): Promise<CampaignEntity> {
    try {
      return await this.campaigns.save(campaign);
    } catch (error) {
      if (isUniqueViolation(error, 'campaigns_slug_key')) throw conflict(`The slug "${campaign.slug}" is already taken.`);
      throw error;
    }
  }
}
