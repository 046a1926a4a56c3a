import type { Account } from '../../common/account';
import { ApiError } from '../../common/api-error';
import type { Config } from '../../config/config';
import type { Scope } from '../../database/sql';
import type { Transactions } from '../../database/write-events';
import type { WebhookEvents } from '../webhooks/webhook-events.repository';
import type { CampaignEntity } from './campaign.entity';
import type { CampaignsRepository } from './campaigns.repository';
import { CampaignsService, DEFAULT_CAMPAIGN_NAME } from './campaigns.service';
import { accountFor } from '../../../test/support/accounts';

/**
 * The campaigns' rules, against in-memory stand-ins of the repositories they use (their statements
 * run on a real database in test/repositories.e2e-spec.ts, the whole path in
 * test/campaigns.e2e-spec.ts): the defaults, the slug and its rotator, a link moved in, the
 * webhooks told of each change.
 */

const ada = accountFor(1);
const bob = accountFor(2);

function service() {
  const rows: CampaignEntity[] = [];
  let next = 1;
  const campaigns = {
    get: (account: Account, id: number) => {
      const row = rows.find((candidate) => candidate.id === id && candidate.userId === account.id);
      return row ? Promise.resolve(row) : Promise.reject(new ApiError(404, `No campaign with id ${id}.`));
    },
    save: (_scope: Scope, campaign: Partial<CampaignEntity>) => {
      if (campaign.slug && rows.some((row) => row.slug === campaign.slug && row.id !== campaign.id)) {
        return Promise.reject(new ApiError(409, `The slug "${campaign.slug}" is already taken.`));
      }
      const row = rows.find((candidate) => candidate.id === campaign.id) ?? ({ id: next++, createdAt: new Date(0) } as CampaignEntity);
      if (!rows.includes(row)) rows.push(row);
      return Promise.resolve(Object.assign(row, campaign));
    },
    delete: async (account: Account, id: number, then?: (scope: Scope) => Promise<void>) => {
      const index = rows.findIndex((row) => row.id === id && row.userId === account.id);
      if (index < 0) throw new ApiError(404, `No campaign with id ${id}.`);
      rows.splice(index, 1);
      await then?.({} as Scope);
    },
  };
  const recorded: { type: string; payloads: unknown[] }[] = [];
  const events = {
    record: (_scope: Scope, _user: number, type: string, payloads: unknown[]) => Promise.resolve(void recorded.push({ type, payloads })),
  };
  const campaignsService = new CampaignsService(
    campaigns as unknown as CampaignsRepository,
    { run: <T>(work: (scope: Scope) => Promise<T>) => work({} as Scope) } as unknown as Transactions,
    events as unknown as WebhookEvents,
    { publicUrl: 'https://lnk.example' } as Config,
  );
  return { campaignsService, rows, recorded };
}

describe('CampaignsService', () => {
  it('names a campaign made without a name, keeps it private, and tells the webhooks with its rotator', async () => {
    const { campaignsService, recorded } = service();
    const made = await campaignsService.add(ada, { slug: 'autumn' });
    expect(made).toMatchObject({ name: DEFAULT_CAMPAIGN_NAME, public: false, slug: 'autumn', userId: ada.id });
    expect(recorded).toEqual([
      {
        type: 'campaign.created',
        payloads: [expect.objectContaining({ name: DEFAULT_CAMPAIGN_NAME, rotator: 'https://lnk.example/r/autumn' })],
      },
    ]);
  });

  it('takes the rotator away with an empty slug, and refuses a slug another campaign has', async () => {
    const { campaignsService, recorded } = service();
    const autumn = await campaignsService.add(ada, { name: 'Autumn', slug: 'autumn' });
    await campaignsService.add(bob, { name: 'Spring', slug: 'spring' });
    await expect(campaignsService.update(ada, autumn.id, { name: 'Autumn', slug: 'spring' })).rejects.toMatchObject({ status: 409 });
    const changed = await campaignsService.update(ada, autumn.id, { name: 'Autumn sale', slug: '' });
    expect(changed).toMatchObject({ name: 'Autumn sale', slug: null });
    expect(recorded.at(-1)).toEqual({ type: 'campaign.updated', payloads: [expect.objectContaining({ rotator: false })] });
  });

  it("tells the webhooks of a deletion in its own transaction, and of nothing when the campaign is not the account's", async () => {
    const { campaignsService, recorded, rows } = service();
    const autumn = await campaignsService.add(ada, { name: 'Autumn' });
    await expect(campaignsService.delete(bob, autumn.id)).rejects.toMatchObject({ status: 404 });
    await campaignsService.delete(ada, autumn.id);
    expect(rows).toEqual([]);
    expect(recorded.map((event) => event.type)).toEqual(['campaign.created', 'campaign.deleted']);
  });
});
