import { api, type Schemas } from '../api';
import { PAGE_SIZE, listOf, usePage, useRecord, useWrite } from './hooks';

export type BioPageDetails = Schemas['BioPage'];
export type BioPageAdd = Schemas['BioPageAdd'];
export type BioSummary = Schemas['BioSummary'];

export const useBioPages = (page: number) =>
  usePage('bio', [page], async () => (await api.GET('/bio', { params: { query: { page, limit: PAGE_SIZE } } })).data.data);

/** A page's details, read afresh whenever a page shows them (visits land while the dashboard is elsewhere). */
export const useBioPage = (id: number | undefined) =>
  useRecord('bio', id ?? 0, async () => (await api.GET('/bio/{id}', { params: { path: { id: id! } } })).data.details, {
    enabled: id !== undefined,
    staleTime: 0,
  });

/** Creates a page or changes one; answers its id. */
export const useSaveBioPage = () =>
  useWrite('bio', async ({ id, body }: { id: number | null; body: BioPageAdd }) => {
    if (id !== null) {
      await api.PUT('/bio/{id}/update', { params: { path: { id } }, body });
      return id;
    }
    return (await api.POST('/bio/add', { body })).data.id;
  });

export const useRemoveBioPage = () => useWrite('bio', (id: number) => api.DELETE('/bio/{id}/delete', { params: { path: { id } } }));

/** The bio pages, as their list page shows them. */
export const bioList = listOf('bio page', useBioPages, 'bio', 'name', useRemoveBioPage, {
  add: 'addBioPage',
  update: 'updateBioPage',
  remove: 'deleteBioPage',
});
