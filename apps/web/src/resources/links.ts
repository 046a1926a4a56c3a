import type { paths } from '@linkyard/client';
import { api, type Schemas } from '../api';
import { PAGE_SIZE, usePage, useRecord, useWrite } from './hooks';

export type LinkDetails = Schemas['LinkDetails'];
export type LinkUpdate = Schemas['LinkUpdate'];
export type Order = 'date' | 'clicks';
/** What GET /urls takes: the page, the order, the search and the filters. */
type ListQuery = NonNullable<paths['/urls']['get']['parameters']['query']>;
export type Series = Schemas['ClickSeries'];

/** A page of the account's links, searched, filtered and sorted by the service (a campaign's, those carrying every tag given). */
export const useLinks = (query: Omit<ListQuery, 'page'> & { page: number }) =>
  usePage(
    'links',
    [query],
    async () =>
      (
        await api.GET('/urls', {
          params: {
            query: { ...query, q: query.q || undefined, order: query.order ?? 'date', limit: query.limit ?? PAGE_SIZE },
          },
        })
      ).data.data,
  );

export const useLink = (id: number | undefined) =>
  useRecord('links', id ?? 0, async () => (await api.GET('/url/{id}', { params: { path: { id: id! } } })).data, {
    enabled: id !== undefined,
  });

/** Creates a link or changes one; answers its id. */
export const useSaveLink = () =>
  useWrite('links', async ({ id, body }: { id: number | null; body: LinkUpdate & { url: string } }) => {
    if (id !== null) {
      await api.PUT('/url/{id}/update', { params: { path: { id } }, body });
      return id;
    }
    return (await api.POST('/url/add', { body })).data.id;
  });

/** Deletes links one after the other; says which failed. */
export const useRemoveLinks = () =>
  useWrite('links', async (ids: number[]) => {
    const failures: string[] = [];
    for (const id of ids) {
      try {
        await api.DELETE('/url/{id}/delete', { params: { path: { id } } });
      } catch (error) {
        failures.push(`link ${id}: ${(error as Error).message}`);
      }
    }
    if (failures.length) throw new Error(`${ids.length - failures.length} of ${ids.length} deleted. ${failures.join(' ')}`);
    return ids.length;
  });

export type LinkFilter = Schemas['LinkFilter'];
export type LinkBulkChanges = Schemas['LinkBulkChanges'];
/** Why each link of a refused bulk edit could not take its changes. */
export type EditRefusals = Schemas['LinkBulkEditRefused']['data'];

/** The same changes to many links, all or nothing (PUT /urls/update): by ids, or every link a filter keeps. Answers how many changed. */
export const useEditLinks = () =>
  useWrite(
    'links',
    async ({ selection, changes }: { selection: { ids: number[] } | { filter: LinkFilter }; changes: LinkBulkChanges }) =>
      (await api.PUT('/urls/update', { body: { ...selection, changes } })).data.data.updated,
  );
