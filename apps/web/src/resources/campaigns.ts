import { api, type Schemas } from '../api';
import { PAGE_SIZE, listOf, useChoices, usePage, useRecord, useWrite } from './hooks';

export type Campaign = Schemas['Campaign'];

export const useCampaigns = (page: number) =>
  usePage('campaigns', [page], async () => (await api.GET('/campaigns', { params: { query: { page, limit: PAGE_SIZE } } })).data.data);

export const useCampaign = (id: number) =>
  useRecord('campaigns', id, async () => (await api.GET('/campaign/{id}', { params: { path: { id } } })).data.data);

/** Every campaign of the account: what a link may join. */
export const useCampaignChoices = () => useChoices('campaigns', '/campaigns');

export const useSaveCampaign = () =>
  useWrite('campaigns', async ({ id, name, slug, isPublic }: { id: number | null; name: string; slug: string; isPublic: boolean }) => {
    if (id !== null) await api.PUT('/campaign/{id}/update', { params: { path: { id } }, body: { name, slug, public: isPublic } });
    else await api.POST('/campaign/add', { body: { name, public: isPublic, ...(slug ? { slug } : {}) } });
  });

export const useRemoveCampaign = () =>
  useWrite('campaigns', (id: number) => api.DELETE('/campaign/{id}/delete', { params: { path: { id } } }));

/** The campaigns, as their list page shows them. */
export const campaignList = listOf('campaign', useCampaigns, 'campaigns', 'name', useRemoveCampaign, {
  add: 'addCampaign',
  update: 'updateCampaign',
  remove: 'deleteCampaign',
});
