import type { Ok } from '../../common/contract';
import { campaignListUrl, rotatorUrl } from '../../common/public-urls';
import type { CampaignEntity } from './campaign.entity';

type CampaignRecord = Ok<'listCampaigns'>['data']['campaigns'][number];

/** `rotator`: the rotator URL, or `false` without a slug. `list`: the public list page. */
function urls(campaign: CampaignEntity, publicUrl: string): { rotator: string | false; list: string } {
  return {
    rotator: campaign.slug ? rotatorUrl(publicUrl, campaign.slug) : false,
    list: campaignListUrl(publicUrl, campaign.id),
  };
}

/** List records carry the name under both `name` and `domain` (the spec shows both keys). */
export function toCampaignRecord(campaign: CampaignEntity, publicUrl: string): CampaignRecord {
  return { id: campaign.id, name: campaign.name, domain: campaign.name, public: campaign.public, ...urls(campaign, publicUrl) };
}

/** The create and update answer: the name under `domain`, as the spec shows. */
export function toCampaignResult(campaign: CampaignEntity, publicUrl: string): Ok<'addCampaign'> {
  return { error: 0, id: campaign.id, domain: campaign.name, public: campaign.public, ...urls(campaign, publicUrl) };
}
