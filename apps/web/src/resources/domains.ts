import { api, type Schemas } from '../api';
import { PAGE_SIZE, listOf, useChoices, usePage, useRecord, useWrite } from './hooks';

export type Domain = Schemas['Domain'];

export const useDomains = (page: number) =>
  usePage('domains', [page], async () => (await api.GET('/domains', { params: { query: { page, limit: PAGE_SIZE } } })).data.data);

/** One branded domain, as its page shows it. */
export const useDomain = (id: number) =>
  useRecord('domains', id, async () => (await api.GET('/domain/{id}', { params: { path: { id } } })).data.data);

/** Every branded domain of the account: where a link or bio page may live. */
export const useDomainChoices = () => useChoices('domains', '/domains');

/** The DNS records that prove a domain is the account's (and whether this service asks for them). */
export const useDomainProof = (domain: string) =>
  useRecord('domains', `proof:${domain}`, async () => (await api.GET('/domain/verification', { params: { query: { domain } } })).data, {
    enabled: domain !== '',
    retry: false,
  });

export const useAddDomain = () =>
  useWrite('domains', (body: { domain: string; redirectroot: string; redirect404: string }) => api.POST('/domain/add', { body }));

export const useSaveRedirects = () =>
  useWrite('domains', ({ id, ...body }: { id: number; redirectroot: string; redirect404: string }) =>
    api.PUT('/domain/{id}/update', { params: { path: { id } }, body }),
  );

export const useRemoveDomain = () => useWrite('domains', (id: number) => api.DELETE('/domain/{id}/delete', { params: { path: { id } } }));

/** The branded domains, as their list page shows them. */
export const domainList = listOf('branded domain', useDomains, 'domains', 'domain', useRemoveDomain, {
  add: 'addDomain',
  update: 'updateDomain',
  remove: 'deleteDomain',
});
